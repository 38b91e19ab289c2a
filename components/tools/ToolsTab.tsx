import type { Tool } from '@modelcontextprotocol/client';
import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useEffect, useMemo } from 'preact/hooks';
import { visibleToPerson } from '@/lib/apps/resource';
import { matchesAll } from '@/lib/find';
import { lookalikes } from '@/lib/names';
import type { PinnedTool } from '@/lib/pinnedTools';
import type { SavedCall } from '@/lib/savedCalls';
import type { ActivityView, ServerView } from '@/lib/state';
import { FilteredTab, type ItemGroup, useFilter } from '../shared/FilteredTab';
import { findQuery } from '../shared/find';
import { groupKey, setCollapsed } from '../shared/groups';
import { searchable } from '../shared/items';
import { ServerGroup } from '../shared/ServerGroup';
import { ShowMore, useShown } from '../shared/ShowMore';
import { LazySavedCallsFile } from './LazySavedCallsFile';
import { PinnedTools, toolKey } from './PinnedTools';
import { RecentCalls } from './RecentCalls';
import { type ArgumentsDraft, ToolCard } from './ToolCard';
import './tools.css';

export interface ToolsTabProps {
  servers: ServerView[];
  savedCalls: SavedCall[];
  pinnedTools: readonly PinnedTool[];
  /** The worker's results, newest first: the recent calls come from them. */
  activities: ActivityView[];
  draft?: ArgumentsDraft;
  /** The results list, shown under the pins and recent calls (or under the matches while filtering). */
  results?: ComponentChildren;
}

interface Listed extends ItemGroup<Tool> {
  /** Which of the server's tools look alike (lib/names.ts). */
  alike: Map<string, string[]>;
}

const forPerson = new WeakMap<Tool[], Pick<Listed, 'items' | 'alike'>>();

/** A server's tools for the person, and which look alike: worked out once per list the worker sent. */
function listedTools(server: ServerView): Listed {
  let known = forPerson.get(server.tools);
  if (!known) {
    const tools = server.tools.filter(visibleToPerson);
    // The tools the person may call: one its server shows only to its apps is theirs.
    known = { items: tools.length === server.tools.length ? server.tools : tools, alike: lookalikes(tools.map((tool) => tool.name)) };
    forPerson.set(server.tools, known);
  }
  return { server, ...known };
}

const toolFields = (tool: Tool) => searchable(tool, tool.annotations?.title);

/**
 * Every server's tools, a group per server (folded as the person left it), with the filter on
 * top; without a filter, the pinned tools and the recent calls first. Rows are light (a tool's
 * form is built when it is opened) and a group shows 100 at a time, so a keystroke of the
 * filter redraws the list within a frame even for a server of thousands of tools.
 */
export const ToolsTab = memo(function ToolsTab({ servers, savedCalls, pinnedTools, activities, draft, results }: ToolsTabProps) {
  const listed = useMemo(() => servers.filter((server) => server.status !== 'disabled').map(listedTools), [servers]);
  const byServer = useMemo(() => new Map(listed.map((entry) => [entry.server.id, entry])), [listed]);
  const filter = useFilter(listed, toolFields);
  const savedByTool = useMemo(() => {
    const groups = new Map<string, SavedCall[]>();
    for (const call of savedCalls) {
      const group = groups.get(toolKey(call.serverUrl, call.tool));
      if (group) group.push(call);
      else groups.set(toolKey(call.serverUrl, call.tool), [call]);
    }
    return groups;
  }, [savedCalls]);
  const pins = useMemo(() => new Set(pinnedTools.map((pin) => toolKey(pin.serverUrl, pin.tool))), [pinnedTools]);
  // A draft (Edit arguments, Load, a recent call) is for a tool the person must see: its group unfolds, a filter that hides it goes.
  useEffect(() => {
    const entry = draft && byServer.get(draft.serverId);
    const tool = entry?.items.find((candidate) => candidate.name === draft?.tool);
    if (!entry || !tool) return;
    setCollapsed(groupKey('tools', entry.server.url), false);
    if (filter.filtering && !matchesAll(toolFields(tool), filter.terms)) findQuery.value = '';
  }, [draft?.nonce]);

  const file = <LazySavedCallsFile key="file" count={savedCalls.length} />;
  if (listed.length === 0) {
    return (
      <>
        {results}
        <p class="empty muted">No server yet. Add one under Servers.</p>
        {file}
      </>
    );
  }
  return (
    <FilteredTab
      noun="tools"
      one="tool"
      filter={filter}
      results={results}
      top={[
        <PinnedTools key="pinned" pinned={pinnedTools} tools={byServer} savedByTool={savedByTool} draft={draft} />,
        <RecentCalls key="recent" activities={activities} servers={servers} />,
      ]}
      bottom={file}
      groups={listed.map((entry, index) => {
        const tools = filter.matched[index]!;
        if (filter.filtering && tools.length === 0) return null;
        return (
          <ToolGroup
            key={entry.server.id}
            entry={entry}
            tools={tools}
            filtering={filter.filtering}
            terms={filter.terms}
            pins={pins}
            savedByTool={savedByTool}
            draft={draft?.serverId === entry.server.id && !pins.has(toolKey(entry.server.url, draft.tool)) ? draft : undefined}
          />
        );
      })}
    />
  );
});

interface ToolGroupProps {
  entry: Listed;
  /** The tools shown: all, or the filter's matches. */
  tools: Tool[];
  filtering: boolean;
  terms: readonly string[];
  pins: ReadonlySet<string>;
  savedByTool: Map<string, SavedCall[]>;
  draft?: ArgumentsDraft;
}

function ToolGroup({ entry, tools, filtering, terms, pins, savedByTool, draft }: ToolGroupProps) {
  const { server, alike } = entry;
  const draftAt = draft ? tools.findIndex((tool) => tool.name === draft.tool) : -1;
  const [count, more] = useShown(draftAt);
  const appOnly = server.tools.length - entry.items.length;
  return (
    <ServerGroup
      server={server}
      list="tools"
      label={`Tools of ${server.displayName}`}
      shown={tools.length}
      total={entry.items.length}
      filtering={filtering}
    >
      {server.status === 'connected' && entry.items.length === 0 && <p class="muted">This server offers no tools.</p>}
      {(tools.length > count ? tools.slice(0, count) : tools).map((tool) => (
        <ToolCard
          key={tool.name}
          serverId={server.id}
          serverUrl={server.url}
          tool={tool}
          terms={terms}
          pinned={pins.has(toolKey(server.url, tool.name))}
          alike={alike.get(tool.name)}
          saved={savedByTool.get(toolKey(server.url, tool.name))}
          draft={draft?.tool === tool.name ? draft : undefined}
        />
      ))}
      <ShowMore shown={count} total={tools.length} noun="tools" onMore={more} />
      {!filtering && appOnly > 0 && (
        <p class="muted">{appOnly === 1 ? 'One more tool is' : `${appOnly} more tools are`} for this server's apps to call.</p>
      )}
    </ServerGroup>
  );
}
