import type { Resource } from '@modelcontextprotocol/client';
import { useRef, useState } from 'preact/hooks';
import { highlights } from '@/lib/find';
import { templateSchema } from '@/lib/forms/argumentSchemas';
import { t } from '@/lib/i18n';
import type { ResourceTemplateView, ServerView } from '@/lib/state';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useFormRow } from '../forms/useFormRow';
import { useActions } from '../shared/actions';
import { ItemRow } from '../shared/ItemRow';
import { FULL_TEXT_CHARS, idFrom, labelName, ROW_NAME_CHARS, ROW_SUMMARY_CHARS, searchable } from '../shared/items';
import { MarkedText } from '../shared/MarkedText';

interface RowProps<T> {
  server: ServerView;
  item: T;
  terms: readonly string[];
}

export const resourceFields = (resource: Resource) => searchable(resource, resource.uri);
export const templateFields = (template: ResourceTemplateView) => searchable(template, template.uriTemplate);

/** Name (or title), URI and description, with the filter's matches: what a resource's and a template's rows both show. */
function shownParts(item: Resource | ResourceTemplateView, uri: string, terms: readonly string[]) {
  const [name, title, description, address] = searchable(item, uri);
  return {
    title: item.title ? (
      <MarkedText text={item.title} hits={highlights(title!, terms)} max={ROW_NAME_CHARS} />
    ) : (
      <MarkedText text={item.name} hits={highlights(name!, terms)} max={ROW_NAME_CHARS} />
    ),
    uri: <MarkedText text={uri} hits={highlights(address!, terms)} max={ROW_NAME_CHARS} />,
    summary: item.description && (
      <p class="muted description clamp">
        <MarkedText text={item.description} hits={highlights(description!, terms)} max={ROW_SUMMARY_CHARS} />
      </p>
    ),
    description: item.description && (
      <p class="muted description full">
        <MarkedText text={item.description} max={FULL_TEXT_CHARS} />
      </p>
    ),
  };
}

/** A resource: Read at once; opened, its URI whole, its type and description. */
export function ResourceRow({ server, item: resource, terms }: RowProps<Resource>) {
  const { readResource } = useActions();
  const [open, setOpen] = useState(false);
  const shown = shownParts(resource, resource.uri, terms);
  return (
    <ItemRow
      label={t('resources.row.resourceLabel', { name: labelName(resource.name) })}
      id={`resource-${idFrom(server.id)}-${idFrom(resource.uri)}`}
      class="resource"
      open={open}
      onToggle={setOpen}
      title={
        <>
          <Icon icons={resource.icons} serverUrl={server.url} size={16} />
          <span class="item-name">{shown.title}</span>
          <code class="muted item-code" dir="ltr">
            {shown.uri}
          </code>
        </>
      }
      actions={
        <button
          type="button"
          class="run"
          aria-label={t('resources.row.readLabel', { name: labelName(resource.uri) })}
          onClick={() => readResource(server.id, resource.uri)}
        >
          {t('resources.row.read')}
        </button>
      }
      summary={shown.summary}
    >
      <code class="uri muted" dir="ltr">
        <MarkedText text={resource.uri} max={2_000} />
      </code>
      {resource.mimeType && (
        <p class="muted meta" translate={false} data-from="server">
          {resource.mimeType}
        </p>
      )}
      {shown.description}
    </ItemRow>
  );
}

/** A resource template: opened, a form of its variables (built only then), whose Read reads the URI they make. */
export function TemplateRow({ server, item: template, terms }: RowProps<ResourceTemplateView>) {
  const { readTemplate, complete } = useActions();
  const card = useRef<HTMLElement>(null);
  const base = `template-${idFrom(server.id)}-${idFrom(template.uriTemplate)}`;
  const row = useFormRow(card, `${base}-form`, true);
  const shown = shownParts(template, template.uriTemplate, terms);
  return (
    <ItemRow
      rowRef={card}
      label={t('resources.row.templateLabel', { name: labelName(template.uriTemplate) })}
      id={`${base}-details`}
      class="resource"
      open={row.open}
      onToggle={row.toggle}
      title={
        <>
          <Icon icons={template.icons} serverUrl={server.url} size={16} />
          <span class="item-name">{shown.title}</span>
          <code class="muted item-code" dir="ltr">
            {shown.uri}
          </code>
        </>
      }
      actions={
        <button
          type="button"
          class="run"
          aria-label={t('resources.row.readLabel', { name: labelName(template.uriTemplate) })}
          onClick={template.variables.length > 0 && !row.open ? row.focus : row.submit}
        >
          {t('resources.row.read')}
        </button>
      }
      summary={shown.summary}
    >
      {shown.description}
      <SchemaForm
        formId={`${base}-form`}
        idPrefix={base}
        schema={templateSchema(template.variables)}
        onSubmit={(values) => readTemplate(server.id, template.uriTemplate, values)}
        complete={
          server.completions &&
          ((name, value, filled) => complete(server.id, { type: 'ref/resource', uri: template.uriTemplate }, { name, value }, filled))
        }
      />
    </ItemRow>
  );
}
