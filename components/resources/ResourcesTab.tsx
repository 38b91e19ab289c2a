import { memo } from 'preact/compat';
import type { ServerView } from '@/lib/state';
import { templateSchema } from '@/lib/forms/argumentSchemas';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';

export interface ResourcesTabProps {
  servers: ServerView[];
}

/** Each server's resources (read with one click) and templates (a form for the variables). */
export const ResourcesTab = memo(function ResourcesTab({ servers }: ResourcesTabProps) {
  const { readResource, readTemplate, complete } = useActions();
  const offering = servers.filter((server) => server.resources.length + server.resourceTemplates.length > 0);
  if (offering.length === 0) return <p class="empty muted">No connected server offers resources.</p>;
  return (
    <>
      {offering.map((server) => (
        <section key={server.id} class="group" aria-label={`Resources of ${server.displayName}`}>
          <h2>{server.displayName}</h2>
          <ul class="plain">
            {server.resources.map((resource) => (
              <li key={resource.uri} class="card resource">
                <header>
                  <strong>
                    <Icon icons={resource.icons} serverUrl={server.url} size={16} />
                    {resource.title ?? resource.name}
                  </strong>
                  <button type="button" onClick={() => readResource(server.id, resource.uri)} aria-label={`Read ${resource.uri}`}>
                    Read
                  </button>
                </header>
                <code class="uri muted">{resource.uri}</code>
                {resource.description && <p class="muted description">{resource.description}</p>}
              </li>
            ))}
          </ul>
          {server.resourceTemplates.map((template) => {
            const formId = `template-${server.id}-${template.uriTemplate}`;
            return (
              <article key={template.uriTemplate} class="card resource" aria-label={`Template ${template.uriTemplate}`}>
                <header>
                  <strong>
                    <Icon icons={template.icons} serverUrl={server.url} size={16} />
                    {template.title ?? template.name}
                  </strong>
                  <button type="submit" form={formId} aria-label={`Read ${template.uriTemplate}`}>
                    Read
                  </button>
                </header>
                <code class="uri muted">{template.uriTemplate}</code>
                {template.description && <p class="muted description">{template.description}</p>}
                <SchemaForm
                  formId={formId}
                  idPrefix={formId}
                  schema={templateSchema(template.variables)}
                  onSubmit={(values) => readTemplate(server.id, template.uriTemplate, values)}
                  complete={
                    server.completions &&
                    ((name, value, filled) => complete(server.id, { type: 'ref/resource', uri: template.uriTemplate }, { name, value }, filled))
                  }
                />
              </article>
            );
          })}
        </section>
      ))}
    </>
  );
});
