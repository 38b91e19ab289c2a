import type { Resource } from '@modelcontextprotocol/client';
import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { ResourceTemplateView, ServerView } from '@/lib/state';
import { FilteredTab, type ItemGroup, listsServer, useFilter } from '../shared/FilteredTab';
import { ServerGroup } from '../shared/ServerGroup';
import { ShowMore, useShown } from '../shared/ShowMore';
import { ResourceRow, resourceFields, TemplateRow, templateFields } from './ResourceRows';

export interface ResourcesTabProps {
  servers: ServerView[];
  /** The resources read, shown under the filter. */
  results?: ComponentChildren;
}

type Item = { resource: Resource } | { template: ResourceTemplateView };

const fieldsOf = (item: Item) => ('resource' in item ? resourceFields(item.resource) : templateFields(item.template));
const items = new WeakMap<ServerView, Item[]>();

/** A server's resources, then its templates, as one list. */
function itemsOf(server: ServerView): Item[] {
  let list = items.get(server);
  if (!list) {
    list = [...server.resources.map((resource) => ({ resource })), ...server.resourceTemplates.map((template) => ({ template }))];
    items.set(server, list);
  }
  return list;
}

/** Each server's resources (read with one click) and templates (a form for the variables), filtered by the panel's one filter. */
export const ResourcesTab = memo(function ResourcesTab({ servers, results }: ResourcesTabProps) {
  const groups = useMemo(
    () =>
      servers
        .map((server): ItemGroup<Item> => ({ server, items: server.status === 'connected' ? itemsOf(server) : [] }))
        .filter(({ server, items: list }) => listsServer(server, list.length)),
    [servers],
  );
  const filter = useFilter(groups, fieldsOf);
  if (groups.length === 0) {
    return (
      <>
        {results}
        <p class="empty muted">{t('resources.empty')}</p>
      </>
    );
  }
  return (
    <FilteredTab
      list="resources"
      filter={filter}
      results={results}
      groups={groups.map(({ server, items: list }, index) => {
        const matched = filter.matched[index]!;
        if (filter.filtering && matched.length === 0) return null;
        return (
          <ResourceGroup key={server.id} server={server} total={list.length} items={matched} filtering={filter.filtering} terms={filter.terms} />
        );
      })}
    />
  );
});

function ResourceGroup({
  server,
  total,
  items: list,
  filtering,
  terms,
}: {
  server: ServerView;
  total: number;
  items: Item[];
  filtering: boolean;
  terms: readonly string[];
}) {
  const [count, more] = useShown();
  return (
    <ServerGroup server={server} list="resources" shown={list.length} total={total} filtering={filtering}>
      {list
        .slice(0, count)
        .map((item) =>
          'resource' in item ? (
            <ResourceRow key={`r ${item.resource.uri}`} server={server} item={item.resource} terms={terms} />
          ) : (
            <TemplateRow key={`t ${item.template.uriTemplate}`} server={server} item={item.template} terms={terms} />
          ),
        )}
      <ShowMore shown={count} total={list.length} list="resources" onMore={more} />
    </ServerGroup>
  );
}
