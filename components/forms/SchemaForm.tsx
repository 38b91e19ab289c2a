import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { SchemaFormProps } from './RjsfSchemaForm';

/** Room for a schema's fields before they are built: about 52 px a field (measured in Chromium). */
export function fieldsHeight(schema: object | undefined): number {
  const properties = (schema as { properties?: object } | undefined)?.properties;
  return 52 * Object.keys(properties ?? {}).length;
}

/**
 * The form while its code loads: the fields' room, so nothing around it moves when they come,
 * and the buttons, so Decline and Cancel work at once. Submit has no form to submit yet: there
 * is nothing filled in to send.
 */
function FormPlaceholder({ schema, children, failure }: SchemaFormProps & PlaceholderProps) {
  return (
    <div class="form-loading" aria-busy={failure ? undefined : 'true'}>
      {failure ?? <div class="form-placeholder" style={{ height: `${fieldsHeight(schema)}px` }} />}
      {children}
    </div>
  );
}

/**
 * A JSON-Schema form (RjsfSchemaForm.tsx). rjsf is over half of the panel's code and no
 * part of its first render, so it comes in a chunk of its own, which the panel fetches as soon
 * as it has drawn its first state.
 */
export const SchemaForm = lazyComponent(
  () => t('lazy.part.form'),
  () => import('./RjsfSchemaForm').then((module) => module.RjsfSchemaForm),
  FormPlaceholder,
);
