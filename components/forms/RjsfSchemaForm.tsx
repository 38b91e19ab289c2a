// The package index also exports a test registry that imports @rjsf/validator-ajv8 (eval-based).
import Form from '@rjsf/core/lib/components/Form.js';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { TranslatableString, type IconButtonProps, type RJSFSchema, type TemplatesType, type UiSchema } from '@rjsf/utils';
import type { ComponentChildren } from 'preact';
import { useErrorBoundary, useMemo, useRef } from 'preact/hooks';
import { cfWorkerValidator } from '@/lib/forms/rjsfValidator';
import { type CompletionContext, CompletingTextWidget } from './CompletingTextWidget';
import { secretAwareTemplates } from './SecretFieldWarning';
import { errorMessage } from '@/lib/errorMessage';
import { isolated, t } from '@/lib/i18n';
import { rjsfWords } from './rjsfWords';
import { theirTemplates, theirWidgets } from './theirWords';

/** The props of `SchemaForm` (SchemaForm.tsx), which renders this form once its code is in. */
export interface SchemaFormProps {
  /** Distinct per form on the page: field ids (and so label links) derive from it. */
  idPrefix: string;
  schema: object;
  onSubmit: (data: Record<string, unknown>) => void;
  /** The form element's id, for submit buttons placed outside it (`form=` attribute). */
  formId?: string;
  /** Values to start from (e.g. an earlier call's arguments), instead of the schema's defaults alone. */
  initial?: Record<string, unknown>;
  /** The buttons; the first `type="submit"` one submits. */
  children?: ComponentChildren;
  /**
   * The server's suggestions for a text field (`completion/complete`): the field's name, what
   * is typed, and the form's other filled fields. Without it, fields suggest nothing.
   */
  complete?: (name: string, value: string, filled: Record<string, string>) => Promise<string[]>;
}

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The values and titles of a choice written as `oneOf`/`anyOf` of `{ const, title }` (spec
 * 2025-11-25 client/elicitation: titled single- and multi-select), or null for anything else.
 */
function titledChoices(schema: Schema): { values: unknown[]; titles: string[] } | null {
  if (schema.oneOf && schema.anyOf) return null;
  const options = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(options) || options.length === 0) return null;
  if (!options.every((option) => isSchema(option) && 'const' in option)) return null;
  const choices = options as Schema[];
  return {
    values: choices.map((choice) => choice.const),
    titles: choices.map((choice) => (typeof choice.title === 'string' ? choice.title : String(choice.const))),
  };
}

/**
 * The schema as rjsf should render it, and the uiSchema that goes with it, built per property:
 * - a titled choice becomes an `enum` with `ui:enumNames`: rjsf would otherwise pick the first
 *   `const` of a `oneOf`/`anyOf` as a default, so an optional choice nobody made got sent;
 * - the legacy `enumNames` keyword (which rjsf 6 no longer reads) becomes `ui:enumNames`;
 * - an array of choices becomes checkboxes; `uniqueItems` is what makes it rjsf's multi-select
 *   (without it rjsf shows a list of free items and an Add button), and a checkbox group can
 *   only produce unique items anyway.
 * The values accepted stay the same.
 */
function forRjsf(schema: unknown): { schema: unknown; ui: UiSchema } {
  if (!isSchema(schema)) return { schema, ui: {} };
  let rendered: Schema = { ...schema };
  const ui: UiSchema = {};

  const choices = titledChoices(rendered);
  if (choices) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = rendered;
    rendered = { ...rest, enum: choices.values };
    ui['ui:enumNames'] = choices.titles;
  } else if (Array.isArray(rendered.enum) && Array.isArray(rendered.enumNames)) {
    ui['ui:enumNames'] = rendered.enumNames;
  }

  // JSON Schema's writeOnly (2020-12 meta-data): a value that is sent, never shown back; toolnexus's own question for a synced server's secrets (lib/sync/secrets.ts) marks its fields so.
  if (rendered.writeOnly === true && rendered.type === 'string') ui['ui:widget'] = 'password';

  if (isSchema(rendered.properties)) {
    const properties: Schema = {};
    for (const [name, property] of Object.entries(rendered.properties)) {
      const field = forRjsf(property);
      properties[name] = field.schema;
      if (Object.keys(field.ui).length > 0) ui[name] = field.ui;
    }
    rendered.properties = properties;
  }

  if (isSchema(rendered.items)) {
    const items = forRjsf(rendered.items);
    rendered.items = items.schema;
    if (Object.keys(items.ui).length > 0) ui.items = items.ui;
    if (isSchema(items.schema) && Array.isArray(items.schema.enum)) {
      rendered.uniqueItems = true;
      ui['ui:widget'] = 'checkboxes';
    }
  }
  return { schema: rendered, ui };
}

/**
 * rjsf's array and property buttons show only a Glyphicons icon, a font the panel does not
 * load: an empty pill. These show a word or an arrow, and are named in rjsf's own
 * (translatable) words.
 */
function labelledButton(name: TranslatableString, className: string, glyph?: string) {
  return function LabelledButton({ iconType: _iconType, icon: _icon, uiSchema: _uiSchema, registry, className: extra, ...button }: IconButtonProps) {
    const label = registry.translateString(name);
    return (
      <button
        type="button"
        {...button}
        className={`secondary form-button ${className} ${extra ?? ''}`}
        {...(glyph ? { 'aria-label': label, title: label } : {})}
      >
        {glyph ? <span aria-hidden="true">{glyph}</span> : label}
      </button>
    );
  };
}

const AddButton = labelledButton(TranslatableString.AddButton, 'form-add');

const templates: Partial<TemplatesType> = {
  ...secretAwareTemplates,
  ...theirTemplates,
  ButtonTemplates: {
    ...getDefaultRegistry().templates.ButtonTemplates,
    // rjsf wraps its own AddButton in bootstrap grid columns; this one is a plain row.
    AddButton: (props: IconButtonProps) => (
      <p class="form-add-row">
        <AddButton {...props} />
      </p>
    ),
    RemoveButton: labelledButton(TranslatableString.RemoveButton, 'form-remove'),
    MoveUpButton: labelledButton(TranslatableString.MoveUpButton, 'form-move', '↑'),
    MoveDownButton: labelledButton(TranslatableString.MoveDownButton, 'form-move', '↓'),
    CopyButton: labelledButton(TranslatableString.CopyButton, 'form-copy'),
    ClearButton: labelledButton(TranslatableString.ClearButton, 'form-clear', '✕'),
  },
};

const widgets = theirWidgets;
const completingWidgets = { ...widgets, TextWidget: CompletingTextWidget };

/** The filled text fields but one, as completion context (spec: `context.arguments`). */
function otherFilled(values: Record<string, unknown>, name: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[0] !== name && typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/**
 * `SchemaForm` once its code is in: rjsf with the CSP-safe validator, defaults pre-filled,
 * secrets flagged. A schema from a server that rjsf cannot render (e.g. `enum: 5`) must not take
 * the panel down with it: the card says so and keeps its Decline and Cancel buttons.
 */
export function RjsfSchemaForm(props: SchemaFormProps) {
  const [error] = useErrorBoundary();
  if (error) {
    return (
      <>
        <p role="alert" class="error">
          {t('forms.broken', { error: isolated(errorMessage(error)) })}
        </p>
        {props.children}
      </>
    );
  }
  return <RjsfForm {...props} />;
}

function RjsfForm({ idPrefix, schema, onSubmit, formId, children, complete, initial }: SchemaFormProps) {
  // The newest `complete` and form values, read when a field asks: the context stays one object.
  const latest = useRef({ complete, values: {} as Record<string, unknown> });
  latest.current.complete = complete;
  const hasCompletions = complete !== undefined;
  const formContext = useMemo<CompletionContext | undefined>(
    () =>
      hasCompletions
        ? { complete: (name, value) => latest.current.complete?.(name, value, otherFilled(latest.current.values, name)) ?? Promise.resolve([]) }
        : undefined,
    [hasCompletions],
  );
  const form = useMemo(() => {
    const { schema: rendered, ui } = forRjsf(schema);
    // The card already names what the form is for: no title (e.g. a generated "add_arguments") above the fields.
    const uiSchema: UiSchema = { ...ui, 'ui:label': false, 'ui:submitButtonOptions': { norender: true } };
    return { schema: rendered as RJSFSchema, uiSchema };
  }, [schema]);
  return (
    <Form
      id={formId}
      idPrefix={idPrefix}
      schema={form.schema}
      uiSchema={form.uiSchema}
      formData={initial}
      validator={cfWorkerValidator}
      templates={templates}
      widgets={hasCompletions ? completingWidgets : widgets}
      formContext={formContext}
      translateString={rjsfWords}
      onChange={({ formData }) => (latest.current.values = (formData ?? {}) as Record<string, unknown>)}
      // A `oneOf` of consts that forRjsf could not reach (behind a $ref) still starts empty.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
      noHtml5Validate
      showErrorList={false}
      onSubmit={({ formData }) => onSubmit((formData ?? {}) as Record<string, unknown>)}
    >
      {/* biome-ignore lint/complexity/noUselessFragments: rjsf draws its own Submit button for an undefined child; an empty one keeps it out */}
      {children ?? <></>}
    </Form>
  );
}
