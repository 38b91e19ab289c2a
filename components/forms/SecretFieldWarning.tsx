// Deep imports: the @rjsf/core index also pulls in @rjsf/validator-ajv8 (eval-based, forbidden by MV3 CSP).
import RichHelp from '@rjsf/core/lib/components/RichHelp.js';
import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, helpId, type FieldTemplateProps, type TemplatesType } from '@rjsf/utils';
import { looksLikeSecret } from '@/lib/forms/secrets';
import { t } from '@/lib/i18n';
import { theirLabel } from './theirWords';

const { FieldTemplate: DefaultFieldTemplate } = getDefaultRegistry().templates;

/** The warning under a field that seems to ask for a secret. */
export function SecretFieldWarning() {
  return (
    <p role="note" class="secret-warning">
      <span aria-hidden="true">⚠ </span>
      {t('forms.secretWarning')}
    </p>
  );
}

/** The property name of a field: the last named step of its path (`tokens[0]` → `tokens`). */
function fieldName(path: (string | number)[]): string {
  for (let index = path.length - 1; index >= 0; index--) {
    const step = path[index];
    if (typeof step === 'string') return step;
  }
  return '';
}

/**
 * rjsf's own FieldTemplate, plus {@link SecretFieldWarning} for fields that look like a
 * secret (spec 2025-11-25 client/elicitation: servers MUST NOT request sensitive
 * information through form mode). The warning sits in the field's help block, whose id
 * every rjsf widget already names in its `aria-describedby`, so screen readers read it
 * with the field; any `ui:help` the form had stays, above it.
 */
export function SecretAwareFieldTemplate(props: FieldTemplateProps) {
  const { fieldPathId, schema, uiSchema, registry, label, hidden } = props;
  const secret = !hidden && looksLikeSecret(fieldName(fieldPathId.path), { ...schema, title: label || schema.title });
  // The label beside the field is the schema's title: the server's words. Not a free-form entry's:
  // rjsf puts that label into a sentence of its own (TranslatableString.KeyLabel), as text.
  const shown = ADDITIONAL_PROPERTY_FLAG in schema ? label : theirLabel(label);
  if (!secret) return <DefaultFieldTemplate {...props} label={shown} />;

  const help = getUiOptions(uiSchema, registry.globalUiOptions).help;
  return (
    <DefaultFieldTemplate
      {...props}
      label={shown}
      help={
        <div id={helpId(fieldPathId)} class="help-block">
          {help && <RichHelp help={help} registry={registry} uiSchema={uiSchema} />}
          <SecretFieldWarning />
        </div>
      }
    />
  );
}

/** Pass as rjsf `<Form templates={secretAwareTemplates}>` to warn about secret-looking fields. */
export const secretAwareTemplates: Partial<TemplatesType> = { FieldTemplate: SecretAwareFieldTemplate };
