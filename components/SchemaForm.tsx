// The package index also exports a test registry that imports @rjsf/validator-ajv8 (eval-based).
import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ComponentChildren } from 'preact';
import { cfWorkerValidator } from '@/lib/forms/rjsfValidator';
import { secretAwareTemplates } from './forms/SecretFieldWarning';

type FormData = Record<string, unknown>;

export interface SchemaFormProps {
  /** Distinct per form on the page: field ids (and so label links) derive from it. */
  idPrefix: string;
  schema: object;
  onSubmit: (data: FormData) => void;
  /** The form element's id, for submit buttons placed outside it (`form=` attribute). */
  formId?: string;
  /** The buttons; the first `type="submit"` one submits. */
  children?: ComponentChildren;
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

/** A JSON-Schema form: rjsf with the CSP-safe validator, defaults pre-filled, secrets flagged. */
export function SchemaForm({ idPrefix, schema, onSubmit, formId, children }: SchemaFormProps) {
  return (
    <Form
      id={formId}
      idPrefix={idPrefix}
      schema={schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={cfWorkerValidator}
      templates={secretAwareTemplates}
      noHtml5Validate
      showErrorList={false}
      onSubmit={({ formData }) => onSubmit((formData ?? {}) as FormData)}
    >
      {children ?? <></>}
    </Form>
  );
}
