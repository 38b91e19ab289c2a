import { memo } from 'preact/compat';
import type { ServerView } from '@/lib/state';
import { promptArguments, promptSchema } from '@/lib/forms/argumentSchemas';
import { Icon } from '../content/Icon';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';
import { SkillsList } from './SkillsList';

export interface PromptsTabProps {
  servers: ServerView[];
}

/** Each server's prompts, with a form for their arguments, and its skills (SEP-2640) beside them. */
export const PromptsTab = memo(function PromptsTab({ servers }: PromptsTabProps) {
  const { getPrompt, complete } = useActions();
  const offering = servers.filter((server) => server.prompts.length > 0 || (server.skills?.length ?? 0) > 0);
  if (offering.length === 0) return <p class="empty muted">No connected server offers prompts or skills.</p>;
  return (
    <>
      {offering.map((server) => (
        <section key={server.id} class="group" aria-label={`Prompts of ${server.displayName}`}>
          <h2>{server.displayName}</h2>
          {server.prompts.map((prompt) => {
            const formId = `prompt-${server.id}-${prompt.name}`;
            return (
              <article key={prompt.name} class="card" aria-label={`Prompt ${prompt.name}`}>
                <header>
                  <strong>
                    <Icon icons={prompt.icons} serverUrl={server.url} size={16} />
                    {prompt.title ?? prompt.name}
                  </strong>
                  <button type="submit" form={formId}>
                    Get {prompt.name}
                  </button>
                </header>
                {prompt.description && <p class="muted description">{prompt.description}</p>}
                <SchemaForm
                  formId={formId}
                  idPrefix={formId}
                  schema={promptSchema(prompt)}
                  onSubmit={(values) => getPrompt(server.id, prompt.name, promptArguments(values))}
                  complete={
                    server.completions &&
                    ((name, value, filled) => complete(server.id, { type: 'ref/prompt', name: prompt.name }, { name, value }, filled))
                  }
                />
              </article>
            );
          })}
          {server.skills && server.skills.length > 0 && <SkillsList serverId={server.id} serverName={server.displayName} skills={server.skills} />}
        </section>
      ))}
    </>
  );
});
