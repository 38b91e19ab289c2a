import { describe, expect, it } from 'vitest';
import { History, type HistoryEntry, type HistoryStore } from '../../lib/history';

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
});
