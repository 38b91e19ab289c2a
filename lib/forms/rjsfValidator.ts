/**
 * rjsf's `ValidatorType` over {@link validate}: `@rjsf/validator-ajv8` compiles schemas with
 * `new Function`, which the MV3 content security policy forbids, so forms would fail on submit.
 */
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { validate } from './validate';

type FormData = Record<string, unknown>;

function withRootDefinitions(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema {
  if (schema === rootSchema) return schema;
  return { ...schema, $defs: rootSchema.$defs, definitions: rootSchema.definitions };
}

function rjsfErrors(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
  return validate(schema, formData ?? {}).map(({ path, message }) => ({
    name: 'schema',
    property: path ? `.${path}` : '.',
    message,
    stack: path ? `${path} ${message}` : message,
  }));
}

export const cfWorkerValidator: ValidatorType<FormData, RJSFSchema> = {
  validateFormData(
    formData: FormData | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<FormData, RJSFSchema>,
    transformErrors?: ErrorTransformer<FormData, RJSFSchema>,
    uiSchema?: UiSchema<FormData, RJSFSchema>,
  ): ValidationData<FormData> {
    let errors = rjsfErrors(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const validation = { errors, errorSchema: toErrorSchema<FormData>(errors) };
    if (!customValidate) return validation;
    const handler = customValidate(formData, createErrorHandler<FormData>(formData ?? {}), uiSchema);
    return validationDataMerge(validation, unwrapErrorHandler(handler));
  },

  isValid(schema: RJSFSchema, formData: FormData | undefined, rootSchema: RJSFSchema): boolean {
    return validate(withRootDefinitions(schema, rootSchema), formData).length === 0;
  },

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: FormData) {
    return { errors: rjsfErrors(schema, formData) as Result[] };
  },
};
