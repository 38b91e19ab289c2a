import type { ComponentChildren, VNode } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import { type Folded, filterTerms, haystack, inHaystack, narrows } from '@/lib/find';
import type { ServerView } from '@/lib/state';
import { FindBar, NoMatch } from './FindBar';
import { findQuery } from './find';
import type { GroupList } from './groups';

/** A server's items in a list (its tools, its resources and templates, its prompts). */
export interface ItemGroup<T> {
  server: ServerView;
  items: T[];
}

export interface Filtered<T> {
  terms: readonly string[];
  filtering: boolean;
  /** Each group's items that match, in the groups' order: all of them without a filter. */
  matched: T[][];
  shown: number;
  total: number;
}

/** Each list's items as searched (lib/find.ts `haystack`), by the tab's fields: folded and joined once per list the worker sent. */
const haystacks = new WeakMap<object, WeakMap<object, string[]>>();

function haystacksOf<T>(items: T[], fieldsOf: (item: T) => Folded[]): string[] {
  let lists = haystacks.get(fieldsOf);
  if (!lists) haystacks.set(fieldsOf, (lists = new WeakMap()));
  let known = lists.get(items);
  if (!known) {
    known = items.map((item) => haystack(fieldsOf(item)));
    lists.set(items, known);
  }
  return known;
}

/** Which items of each group matched `terms` (their indexes), for the next keystroke to start from. */
interface Matches<T> {
  groups: ItemGroup<T>[];
  terms: readonly string[];
  at: number[][];
}

/** The indexes of `texts` (or of `among` them) that hold every word. */
function matching(texts: readonly string[], terms: readonly string[], among?: readonly number[]): number[] {
  const found: number[] = [];
  if (among) {
    for (const index of among) if (inHaystack(texts[index]!, terms)) found.push(index);
  } else for (let index = 0; index < texts.length; index += 1) if (inHaystack(texts[index]!, terms)) found.push(index);
  return found;
}

/**
 * The filter over a tab's groups: its words, and what matches them (worked out again only when
 * the filter or the lists change). A keystroke that narrows the filter searches only what
 * matched before: 5,000 tools of 10,000-character names are searched once, then fewer. An
 * inactive tab (mounted but not shown) neither reads the filter nor filters: typing in another
 * tab's filter costs it nothing.
 */
export function useFilter<T>(groups: ItemGroup<T>[], fieldsOf: (item: T) => Folded[], active = true): Filtered<T> {
  const query = active ? findQuery.value : '';
  const terms = useMemo(() => filterTerms(query), [query]);
  const filtering = terms.length > 0;
  const last = useRef<Matches<T> | null>(null);
  const matched = useMemo(() => {
    if (!filtering) {
      last.current = null;
      return groups.map(({ items }) => items);
    }
    const before = last.current && last.current.groups === groups && narrows(last.current.terms, terms) ? last.current.at : undefined;
    const at = groups.map(({ items }, index) => matching(haystacksOf(items, fieldsOf), terms, before?.[index]));
    last.current = { groups, terms, at };
    // All of a list matching is the list itself: its rows see the same array.
    return at.map((indexes, index) => {
      const { items } = groups[index]!;
      return indexes.length === items.length ? items : indexes.map((at) => items[at]!);
    });
  }, [groups, terms]);
  return {
    terms,
    filtering,
    matched,
    shown: matched.reduce((sum, items) => sum + items.length, 0),
    total: groups.reduce((sum, { items }) => sum + items.length, 0),
  };
}

/** Whether a tab lists a server: it has something to list, or a problem the person can fix from there. */
export const listsServer = (server: ServerView, count: number) =>
  (server.status === 'connected' && count > 0) || server.status === 'error' || server.status.startsWith('needs-');

export interface FilteredTabProps {
  /** What the tab lists: its filter's and its counts' words are that list's. */
  list: GroupList;
  filter: Filtered<unknown>;
  /** Whether the filter shows (not while the tab is hidden, nor with nothing to filter). */
  findBar?: boolean;
  /** The tab's results list. */
  results?: ComponentChildren;
  /** Without a filter, above the results (Tools: pins and recent calls). */
  top?: VNode[];
  /** The groups (null for a group with no match). */
  groups: ComponentChildren;
  /** Under everything. */
  bottom?: VNode;
}

/**
 * A tab of Tools, Resources or Prompts: the filter on top; without a filter, `top`, the results
 * and the groups; with one, the matching groups right under it, then the results. The parts
 * keep their place in the DOM either way (the filtering order is the stylesheet's): an element
 * moved in the DOM reloads the frames in it, and a result's MCP App must not restart because a
 * letter was typed; nor are the groups built again.
 */
export function FilteredTab({ list, filter, findBar = true, results, top = [], groups, bottom }: FilteredTabProps) {
  return (
    <div class={filter.filtering ? 'filtered-tab filtering' : 'filtered-tab'}>
      {findBar && <FindBar list={list} shown={filter.shown} total={filter.total} />}
      {!filter.filtering && top}
      <div class="tab-results">{results}</div>
      <div class="tab-groups">
        {filter.filtering && filter.shown === 0 && <NoMatch list={list} />}
        {groups}
      </div>
      {bottom}
    </div>
  );
}
