import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerUrlError, type SavedServer } from '../../lib/hub';
import { RESULTS_KEPT } from '../../lib/hub/eviction';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { memory, testHub, until } from '../hub-harness';

const noServers = () => memory<SavedServer[]>([]);

describe('Hub: the worker’s servers, calls and inbox', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startLegacyServer();
  });
  afterAll(() => server.close());

  it('adds a server, saves it, connects and lists its tools under the server’s own name', async () => {
    const store = noServers();
    const hub = testHub({ servers: store });
    const id = await hub.addServer({ url: `  ${server.url}  ` });
    expect(store.value()).toEqual([{ id, url: server.url, enabled: true }]);
    const view = hub.state().servers[0]!;
    expect(view).toMatchObject({ id, displayName: 'Legacy Fixture', status: 'connected', protocolVersion: '2025-11-25' });
    expect(view.tools.map((tool) => tool.name)).toContain('deploy');
    await hub.removeServer(id);
  });

  it('refuses a URL that cannot be an MCP server, saving nothing', async () => {
    const store = noServers();
    const hub = testHub({ servers: store });
    await expect(hub.addServer({ url: 'javascript:alert(1)' })).rejects.toThrow(ServerUrlError);
    await expect(hub.addServer({ url: 'not a url' })).rejects.toThrow('is not a URL');
    expect(store.value()).toEqual([]);
  });

  it('reconnects saved servers on start, and shows a dead one as an error in its own words', async () => {
    const store = memory<SavedServer[]>([
      { id: 'a', url: server.url, name: 'Deploys', enabled: true },
      { id: 'b', url: 'http://127.0.0.1:9/mcp', enabled: true },
    ]);
    const hub = testHub({ servers: store, backoffMs: () => 60_000 });
    await hub.start();
    const [alive, dead] = hub.state().servers;
    expect(alive).toMatchObject({ displayName: 'Deploys', status: 'connected' });
    expect(dead?.status).toBe('error');
    expect(dead?.error).toBeTruthy();
    expect(dead?.retryAt).toBeGreaterThan(Date.now());
    await hub.removeServer('a');
    await hub.removeServer('b');
  });

  it('puts an elicitation in the inbox with the server’s name, and the Answer completes the call', async () => {
    const hub = testHub();
    const id = await hub.addServer({ url: server.url, name: 'Deploys' });
    const call = hub.callTool(id, 'deploy', {});
    expect(hub.busy()).toBe(true);
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    expect(inbox[0]).toMatchObject({ serverId: id, serverName: 'Deploys', kind: 'input', prompt: 'Where should web deploy?' });
    hub.answer({ id: inbox[0]!.id, ok: true, data: { target: 'prod', replicas: 4 } });
    const done = await call;
    expect(done.status).toBe('done');
    expect(done.result?.content[0]).toEqual({ type: 'text', text: '{"action":"accept","content":{"target":"prod","replicas":4}}' });
    expect(hub.busy()).toBe(false);
    await hub.removeServer(id);
  });

  it('cancels a removed server’s pending Requests and leaves the others alone', async () => {
    const hub = testHub();
    const first = await hub.addServer({ url: server.url, name: 'First' });
    const second = await hub.addServer({ url: server.url, name: 'Second' });
    const firstCall = hub.callTool(first, 'deploy', {});
    hub.callTool(second, 'deploy', {});
    await until(hub, (state) => state.inbox.length === 2);
    await hub.removeServer(first);
    expect(hub.state().inbox.map((request) => request.serverName)).toEqual(['Second']);
    expect((await firstCall).status).not.toBe('running');
    await hub.removeServer(second);
  });

  it(`keeps ${RESULTS_KEPT} results once a burst of 40 calls ends, showing all of them while they run`, async () => {
    const hub = testHub();
    const id = await hub.addServer({ url: server.url });
    for (let index = 0; index < RESULTS_KEPT; index += 1) await hub.callTool(id, 'echo', { text: `before ${index}` });
    const burst = Array.from({ length: 40 }, (_, index) => hub.callTool(id, 'slow_echo', { text: `burst ${index}`, delayMs: 300 }));
    expect(hub.state().activities).toHaveLength(RESULTS_KEPT + 40);
    const ended = await Promise.all(burst);
    expect(ended.map((call) => call.status)).toEqual(Array(40).fill('done'));
    expect(hub.state().activities).toHaveLength(RESULTS_KEPT);
    expect(hub.state().activities.filter((call) => call.kind === 'tool' && call.tool === 'slow_echo')).toHaveLength(40);
    expect(hub.state().activitiesDropped).toBe(40);
    await hub.removeServer(id);
  });

  it('drops a removed server’s results and leaves the others’; History keeps what it asked', async () => {
    const hub = testHub();
    const gone = await hub.addServer({ url: server.url, name: 'Gone' });
    const stays = await hub.addServer({ url: server.url, name: 'Stays' });
    await hub.callTool(gone, 'echo', { text: 'from the gone one' });
    await hub.callTool(stays, 'echo', { text: 'from the one that stays' });
    const asked = hub.callTool(gone, 'deploy', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    hub.answer({ id: inbox[0]!.id, ok: false, reason: 'declined' });
    await asked;
    await until(hub, (state) => state.history.length === 1);
    expect(hub.state().activities.filter((call) => call.serverId === gone)).toHaveLength(2);
    await hub.removeServer(gone);
    expect(hub.state().activities.map((call) => call.serverId)).toEqual([stays]);
    expect(hub.state().history).toEqual([expect.objectContaining({ serverId: gone, serverName: 'Gone' })]);
    await hub.removeServer(stays);
  });
});
