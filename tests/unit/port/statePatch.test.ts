import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityView, HubState, InboxItem } from '../../../lib/state';
import { applyStatePatch, diffState, type StatePatch } from '../../../lib/port/statePatch';
import { emptyHubState } from './emptyState';

const LISTS = { servers: 'id', inbox: 'id', visits: 'requestId', notices: 'id', activities: 'id', history: 'requestId' } as const;
type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];

type Item = Record<string, unknown>;
const item = (list: ListName, id: string, version: number): Item => ({ [LISTS[list]]: id, version, nested: { version } });

const empty = emptyHubState;

const lists = (state: HubState) => state as unknown as Record<ListName, Item[]>;
const ids = (list: ListName, items: Item[]) => items.map((entry) => String(entry[LISTS[list]]));
/** What the port does to a message: JSON (no identity, no `undefined`). */
const overThePort = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** One step of the hub: each list may gain, lose, replace or reorder items; some ids repeat. */
type Edit =
  | { op: 'insert'; at: number; id: number }
  | { op: 'remove'; at: number }
  | { op: 'replace'; at: number }
  | { op: 'move'; from: number; to: number }
  | { op: 'reverse' };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), id: fc.nat({ max: 12 }) }),
  fc.record({ op: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('move' as const), from: fc.nat(), to: fc.nat() }),
  fc.constant({ op: 'reverse' as const }),
);
const step: fc.Arbitrary<Step> = fc.record({
  edits: fc.dictionary(fc.constantFrom(...NAMES), fc.array(edit, { maxLength: 4 })),
  settings: fc.boolean(),
  /** The hub builds a fresh array for a list even when no item changed (`Hub.state()`). */
  copies: fc.boolean(),
});

type Step = { edits: Partial<Record<ListName, Edit[]>>; settings: boolean; copies: boolean };

let version = 0;
function advance(state: HubState, { edits, settings, copies }: Step): HubState {
  const next: Record<string, unknown> = { ...state };
  for (const list of NAMES) {
    const changes = edits[list];
    if (!changes?.length) {
      if (copies) next[list] = [...lists(state)[list]];
      continue;
    }
    const items = [...lists(state)[list]];
    for (const change of changes) {
      const at = (n: number) => (items.length === 0 ? 0 : n % items.length);
      if (change.op === 'insert') items.splice(change.at % (items.length + 1), 0, item(list, `i${change.id}`, (version += 1)));
      else if (items.length === 0) continue;
      else if (change.op === 'remove') items.splice(at(change.at), 1);
      else if (change.op === 'replace') items[at(change.at)] = { ...items[at(change.at)], version: (version += 1) };
      else if (change.op === 'move') items.splice(at(change.to), 0, ...items.splice(at(change.from), 1));
      else items.reverse();
    }
    next[list] = items;
  }
  if (settings) next.settings = { requestTimeoutMinutes: (version += 1) };
  return next as unknown as HubState;
}

const sequence = fc.array(step, { minLength: 1, maxLength: 12 });

describe('state patches', () => {
  it('bring the previous state to the next, for any sequence of changes (property)', () => {
    fc.assert(
      fc.property(sequence, (steps) => {
        let state = empty();
        for (const change of steps) {
          const next = advance(state, change);
          const patch = diffState(state, next);
          expect(patch === null ? state : applyStatePatch(state, patch)).toEqual(next);
          state = next;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('rebuild the worker’s state on the panel’s side of the port, keeping every unchanged item (property)', () => {
    fc.assert(
      fc.property(sequence, (steps) => {
        let sent = empty();
        let panel = overThePort(sent);
        for (const change of steps) {
          const next = advance(sent, change);
          const patch = diffState(sent, next);
          const before = panel;
          if (patch) panel = applyStatePatch(panel, overThePort(patch));
          expect(panel).toEqual(overThePort(next));
          for (const list of NAMES) {
            const key = LISTS[list];
            const was = new Map(lists(sent)[list].map((entry) => [entry[key], entry]));
            const unique = new Set(ids(list, lists(next)[list])).size === lists(next)[list].length && was.size === lists(sent)[list].length;
            const untouched =
              lists(next)[list].every((entry, index) => entry === lists(sent)[list][index]) && lists(next)[list].length === lists(sent)[list].length;
            if (untouched) expect(lists(panel)[list], `${list} unchanged`).toBe(lists(before)[list]);
            if (!unique) continue;
            const panelBefore = new Map(lists(before)[list].map((entry) => [entry[key], entry]));
            const kept = lists(next)[list].filter((entry) => was.get(entry[key]) === entry);
            for (const entry of kept) {
              const shown = lists(panel)[list].find((candidate) => candidate[key] === entry[key]);
              expect(shown, `${list} ${String(entry[key])} kept`).toBe(panelBefore.get(entry[key]));
            }
          }
          if (next.settings === sent.settings) expect(panel.settings).toBe(before.settings);
          sent = next;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('are null when nothing changed, even if the hub built new arrays', () => {
    const state = { ...empty(), inbox: [item('inbox', 'a', 1)] as unknown as InboxItem[] };
    expect(diffState(state, { ...state, inbox: [...state.inbox], servers: [] })).toBeNull();
  });

  it('carry only the new Request when one joins 200 waiting', () => {
    const waiting = Array.from({ length: 200 }, (_, index) => item('inbox', `r${index}`, 0)) as unknown as InboxItem[];
    const fresh = item('inbox', 'r200', 0) as unknown as InboxItem;
    const state = { ...empty(), inbox: waiting };
    const patch = diffState(state, { ...state, inbox: [...waiting, fresh] });
    expect(patch).toEqual({ inbox: { insert: [[200, fresh]] } });
  });

  it('carry the one activity that finished, not the results around it', () => {
    const activities = Array.from({ length: 50 }, (_, index) => ({ id: `a${index}`, status: 'done' })) as unknown as ActivityView[];
    const running = { id: 'new', status: 'running' } as unknown as ActivityView;
    const started = { ...empty(), activities: [running, ...activities] };
    expect(diffState(empty(), { ...empty(), activities }) satisfies StatePatch | null).toEqual({ activities: { all: activities } });
    expect(diffState({ ...empty(), activities }, started)).toEqual({ activities: { insert: [[0, running]] } });
    const done = { ...running, status: 'done' } as ActivityView;
    expect(diffState(started, { ...started, activities: [done, ...activities.slice(0, 49)] })).toEqual({
      activities: { remove: ['a49'], update: [done] },
    });
  });

  it('keep the state itself when the patch changes nothing', () => {
    const state = empty();
    expect(applyStatePatch(state, {})).toBe(state);
  });
});
