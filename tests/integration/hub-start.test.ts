import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../lib/history';
import type { Stored } from '../../lib/hub';
import type { PendingRequest } from '../../lib/inbox';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { memory, testHub, until } from '../hub-harness';

/** A stored value whose load answers only once `release()` is called, as a slow storage read. */
function held<T>(initial: T): Stored<T> & { value(): T; release(): void } {
  const store = memory(initial);
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { ...store, load: () => gate.then(store.load), release };
}

const oldRequest: PendingRequest = {
  id: 'elc-old-1',
  kind: 'input',
  prompt: 'Where should api deploy?',
  url: null,
  data: null,
  serverId: 's',
  serverName: 'Deploys',
  askedAt: 1,
  expiresAt: null,
};

const oldEntry: HistoryEntry = {
  requestId: 'elc-older',
  serverId: 's',
  serverName: 'Deploys',
  kind: 'input',
  prompt: 'Which region?',
  url: null,
  askedAt: 1,
  answeredAt: 2,
  action: 'decline',
};

describe('Hub.start: connecting comes first', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startLegacyServer();
  });
  afterAll(() => server.close());

  it('connects while history and the last worker’s Requests still load, and loses nothing of either', async () => {
    const history = held<HistoryEntry[]>([oldEntry]);
    const pending = held<PendingRequest[]>([oldRequest]);
    const hub = testHub({ servers: [{ id: 's', url: server.url, name: 'Deploys', enabled: true }], history, pending });
    const started = hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');

    // A Request asked and answered now, before the old lists have even been read.
    const call = hub.callTool('s', 'deploy', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    const asked = inbox[0]!.id;
    const second = hub.callTool('s', 'deploy', {});
    const waiting = (await until(hub, (state) => state.inbox.length === 2)).inbox.find((request) => request.id !== asked)!.id;
    hub.answer({ id: asked, ok: false, reason: 'declined' });
    expect((await call).status).toBe('done');
    history.release();
    pending.release();
    await started;

    const state = hub.state();
    expect(state.history.map((entry) => entry.requestId)).toEqual([asked, 'elc-older']);
    await expect.poll(() => history.value().map((entry) => entry.requestId)).toEqual([asked, 'elc-older']);
    expect(state.notices).toMatchObject([{ kind: 'lost', id: 'elc-old-1', serverName: 'Deploys' }]);
    // The old worker's list is replaced by this one's, which holds the Request still waiting.
    await expect.poll(() => pending.value().map((request) => request.id)).toEqual([waiting]);
    hub.answer({ id: waiting, ok: false, reason: 'declined' });
    expect((await second).status).toBe('done');
    await hub.removeServer('s');
  });
});
