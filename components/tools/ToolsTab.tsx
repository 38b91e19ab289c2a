import type { Tool } from '@modelcontextprotocol/client';
import type { ComponentChildren, VNode } from 'preact';
import { memo } from 'preact/compat';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { visibleToPerson } from '@/lib/apps/resource';
import { matchesAll } from '@/lib/find';
import { lookalikes } from '@/lib/names';
import type { PinnedTool } from '@/lib/pinnedTools';
import type { SavedCall } from '@/lib/savedCalls';
import type { ActivityView, ServerView } from '@/lib/state';
import { FilteredTab, type ItemGroup, useFilter } from '../shared/FilteredTab';
import { findQuery } from '../shared/find';
import { collapsedGroups, groupKey, setCollapsed } from '../shared/groups';
import { type Hits, hitsOf, searchable } from '../shared/items';
import { RowGap } from '../shared/RowGap';
import { firstRows, useRowWindow } from '../shared/rowWindow';
import { ServerGroup } from '../shared/ServerGroup';
import { PAGE, ShowMore, useShown } from '../shared/ShowMore';
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
  /**
   * Whether the tab is the one the person sees. Hidden, it stays mounted with only its results,
   * in the same place in the DOM, so a running MCP App keeps its frame and its state.
   */
  shown?: boolean;
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
 * top; without a filter, the pinned tools and the recent calls first. Only the rows on screen
 * or near it are drawn (rowWindow.ts; a folded group builds none), a row is drawn again only
 * when its highlights move, its form is built when it is opened, and a group pages 100 at a
 * time: a keystroke of the filter redraws a screen's rows, however many tools there are.
 */
export const ToolsTab = memo(function ToolsTab({ servers, savedCalls, pinnedTools, activities, draft, results, shown = true }: ToolsTabProps) {
  const listed = useMemo(() => servers.filter((server) => server.status !== 'disabled').map(listedTools), [servers]);
  const byServer = useMemo(() => new Map(listed.map((entry) => [entry.server.id, entry])), [listed]);
  const any = listed.length > 0;
  const filter = useFilter(listed, toolFields, shown && any);
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
    if (!shown) return;
    const entry = draft && byServer.get(draft.serverId);
    const tool = entry?.items.find((candidate) => candidate.name === draft?.tool);
    if (!entry || !tool) return;
    setCollapsed(groupKey('tools', entry.server.url), false);
    if (filter.filtering && !matchesAll(toolFields(tool), filter.terms)) findQuery.value = '';
  }, [draft?.nonce, shown]);

  // A folded group draws no row; the others share a first screen's worth, in order.
  const folded = collapsedGroups.value;
  const shownRows = listed.map((entry, index) =>
    !filter.filtering && folded.has(groupKey('tools', entry.server.url)) ? 0 : Math.min(filter.matched[index]!.length, PAGE),
  );
  const first = firstRows(shownRows);

  // One shape whatever is shown, so the results never move in the DOM (a moved frame reloads its app).
  return (
    <FilteredTab
      list="tools"
      filter={filter}
      findBar={shown && any}
      results={results}
      top={
        shown && any
          ? [
              <PinnedTools key="pinned" pinned={pinnedTools} tools={byServer} savedByTool={savedByTool} draft={draft} />,
              <RecentCalls key="recent" activities={activities} servers={servers} />,
            ]
          : []
      }
      bottom={shown ? <LazySavedCallsFile key="file" count={savedCalls.length} /> : undefined}
      groups={
        !shown ? null : !any ? (
          <p class="empty muted">No server yet. Add one under Servers.</p>
        ) : (
          listed.map((entry, index) => {
            const tools = filter.matched[index]!;
            if (filter.filtering && tools.length === 0) return null;
            return (
              <ToolGroup
                key={entry.server.id}
                entry={entry}
                tools={tools}
                folded={shownRows[index] === 0}
                first={first[index]!}
                filtering={filter.filtering}
                terms={filter.terms}
                pins={pins}
                savedByTool={savedByTool}
                draft={draft?.serverId === entry.server.id && !pins.has(toolKey(entry.server.url, draft.tool)) ? draft : undefined}
              />
            );
          })
        )
      }
    />
  );
});

interface ToolGroupProps {
  entry: Listed;
  /** The tools shown: all, or the filter's matches. */
  tools: Tool[];
  /** Folded by the person (or nothing to show): no row is built. */
  folded: boolean;
  /** Rows drawn before anything is measured (rowWindow.ts `firstRows`). */
  first: number;
  filtering: boolean;
  terms: readonly string[];
  pins: ReadonlySet<string>;
  savedByTool: Map<string, SavedCall[]>;
  draft?: ArgumentsDraft;
}

const nameOf = (tool: Tool) => tool.name;

function ToolGroup({ entry, tools, folded, first, filtering, terms, pins, savedByTool, draft }: ToolGroupProps) {
  const { server, alike } = entry;
  const draftAt = draft ? tools.findIndex((tool) => tool.name === draft.tool) : -1;
  const [count, more] = useShown(draftAt);
  const appOnly = server.tools.length - entry.items.length;
  const shown = folded ? [] : tools.length > count ? tools.slice(0, count) : tools;
  const keys = useMemo(() => shown.map(nameOf), [tools, count, folded]);
  const rows = useRowWindow(keys, first, terms, draft?.tool);
  const hits = useHits(terms);
  const drawn: VNode[] = [];
  let gap: string[] = [];
  const endGap = () => {
    if (gap.length > 0) drawn.push(<RowGap key={`gap ${gap[0]}`} keys={gap} rows={rows} />);
    gap = [];
  };
  for (const tool of shown) {
    if (!rows.drawn(tool.name)) {
      gap.push(tool.name);
      continue;
    }
    endGap();
    drawn.push(
      <ToolCard
        key={tool.name}
        serverId={server.id}
        serverUrl={server.url}
        tool={tool}
        hits={hits(tool)}
        pinned={pins.has(toolKey(server.url, tool.name))}
        alike={alike.get(tool.name)}
        saved={savedByTool.get(toolKey(server.url, tool.name))}
        draft={draft?.tool === tool.name ? draft : undefined}
        onOpen={rows.opened}
      />,
    );
  }
  endGap();
  return (
    <ServerGroup server={server} list="tools" shown={tools.length} total={entry.items.length} filtering={filtering}>
      {server.status === 'connected' && entry.items.length === 0 && <p class="muted">This server offers no tools.</p>}
      {drawn}
      <ShowMore shown={count} total={tools.length} list="tools" onMore={more} />
      {!filtering && appOnly > 0 && (
        <p class="muted">{appOnly === 1 ? 'One more tool is' : `${appOnly} more tools are`} for this server's apps to call.</p>
      )}
    </ServerGroup>
  );
}

/** Each drawn row's highlights for the filter's words: the same object while they stay where they were (rows are memoized). */
function useHits(terms: readonly string[]): (tool: Tool) => Hits | undefined {
  const last = useRef(new Map<string, Hits>());
  if (terms.length === 0) {
    last.current.clear();
    return () => undefined;
  }
  return (tool) => {
    const hits = hitsOf(toolFields(tool), terms, last.current.get(tool.name));
    last.current.set(tool.name, hits);
    return hits;
  };
}
