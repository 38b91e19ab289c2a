import { describe, expect, it } from 'vitest';
import { HISTORY_BYTES, History, HistorySaveError, historyEntry, type HistoryEntry, type HistoryStore } from '../../lib/history';
import type { PendingRequest } from '../../lib/inbox';

const entry = (requestId: string, serverId = 'a'): HistoryEntry => ({
  requestId,
  serverId,
  serverName: serverId.toUpperCase(),
  kind: 'input',
  prompt: `Question ${requestId}`,
  url: null,
  askedAt: 1,
  answeredAt: 2,
  action: 'decline',
});

/** A store whose first read answers only when `release()` is called, as a slow storage read would. */
function slowStore(stored: HistoryEntry[]) {
  const saves: string[][] = [];
  let release: () => void = () => undefined;
  const read = new Promise<void>((resolve) => (release = resolve));
  const store: HistoryStore = {
    load: async () => {
      await read;
      return stored;
    },
    save: async (entries) => void saves.push(entries.map((saved) => saved.requestId)),
  };
  return { store, saves, release };
}

/** A store that refuses every save, as a full storage quota would, until `full` is set false. */
function fillingStore() {
  const saves: string[][] = [];
  const quota = { full: true };
  const store: HistoryStore = {
    load: async () => [],
    save: async (entries) => {
      if (quota.full) throw new Error('QUOTA_BYTES quota exceeded');
      saves.push(entries.map((saved) => saved.requestId));
    },
  };
  return { store, saves, quota };
}

describe('History', () => {
  it('keeps what was answered while the stored history loads, and everything stored', async () => {
    const { store, saves, release } = slowStore([entry('old-1'), entry('old-2')]);
    const history = new History(store);
    const loading = history.load();
    const adding = history.add(entry('new'));
    expect(saves).toEqual([]);
    release();
    await Promise.all([loading, adding]);
    expect(history.list().map((kept) => kept.requestId)).toEqual(['new', 'old-1', 'old-2']);
    expect(saves.at(-1)).toEqual(['new', 'old-1', 'old-2']);
  });

  it('applies a clear made while loading to the stored history too', async () => {
    const { store, saves, release } = slowStore([entry('old-a', 'a'), entry('old-b', 'b')]);
    const history = new History(store);
    const loading = history.load();
    const clearing = history.clear('a');
    release();
    await Promise.all([loading, clearing]);
    expect(history.list().map((kept) => kept.requestId)).toEqual(['old-b']);
    expect(saves.at(-1)).toEqual(['old-b']);
  });

  it('keeps at most its limit, newest first', async () => {
    const history = new History({ load: async () => [entry('old')], save: async () => {} }, 2);
    await history.load();
    await history.add(entry('1'));
    await history.add(entry('2'));
    expect(history.list().map((kept) => kept.requestId)).toEqual(['2', '1']);
  });

  it('a save that fails rejects with HistorySaveError, and the saves after it still happen', async () => {
    const { store, saves, quota } = fillingStore();
    const history = new History(store);
    await history.load();
    await expect(history.add(entry('too-big'))).rejects.toSatisfy(
      (error) => error instanceof HistorySaveError && /quota exceeded/.test(error.message),
    );
    quota.full = false;
    await history.add(entry('next'));
    expect(saves).toEqual([['next', 'too-big']]);
  });

  it('makes the changes that wait behind a write share the next one', async () => {
    const saves: string[][] = [];
    let finish: () => void = () => undefined;
    const history = new History({
      load: async () => [],
      save: async (entries) => {
        saves.push(entries.map((saved) => saved.requestId));
        // The first write is slow, as a large list's is.
        if (saves.length === 1) await new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await history.load();
    const first = history.add(entry('1'));
    await Promise.resolve();
    const rest = ['2', '3', '4', '5'].map((id) => history.add(entry(id)));
    finish();
    await Promise.all([first, ...rest]);
    expect(saves).toEqual([['1'], ['5', '4', '3', '2', '1']]);
  });

  it('rejects every change that shared a failed write, and writes the next', async () => {
    const { store, saves, quota } = fillingStore();
    const history = new History(store);
    await history.load();
    const shared = [history.add(entry('a')), history.add(entry('b'))];
    for (const adding of shared) await expect(adding).rejects.toBeInstanceOf(HistorySaveError);
    quota.full = false;
    await history.add(entry('c'));
    expect(saves).toEqual([['c', 'b', 'a']]);
  });

  it('keeps only the newest entries that fit its byte bound', async () => {
    const history = new History({ load: async () => [], save: async () => {} });
    const big = (id: string) => ({ ...entry(id), content: { text: 'x'.repeat(30_000) } });
    for (let index = 0; index < 100; index += 1) await history.add(big(String(index)));
    const kept = history.list();
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(HISTORY_BYTES);
    expect(kept[0]?.requestId).toBe('99');
    expect(kept.length).toBeGreaterThan(50);
    expect(kept.length).toBeLessThan(100);
  });
});

describe('historyEntry', () => {
  const pending = (overrides: Partial<PendingRequest>): PendingRequest =>
    Object.assign(
      {
        id: 'elc-1',
        kind: 'input',
        prompt: 'Q',
        url: null,
        data: null,
        serverId: 's',
        serverName: 'S',
        askedAt: 1,
        expiresAt: null,
      },
      overrides,
    );

  it('cuts what a server sent (11 MiB of message or URL) to what a person reads, saying so', () => {
    const huge = 'x'.repeat(11 * 1024 * 1024);
    const kept = historyEntry(
      pending({ prompt: huge, kind: 'authorization', url: `https://example.com/?q=${huge}` }),
      { id: 'elc-1', ok: false, reason: 'declined' },
      2,
    );
    expect(kept.prompt.length).toBeLessThan(4_100);
    expect(kept.prompt).toMatch(/more characters not kept\)$/);
    expect(kept.url!.length).toBeLessThan(4_100);
    expect(JSON.stringify(kept).length).toBeLessThan(10_000);
  });

  it('keeps what the person typed up to 32 KiB', () => {
    const request = pending({ data: { schema: { type: 'object', properties: { note: { type: 'string' } } } } });
    const kept = historyEntry(request, { id: 'elc-1', ok: true, data: { note: 'y'.repeat(100_000) } }, 2);
    expect(JSON.stringify(kept.content).length).toBeLessThan(5_000);
    const small = historyEntry(request, { id: 'elc-1', ok: true, data: { note: 'fine' } }, 2);
    expect(small.content).toEqual({ note: 'fine' });
  });

  it('leaves a sign-in URL’s one-time values out of History', () => {
    const url =
      'https://auth.example/authorize?client_id=abc&state=s3cret&code_challenge=ch4l&code_challenge_method=S256&redirect_uri=https%3A%2F%2Fx';
    const kept = historyEntry(pending({ kind: 'authorization', url, purpose: 'oauth' }), { id: 'elc-1', ok: true }, 2);
    expect(kept.url).toBe('https://auth.example/authorize?client_id=abc&code_challenge_method=S256&redirect_uri=https%3A%2F%2Fx');
    const visit = 'https://pay.example/checkout?state=kept';
    expect(historyEntry(pending({ kind: 'authorization', url: visit }), { id: 'elc-1', ok: true }, 2).url).toBe(visit);
  });
});
