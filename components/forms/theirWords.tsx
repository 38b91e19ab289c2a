// Deep imports: the @rjsf/core index also pulls in @rjsf/validator-ajv8 (eval-based, forbidden by MV3 CSP).
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import CheckboxesWidget from '@rjsf/core/lib/components/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import type { DescriptionFieldProps, TemplatesType, TitleFieldProps, WidgetProps } from '@rjsf/utils';
import type { ComponentChildren } from 'preact';

/**
 * What a form shows of its schema's own words (titles, descriptions, the labels of choices):
 * the server's, never translated, each isolated in its own direction and marked as the server's
 * (docs/i18n.md), so a right-to-left title or one with U+202E in it cannot reorder the form around
 * it, and the pseudo-locale's check tells them from rjsf's words, which come from the catalog.
 */
const Theirs = ({ children }: { children: ComponentChildren }) => (
  <bdi dir="auto" data-from="server">
    {children}
  </bdi>
);

/** A title rjsf renders as text, as the server's words instead: rjsf types it a string and renders whatever it is given. */
export const theirLabel = (label: string): string => (label ? ((<Theirs>{label}</Theirs>) as unknown as string) : label);

/** A field's description. */
function TheirDescription(props: DescriptionFieldProps) {
  return (
    <div dir="auto" data-from="server">
      <DescriptionField {...props} />
    </div>
  );
}

/** The title of a group of fields (an object or a list in a tool's arguments). */
const TheirTitle = (props: TitleFieldProps) => <TitleField {...props} title={theirLabel(props.title)} />;

export const theirTemplates: Partial<TemplatesType> = { DescriptionFieldTemplate: TheirDescription, TitleFieldTemplate: TheirTitle };

/** A checkbox: its label beside it is the field's title. */
const TheirCheckbox = (props: WidgetProps) => <CheckboxWidget {...props} label={theirLabel(props.label)} />;

/** A list of choices: the options of a `<select>` can only be text, so the whole list is marked as the server's. */
function TheirSelect(props: WidgetProps) {
  return (
    <div data-from="server" style={{ display: 'contents' }}>
      <SelectWidget {...props} />
    </div>
  );
}

/** rjsf's checkbox group, as a group named by the field's title (its label points at no input), each choice the server's words. */
function CheckboxGroupWidget(props: WidgetProps) {
  const enumOptions = props.options.enumOptions?.map((option) => ({ ...option, label: theirLabel(option.label) }));
  return (
    <div role="group" aria-label={props.label || undefined}>
      <CheckboxesWidget {...props} options={{ ...props.options, enumOptions }} />
    </div>
  );
}

export const theirWidgets = { CheckboxWidget: TheirCheckbox, CheckboxesWidget: CheckboxGroupWidget, SelectWidget: TheirSelect };
