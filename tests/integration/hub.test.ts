import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hub, ServerUrlError, type SavedServer } from '../../lib/hub';
import type { HubState } from '../../lib/messages';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';

function memoryStore(initial: SavedServer[] = []) {
  let saved = structuredClone(initial);
  return { load: async () => structuredClone(saved), save: async (servers: SavedServer[]) => void (saved = structuredClone(servers)), saved: () => saved };
}

async function until(hub: Hub, predicate: (state: HubState) => boolean): Promise<HubState> {
  if (predicate(hub.state())) return hub.state();
  return new Promise((resolve) => {
    const stop = hub.subscribe((state) => {
      if (predicate(state)) {
        stop();
        resolve(state);
      }
    });
  });
}

describe('Hub: the worker’s servers, calls and inbox', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startLegacyServer();
  });
  afterAll(() => server.close());

  it('adds a server, saves it, connects and lists its tools under the server’s own name', async () => {
    const store = memoryStore();
    const hub = new Hub({ store });
    const id = await hub.addServer(`  ${server.url}  `);
    expect(store.saved()).toEqual([{ id, url: server.url }]);
    const view = hub.state().servers[0]!;
    expect(view).toMatchObject({ id, name: 'Legacy Fixture', status: 'connected', protocolVersion: '2025-11-25' });
    expect(view.tools.map((tool) => tool.name)).toContain('deploy');
    await hub.removeServer(id);
  });

  it('refuses a URL that cannot be an MCP server, saving nothing', async () => {
    const store = memoryStore();
    const hub = new Hub({ store });
    await expect(hub.addServer('javascript:alert(1)')).rejects.toThrow(ServerUrlError);
    await expect(hub.addServer('not a url')).rejects.toThrow('is not a URL');
    expect(store.saved()).toEqual([]);
  });

  it('reconnects saved servers on start, and shows a dead one as an error in its own words', async () => {
    const store = memoryStore([
      { id: 'a', url: server.url, name: 'Deploys' },
      { id: 'b', url: 'http://127.0.0.1:9/mcp' },
    ]);
    const hub = new Hub({ store });
    await hub.start();
    const [alive, dead] = hub.state().servers;
    expect(alive).toMatchObject({ name: 'Deploys', status: 'connected' });
    expect(dead?.status).toBe('error');
    expect(dead?.error).toBeTruthy();
    await hub.removeServer('a');
  });

  it('puts an elicitation in the inbox with the server’s name, and the Answer completes the call', async () => {
    const hub = new Hub({ store: memoryStore() });
    const id = await hub.addServer(server.url, 'Deploys');
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
    const hub = new Hub({ store: memoryStore() });
    const first = await hub.addServer(server.url, 'First');
    const second = await hub.addServer(server.url, 'Second');
    const firstCall = hub.callTool(first, 'deploy', {});
    hub.callTool(second, 'deploy', {});
    await until(hub, (state) => state.inbox.length === 2);
    await hub.removeServer(first);
    expect(hub.state().inbox.map((request) => request.serverName)).toEqual(['Second']);
    expect((await firstCall).status).not.toBe('running');
    await hub.removeServer(second);
  });
});
