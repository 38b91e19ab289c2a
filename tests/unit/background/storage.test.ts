import browser from 'webextension-polyfill';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StartRead, stored, storedHistory, storedRecords } from '../../../entrypoints/background/storage';
import type { HistoryEntry } from '../../../lib/history';

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.restoreAllMocks());

interface Item {
  id: string;
  n: number;
}

describe('what the worker reads as it starts', () => {
  it('reads each area once, and answers each key’s first read from it', async () => {
    await browser.storage.local.set({ servers: ['a'], settings: { x: 1 } });
    await browser.storage.session.set({ notices: ['n'] });
    const get = vi.spyOn(browser.storage.local, 'get');
    const start = new StartRead();
    const values = await Promise.all([
      stored(start, 'servers', []).load(),
      stored(start, 'settings', {}).load(),
      stored(start, 'savedCalls', ['none']).load(),
      stored(start, 'notices', [], 'session').load(),
    ]);
    expect(values).toEqual([['a'], { x: 1 }, ['none'], ['n']]);
    expect(get.mock.calls).toEqual([[null]]);
  });

  it('reads a key from its area once it was read or written: the start’s copy is stale then', async () => {
    await browser.storage.local.set({ settings: { x: 1 } });
    const start = new StartRead();
    const settings = stored(start, 'settings', {});
    expect(await settings.load()).toEqual({ x: 1 });
    await browser.storage.local.set({ settings: { x: 2 } });
    expect(await settings.load()).toEqual({ x: 2 });
    const servers = stored<string[]>(start, 'servers', []);
    await servers.save(['b']);
    expect(await servers.load()).toEqual(['b']);
  });

  it('serves lib/auth’s reads from it too', async () => {
    await browser.storage.local.set({ 'auth:s1': { tokens: 't' } });
    const start = new StartRead();
    const area = start.area('local');
    const get = vi.spyOn(browser.storage.local, 'get');
    expect(await area.get('auth:s1')).toEqual({ 'auth:s1': { tokens: 't' } });
    expect(get).not.toHaveBeenCalled();
    await area.set({ 'auth:s1': { tokens: 'u' } });
    expect(await area.get('auth:s1')).toEqual({ 'auth:s1': { tokens: 'u' } });
  });
});

describe('a list kept item by item', () => {
  const records = (start = new StartRead()) => storedRecords<Item>(start, 'item:', (item) => item.id);

  it('writes only what changed, in one set, and drops what is gone', async () => {
    const list = records();
    await list.load();
    const set = vi.spyOn(browser.storage.session, 'set');
    const a = { id: 'a', n: 1 };
    const b = { id: 'b', n: 2 };
    await list.save([a, b]);
    const a2 = { ...a, n: 10 };
    await list.save([a2, b]);
    await list.save([a2]);
    await list.save([a2]);
    expect(set.mock.calls.map(([items]) => items)).toEqual([{ 'item:a': a, 'item:b': b }, { 'item:a': a2 }, { 'item:b': null }]);
    expect(await records().load()).toEqual([a2]);
  });

  it('hands back what it holds, and writes nothing for what comes back unchanged', async () => {
    await browser.storage.session.set({ 'item:a': { id: 'a', n: 1 }, 'item:b': { id: 'b', n: 2 }, other: 1 });
    const list = records();
    const loaded = await list.load();
    expect(loaded).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    const set = vi.spyOn(browser.storage.session, 'set');
    await list.save([loaded[1]!]);
    expect(set.mock.calls).toEqual([[{ 'item:a': null }]]);
  });

  it('writes the whole list again after a failed write', async () => {
    const list = records();
    await list.load();
    const a = { id: 'a', n: 1 };
    const set = vi.spyOn(browser.storage.session, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await expect(list.save([a])).rejects.toThrow('QUOTA_BYTES');
    const b = { id: 'b', n: 2 };
    await list.save([a, b]);
    expect(set.mock.calls.at(-1)).toEqual([{ 'item:a': a, 'item:b': b }]);
  });
});

describe('History in storage', () => {
  const entry = (requestId: string, answeredAt: number): HistoryEntry => ({
    requestId,
    serverId: 's1',
    serverName: 'Trips',
    kind: 'input',
    prompt: `Asked ${requestId}`,
    url: null,
    askedAt: answeredAt - 10,
    answeredAt,
    action: 'accept',
    content: { note: 'x'.repeat(1_000) },
  });

  it('writes an answer’s entry alone, not the whole list again', async () => {
    const older = [entry('elc-2', 2), entry('elc-1', 1)];
    await browser.storage.local.set({ 'history:elc-2': older[0], 'history:elc-1': older[1] });
    const history = storedHistory(new StartRead());
    const loaded = await history.load();
    const set = vi.spyOn(browser.storage.local, 'set');
    const newest = entry('elc-3', 3);
    await history.save([newest, ...loaded]);
    expect(set.mock.calls).toEqual([[{ 'history:elc-3': newest }]]);
  });

  it('lists the newest first, whatever order the keys come back in', async () => {
    await browser.storage.local.set({ 'history:elc-a': entry('elc-a', 1), 'history:elc-c': entry('elc-c', 3), 'history:elc-b': entry('elc-b', 2) });
    expect((await storedHistory(new StartRead()).load()).map((kept) => kept.requestId)).toEqual(['elc-c', 'elc-b', 'elc-a']);
  });

  it('moves the one list an earlier version kept into entries of their own, losing none', async () => {
    await browser.storage.local.set({ history: [entry('elc-2', 2), entry('elc-1', 1)], 'history:elc-3': entry('elc-3', 3) });
    const loaded = await storedHistory(new StartRead()).load();
    expect(loaded.map((kept) => kept.requestId)).toEqual(['elc-3', 'elc-2', 'elc-1']);
    const all = await browser.storage.local.get(null);
    expect(all.history).toBeUndefined();
    expect(Object.keys(all).sort()).toEqual(['history:elc-1', 'history:elc-2', 'history:elc-3']);
    expect((await storedHistory(new StartRead()).load()).map((kept) => kept.requestId)).toEqual(['elc-3', 'elc-2', 'elc-1']);
  });

  it('still lists the old list when moving it fails, and moves it at the next start', async () => {
    await browser.storage.local.set({ history: [entry('elc-2', 2), entry('elc-1', 1)] });
    vi.spyOn(browser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    expect((await storedHistory(new StartRead()).load()).map((kept) => kept.requestId)).toEqual(['elc-2', 'elc-1']);
    expect((await browser.storage.local.get('history')).history).toHaveLength(2);
    expect((await storedHistory(new StartRead()).load()).map((kept) => kept.requestId)).toEqual(['elc-2', 'elc-1']);
    expect(Object.keys(await browser.storage.local.get(null)).sort()).toEqual(['history:elc-1', 'history:elc-2']);
  });

  it('forgets cleared entries for good', async () => {
    const history = storedHistory(new StartRead());
    await history.load();
    await history.save([entry('elc-2', 2), entry('elc-1', 1)]);
    await history.save([]);
    expect(await storedHistory(new StartRead()).load()).toEqual([]);
  });
});
