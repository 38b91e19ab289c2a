/**
 * What changed between two hub states, and how to bring the older one up to date, so the
 * worker sends a panel its whole state once (when the port opens) and then only changes.
 *
 * Changes are found by object identity: the hub never edits a value it has handed out, it
 * replaces it (and whatever holds it). So an item that is `===` to the one sent before is
 * unchanged and is not sent again, and `applyStatePatch` keeps the panel's own copy of it:
 * memoized components see the same object and skip it.
 *
 * No runtime imports: the bench and the e2e tests ship this file's source into pages to read
 * the port as the panel does (tests/fixtures/page-module.ts).
 */
import type { HubState } from '../state';

/** The field that names an item, for each list of `HubState` patched item by item. */
const ITEM_KEYS = {
  servers: 'id',
  inbox: 'id',
  visits: 'requestId',
  notices: 'id',
  activities: 'id',
  history: 'requestId',
  savedCalls: 'id',
} as const satisfies { [K in keyof HubState]?: HubState[K] extends Array<infer T> ? keyof T : never };

type ListKey = keyof typeof ITEM_KEYS;

/**
 * How a list changed. Items are named by their key field; `insert` holds new items at their
 * index in the new list, `update` changed ones. `order` (every id, in the new order) is sent
 * only when items that stayed changed places. `all` replaces the list: when its ids are not
 * unique, or when nothing of it stayed the same.
 */
export interface ListPatch<T> {
  all?: T[];
  remove?: string[];
  update?: T[];
  insert?: Array<[index: number, item: T]>;
  order?: string[];
}

/** What changed in a `HubState`: a `ListPatch` per changed list, other changed values whole. */
export type StatePatch = {
  [K in keyof HubState]?: K extends ListKey ? ListPatch<HubState[K][number]> : HubState[K];
};

type Item = Record<string, unknown>;

const idOf = (item: Item, key: string) => String(item[key]);

function diffList(before: Item[], after: Item[], key: string): ListPatch<Item> | undefined {
  // The hub builds some lists afresh on every change (`Hub.state()`): same items, no change.
  if (before.length === after.length && before.every((item, index) => item === after[index])) return undefined;
  const old = new Map<string, Item>();
  for (const item of before) old.set(idOf(item, key), item);
  const seen = new Set<string>();
  const update: Item[] = [];
  const insert: Array<[number, Item]> = [];
  const stayed: string[] = [];
  for (const [index, item] of after.entries()) {
    const id = idOf(item, key);
    seen.add(id);
    const was = old.get(id);
    if (was === undefined) insert.push([index, item]);
    else {
      stayed.push(id);
      if (was !== item) update.push(item);
    }
  }
  if (old.size !== before.length || seen.size !== after.length) return { all: after };
  const remove = [...old.keys()].filter((id) => !seen.has(id));
  const reordered = before
    .map((item) => idOf(item, key))
    .filter((id) => seen.has(id))
    .some((id, index) => id !== stayed[index]);
  // Nothing stayed as it was: the list itself is no longer than a patch of it.
  if (update.length === stayed.length) return { all: after };
  const patch: ListPatch<Item> = {};
  if (remove.length > 0) patch.remove = remove;
  if (update.length > 0) patch.update = update;
  if (insert.length > 0) patch.insert = insert;
  if (reordered) patch.order = after.map((item) => idOf(item, key));
  return patch;
}

function applyList(before: Item[], patch: ListPatch<Item>, key: string): Item[] {
  if (patch.all) return patch.all;
  const removed = new Set(patch.remove);
  const updated = new Map((patch.update ?? []).map((item) => [idOf(item, key), item]));
  const kept = before.filter((item) => !removed.has(idOf(item, key))).map((item) => updated.get(idOf(item, key)) ?? item);
  const inserts = patch.insert ?? [];
  if (patch.order) {
    const byId = new Map(kept.map((item) => [idOf(item, key), item]));
    for (const [, item] of inserts) byId.set(idOf(item, key), item);
    return patch.order.map((id) => byId.get(id)!);
  }
  if (inserts.length === 0) return kept;
  // Every index is the item's place in the new list, so taking them in order merges the two.
  const list: Item[] = [];
  let next = 0;
  for (const [index, item] of inserts) {
    while (list.length < index && next < kept.length) list.push(kept[next++]!);
    list.push(item);
  }
  while (next < kept.length) list.push(kept[next++]!);
  return list;
}

const isListKey = (key: string): key is ListKey => Object.hasOwn(ITEM_KEYS, key);

/** Two lists of the same items in the same order: a short list sent whole (pinned tools) is not sent again when only rebuilt. */
function sameItems(before: unknown, after: unknown): boolean {
  return Array.isArray(before) && Array.isArray(after) && before.length === after.length && before.every((item, index) => item === after[index]);
}

/** What `next` changed from `prev`, or null when nothing did. */
export function diffState(prev: HubState, next: HubState): StatePatch | null {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(next) as Array<keyof HubState>) {
    if (prev[key] === next[key]) continue;
    if (isListKey(key)) {
      const list = diffList(prev[key] as unknown as Item[], next[key] as unknown as Item[], ITEM_KEYS[key]);
      if (list) patch[key] = list;
    } else if (!sameItems(prev[key], next[key])) {
      patch[key] = next[key];
    }
  }
  return Object.keys(patch).length > 0 ? (patch as StatePatch) : null;
}

/**
 * `state` with `patch` applied. What the patch leaves alone keeps its identity: the same
 * state when nothing changed, the same list when the list did not, the same item when it
 * did not.
 */
export function applyStatePatch(state: HubState, patch: StatePatch): HubState {
  const next: Record<string, unknown> = { ...state };
  let changed = false;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    changed = true;
    next[key] = isListKey(key) ? applyList(state[key] as unknown as Item[], value as ListPatch<Item>, ITEM_KEYS[key]) : value;
  }
  return changed ? (next as unknown as HubState) : state;
}
