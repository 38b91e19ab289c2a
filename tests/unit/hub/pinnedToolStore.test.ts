import { describe, expect, it } from 'vitest';
import { PinnedToolStore } from '../../../lib/hub/pinnedToolStore';
import type { PinnedTool } from '../../../lib/pinnedTools';
import { testHub } from '../../hub-harness';

const URL_A = 'https://a.example/mcp';

function memory(initial: PinnedTool[] = []) {
  const store = {
    kept: initial,
    writes: 0,
    load: async () => store.kept,
    save: async (value: PinnedTool[]) => {
      store.writes += 1;
      store.kept = value;
    },
  };
  return store;
}

describe('the hub’s pinned tools', () => {
  it('keep the last worker’s pins when a tool is pinned before they are read', async () => {
    const stored = memory([{ serverUrl: URL_A, tool: 'kept', pinnedAt: 1 }]);
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const pins = new PinnedToolStore({ load: () => slow.then(() => stored.kept), save: stored.save }, () => {});
    const loading = pins.load();
    const pinning = pins.pin(URL_A, 'new', true);
    release();
    await Promise.all([loading, pinning]);
    expect(pins.list().map((pin) => pin.tool)).toEqual(['kept', 'new']);
    expect(stored.kept.map((pin) => pin.tool)).toEqual(['kept', 'new']);
  });

  it('write nothing when nothing changes, and throw a failed write to the caller', async () => {
    const stored = memory();
    const pins = new PinnedToolStore(stored, () => {});
    await pins.load();
    await pins.pin(URL_A, 'deploy', true);
    await pins.pin(URL_A, 'deploy', true);
    expect(stored.writes).toBe(1);
    const failing = new PinnedToolStore(
      { load: async () => [], save: async () => Promise.reject(new Error('QUOTA_BYTES quota exceeded')) },
      () => {},
    );
    await expect(failing.pin(URL_A, 'deploy', true)).rejects.toThrow(/quota/);
  });

  it('are in the hub’s state, and a new hub on the same storage shows them (a restarted worker)', async () => {
    const stored = memory();
    const hub = testHub({ pinnedTools: stored });
    await hub.start();
    await hub.pinTool(URL_A, 'deploy', true);
    expect(hub.state().pinnedTools).toEqual([{ serverUrl: URL_A, tool: 'deploy', pinnedAt: expect.any(Number) }]);
    const next = testHub({ pinnedTools: stored });
    await next.start();
    expect(next.state().pinnedTools.map((pin) => pin.tool)).toEqual(['deploy']);
    await next.pinTool(URL_A, 'deploy', false);
    expect(stored.kept).toEqual([]);
  });
});
