import type { Prompt } from '@modelcontextprotocol/client';
import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ServerView } from '@/lib/state';
import { FilteredTab, type ItemGroup, listsServer, useFilter } from '../shared/FilteredTab';
import { searchable } from '../shared/items';
import { ServerGroup } from '../shared/ServerGroup';
import { ShowMore, useShown } from '../shared/ShowMore';
import { PromptRow } from './PromptRow';
import { SkillsList } from './SkillsList';

export interface PromptsTabProps {
  servers: ServerView[];
  /** The prompts got, shown under the filter. */
  results?: ComponentChildren;
}

const promptFields = (prompt: Prompt) => searchable(prompt);

/** Each server's prompts, with a form for their arguments, filtered by the panel's one filter; its skills (SEP-2640) beside them. */
export const PromptsTab = memo(function PromptsTab({ servers, results }: PromptsTabProps) {
  const groups = useMemo(
    () =>
      servers
        .map((server): ItemGroup<Prompt> => ({ server, items: server.status === 'connected' ? server.prompts : [] }))
        .filter(({ server, items }) => listsServer(server, items.length + (server.skills?.length ?? 0) + (server.skillsProblem ? 1 : 0))),
    [servers],
  );
  const filter = useFilter(groups, promptFields);
  if (groups.length === 0) {
    return (
      <>
        {results}
        <p class="empty muted">{t('prompts.empty')}</p>
      </>
    );
  }
  return (
    <FilteredTab
      list="prompts"
      filter={filter}
      results={results}
      groups={groups.map(({ server, items }, index) => {
        const matched = filter.matched[index]!;
        if (filter.filtering && matched.length === 0) return null;
        return (
          <PromptGroup key={server.id} server={server} total={items.length} prompts={matched} filtering={filter.filtering} terms={filter.terms} />
        );
      })}
    />
  );
});

function PromptGroup({
  server,
  total,
  prompts,
  filtering,
  terms,
}: {
  server: ServerView;
  total: number;
  prompts: Prompt[];
  filtering: boolean;
  terms: readonly string[];
}) {
  const [count, more] = useShown();
  return (
    <ServerGroup server={server} list="prompts" shown={prompts.length} total={total} filtering={filtering}>
      {prompts.slice(0, count).map((prompt) => (
        <PromptRow key={prompt.name} server={server} prompt={prompt} terms={terms} />
      ))}
      <ShowMore shown={count} total={prompts.length} list="prompts" onMore={more} />
      {!filtering && server.skillsProblem && <p class="error">{server.skillsProblem}</p>}
      {!filtering && server.skills && server.skills.length > 0 && (
        <SkillsList serverId={server.id} serverName={server.displayName} skills={server.skills} />
      )}
    </ServerGroup>
  );
}
