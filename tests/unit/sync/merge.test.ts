import { describe, expect, it } from 'vitest';
import { digestOf, itemOf, readItem, type SyncItem } from '../../../lib/sync/items';
import { type BaseEntry, decide, type KeyState, type LocalEntity, TOMBSTONE_TTL_MS } from '../../../lib/sync/merge';

const NOW = 1_800_000_000_000;
const here = { writer: 'here', now: NOW, turningOn: false };
const key = 'server:s1';
const body = (name: string) => ({ url: 'https://a.example/mcp', name });
const local = (name: string): LocalEntity => ({ key, kind: 'server', name, body: body(name) });
const item = (name: string | null, at: number, by = 'there', extra: Record<string, unknown> = {}): SyncItem => ({
  ...itemOf(name === null ? null : body(name), { at, by }),
  ...extra,
});
const baseOf = (name: string | null, at: number, by = 'here'): BaseEntry => ({ at, by, digest: digestOf(name === null ? null : body(name)) });
const state = (fields: Omit<KeyState, 'key' | 'remote'> & { remote?: unknown }): KeyState => ({
  key,
  ...fields,
  remote: fields.remote === undefined ? undefined : readItem(fields.remote),
});

describe('deciding one entry', () => {
  it('takes the area’s change when this browser made none', () => {
    const decision = decide(state({ base: baseOf('A', 1), local: local('A'), remote: item('B', 2, 'there', { prev: { at: 1, by: 'here' } }) }), here);
    expect(decision).toMatchObject({ do: 'apply', body: body('B') });
    expect(decision).not.toHaveProperty('conflict', expect.anything());
  });

  it('says this browser’s written change was lost when the newer one was made without seeing it', () => {
    expect(
      decide(state({ base: baseOf('A', 1), local: local('A'), remote: item('B', 2, 'there', { prev: { at: 0, by: 'x' } }) }), here),
    ).toMatchObject({
      do: 'apply',
      conflict: { kept: 'there', other: { at: 1, by: 'here' } },
    });
  });

  it('names the version a change was made on, so the other browsers can tell', () => {
    expect(decide(state({ base: baseOf('A', 1, 'there'), local: local('B'), localChangedAt: 5, remote: item('A', 1) }), here)).toMatchObject({
      item: { prev: { at: 1, by: 'there' } },
    });
  });

  it('writes this browser’s change when the area made none, dated when it was made', () => {
    const decision = decide(state({ base: baseOf('A', 1, 'there'), local: local('B'), localChangedAt: NOW - 5, remote: item('A', 1) }), here);
    expect(decision).toMatchObject({ do: 'push', item: { name: 'B', at: NOW - 5, by: 'here', v: 1 } });
  });

  it('keeps the newer of two changes made at once, and reports the other', () => {
    const newerHere = decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 30, remote: item('C', 20) }), here);
    expect(newerHere).toMatchObject({ do: 'push', item: { name: 'B' }, conflict: { kept: 'here', other: { at: 20, by: 'there' } } });
    const newerThere = decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 10, remote: item('C', 20) }), here);
    expect(newerThere).toMatchObject({ do: 'apply', body: body('C'), conflict: { kept: 'there', other: { at: 10, by: 'here' } } });
  });

  it('breaks a tie by writer id, so every browser keeps the same one', () => {
    expect(decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 20, remote: item('C', 20, 'zzz') }), here)).toMatchObject({
      do: 'apply',
    });
    expect(decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 20, remote: item('C', 20, 'aaa') }), here)).toMatchObject({
      do: 'push',
    });
  });

  it('sees no conflict when both made the same change', () => {
    expect(decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 5, remote: item('B', 9) }), here)).toMatchObject({
      do: 'nothing',
      base: { at: 9, by: 'there' },
    });
  });

  it('writes the newer back when an older write reached the area after it', () => {
    expect(decide(state({ base: baseOf('B', 30), local: local('B'), remote: item('C', 20) }), here)).toMatchObject({
      do: 'push',
      item: { name: 'B', at: 30, by: 'here' },
      conflict: { kept: 'here' },
    });
  });

  it('reports no conflict with this browser’s own older write', () => {
    expect(decide(state({ base: baseOf('A', 1), local: local('B'), localChangedAt: 30, remote: item('C', 20, 'here') }), here)).not.toHaveProperty(
      'conflict',
      expect.anything(),
    );
  });

  it('removes here what another browser removed, and tells the others what this one removed', () => {
    expect(decide(state({ base: baseOf('A', 1), local: local('A'), remote: item(null, 2) }), here)).toMatchObject({ do: 'apply', body: null });
    expect(decide(state({ base: baseOf('A', 1), remote: item('A', 1, 'here') }), here)).toMatchObject({
      do: 'push',
      item: { removed: true, by: 'here', at: NOW },
    });
  });

  it('obeys a tombstone past its time, then deletes it from the area', () => {
    const old = NOW - TOMBSTONE_TTL_MS - 1;
    expect(decide(state({ base: baseOf('A', 1), local: local('A'), remote: item(null, old) }), here)).toMatchObject({
      do: 'apply',
      body: null,
      drop: true,
    });
    expect(decide(state({ base: baseOf(null, old, 'there'), remote: item(null, old) }), here)).toMatchObject({ do: 'forget', drop: true });
    expect(decide(state({ base: baseOf(null, old, 'there') }), here)).toEqual({ do: 'forget' });
  });

  it('writes back an entry this browser has and the area lost', () => {
    expect(decide(state({ base: baseOf('A', 7), local: local('A') }), here)).toMatchObject({ do: 'push', item: { name: 'A', at: 7 } });
  });

  it('turning sync on removes nothing here and lets the area’s version win where both differ', () => {
    const on = { ...here, turningOn: true };
    expect(decide(state({ local: local('A'), remote: item(null, 2) }), on)).toMatchObject({ do: 'push', item: { name: 'A' } });
    expect(decide(state({ local: local('A'), remote: item('B', 2) }), on)).toMatchObject({
      do: 'apply',
      body: body('B'),
      conflict: { kept: 'there' },
    });
    expect(decide(state({ local: local('A') }), on)).toMatchObject({ do: 'push' });
  });

  it('writes back the fields a newer version wrote, untouched, with its format version', () => {
    const future = item('B', 1, 'there', { v: 3, color: 'teal' });
    const base = decide(state({ local: local('A'), remote: future, base: baseOf('A', 0) }), here);
    expect(base).toMatchObject({ do: 'apply', body: body('B') });
    if (base.do !== 'apply') return;
    expect(base.base.kept).toEqual({ color: 'teal' });
    const pushed = decide(state({ base: base.base, local: local('C'), localChangedAt: 5, remote: future }), here);
    expect(pushed).toMatchObject({ do: 'push', item: { v: 3, color: 'teal', name: 'C' } });
  });

  it('leaves an entry it cannot read as it is, and says why', () => {
    expect(decide(state({ local: local('A'), remote: { url: 'x' } }), here)).toEqual({ do: 'unreadable', reason: 'it has no format version' });
    expect(decide(state({ local: local('A'), remote: 'text' }), here)).toEqual({ do: 'unreadable', reason: 'it is not an object' });
  });
});
