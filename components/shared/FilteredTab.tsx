import type { ComponentChildren, VNode } from 'preact';
import { useMemo } from 'preact/hooks';
import { type Folded, filterTerms, matchesAll } from '@/lib/find';
import type { ServerView } from '@/lib/state';
import { FindBar, NoMatch } from './FindBar';
import { findQuery } from './find';

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

/** The filter over a tab's groups: its words, and what matches them (worked out again only when the filter or the lists change). */
export function useFilter<T>(groups: ItemGroup<T>[], fieldsOf: (item: T) => Folded[]): Filtered<T> {
  const query = findQuery.value;
  const terms = useMemo(() => filterTerms(query), [query]);
  const filtering = terms.length > 0;
  const matched = useMemo(
    () => groups.map(({ items }) => (filtering ? items.filter((item) => matchesAll(fieldsOf(item), terms)) : items)),
    [groups, terms],
  );
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
  /** Plural: "tools". */
  noun: string;
  /** Singular, for "No tool matches …". */
  one: string;
  filter: Filtered<unknown>;
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
export function FilteredTab({ noun, one, filter, results, top = [], groups, bottom }: FilteredTabProps) {
  return (
    <div class={filter.filtering ? 'filtered-tab filtering' : 'filtered-tab'}>
      <FindBar noun={noun} shown={filter.shown} total={filter.total} />
      {!filter.filtering && top}
      <div class="tab-results">{results}</div>
      <div class="tab-groups">
        {filter.filtering && filter.shown === 0 && <NoMatch noun={one} />}
        {groups}
      </div>
      {bottom}
    </div>
  );
}
