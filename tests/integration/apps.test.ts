/**
 * The worker's side of MCP Apps (lib/hub/apps.ts) through the Hub, against the official
 * basic-vanillajs server and the hostile app server: the app read once per connection, an
 * app's calls kept to its own server and to the tools it may call, and gone with its call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MIME_TYPE } from '../../lib/apps/resource';
import type { Hub } from '../../lib/hub';
import type { CallView } from '../../lib/state';
import { startExampleAppServer } from '../fixtures/app-servers';
import { type HostileAppServer, startHostileAppServer } from '../fixtures/hostile-app-server';
import { buildLegacyServer, serveV1 } from '../fixtures/legacy-server';
import { testHub, until } from '../hub-harness';
import { readText } from '../readText';

let vanilla: Awaited<ReturnType<typeof startExampleAppServer>>;
let hostile: HostileAppServer;
let hub: Hub;

beforeAll(async () => {
  [vanilla, hostile] = await Promise.all([startExampleAppServer('basic-vanillajs'), startHostileAppServer()]);
  hub = testHub({
    servers: [
      { id: 'vanilla', url: vanilla.url, enabled: true },
      { id: 'hostile', url: hostile.url, enabled: true },
    ],
    mcpApps: true,
  });
  await hub.start();
  await until(hub, (state) => state.servers.every((server) => server.status === 'connected'));
}, 30_000);

afterAll(async () => {
  await Promise.all([vanilla?.close(), hostile?.close()]);
});

const reads = () => vanilla.traffic.filter((exchange) => exchange.messages.includes('resources/read')).length;

describe('MCP Apps in the hub', () => {
  it('declares the Apps extension to servers (beside the tasks and skills extensions)', () => {
    // With SEP-3118's `elicitation` member (lib/mcp/appElicitation.ts): apps bound to questions are rendered too.
    expect(hostile.clientCapabilities?.extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: [APP_MIME_TYPE], elicitation: {} },
      'io.modelcontextprotocol/tasks': {},
      'io.modelcontextprotocol/skills': {},
    });
  });

  it("marks a call with its tool's app, and reads the app once per connection", async () => {
    const call = await hub.callTool('vanilla', 'get-time', {});
    expect(call.app).toEqual({ resourceUri: 'ui://get-time/mcp-app.html' });
    const before = reads();
    const [first, second] = await Promise.all([hub.loadApp(call.id), hub.loadApp(call.id)]);
    expect(first.html).toMatch(/<html/i);
    expect(second).toEqual(first);
    await hub.loadApp(call.id);
    expect(reads()).toBe(before + 1);
    await hub.reconnect('vanilla');
    await until(hub, (state) => state.servers.find((server) => server.id === 'vanilla')?.status === 'connected');
    await hub.loadApp(call.id);
    expect(reads()).toBe(before + 2);
  });

  it("runs an app's tool call as an activity of its own, marked as the app's", async () => {
    const call = await hub.callTool('vanilla', 'get-time', {});
    const result = await hub.appCallTool(call.id, 'get-time', {});
    expect(result.content[0]).toMatchObject({ type: 'text' });
    const made = hub.state().activities.find((activity) => activity.kind === 'tool' && activity.appOf === call.id) as CallView;
    expect(made).toMatchObject({ tool: 'get-time', status: 'done', serverId: 'vanilla' });
    expect(made.app).toBeUndefined();
  });

  it('refuses tools the server keeps from apps, and tools of other servers', async () => {
    const call = await hub.callTool('hostile', 'probe', {});
    await expect(hub.appCallTool(call.id, 'model_only', {})).rejects.toThrow('Hostile Apps does not let its apps call a tool named "model_only".');
    await expect(hub.appCallTool(call.id, 'get-time', {})).rejects.toThrow(/does not let its apps call a tool named "get-time"/);
    expect(await hub.appCallTool(call.id, 'forged', {})).toMatchObject({ content: [{ text: 'forged' }] });
    hostile.forgedCalls = 0;
  });

  it('says why an app cannot be loaded, and keeps nothing of a failed read', async () => {
    const missing = await hub.callTool('hostile', 'missing', {});
    await expect(hub.loadApp(missing.id)).rejects.toThrow(/nowhere/);
    const plain = await hub.callTool('hostile', 'plain', {});
    await expect(hub.loadApp(plain.id)).rejects.toThrow('ui://hostile/plain is "text/plain", not an app (text/html;profile=mcp-app).');
    const malformed = await hub.callTool('hostile', 'malformed', {});
    expect(malformed.app).toEqual({ problem: expect.stringMatching(/not a ui:\/\/ resource/) });
    await expect(hub.loadApp(malformed.id)).rejects.toThrow(/no longer in the panel/);
  });

  it('an app whose call was cleared can ask nothing more', async () => {
    const call = await hub.callTool('vanilla', 'get-time', {});
    hub.clearActivities();
    await expect(hub.loadApp(call.id)).rejects.toThrow('This app is no longer in the panel (its result was cleared).');
    await expect(hub.appCallTool(call.id, 'get-time', {})).rejects.toThrow(/no longer in the panel/);
    await expect(hub.appReadResource(call.id, 'ui://get-time/mcp-app.html')).rejects.toThrow(/no longer in the panel/);
  });

  it('a link is looked at before anyone may open it; one no one should open is refused', async () => {
    expect((await hub.checkLink('https://modelcontextprotocol.io/docs')).refused).toBeNull();
    expect(readText((await hub.checkLink('javascript:alert(1)')).refused)).toMatch(/javascript: URL; refused/);
    await expect(hub.openLink('javascript:alert(1)')).rejects.toThrow(/refused/);
  });
});

describe("An app's tool call that asks the person", () => {
  it('lands in the inbox like any other, and the answer reaches the server', async () => {
    const server = await serveV1((seen) => {
      const built = buildLegacyServer(seen, 'Apps That Ask');
      built.registerTool('panel', { description: 'Shows an app.', _meta: { ui: { resourceUri: 'ui://asks/panel' } } }, async () => ({
        content: [{ type: 'text', text: 'panel shown' }],
      }));
      built.registerResource('panel', 'ui://asks/panel', { mimeType: APP_MIME_TYPE }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: APP_MIME_TYPE, text: '<!doctype html><p>app</p>' }],
      }));
      return built;
    });
    const asking = testHub({ servers: [{ id: 'a', url: server.url, enabled: true }], mcpApps: true });
    await asking.start();
    await until(asking, (state) => state.servers[0]?.status === 'connected');
    const panel = await asking.callTool('a', 'panel', {});
    const call = asking.appCallTool(panel.id, 'deploy', { service: 'api' });
    const [request] = (await until(asking, (state) => state.inbox.length === 1)).inbox;
    expect(request).toMatchObject({ serverName: 'Apps That Ask', kind: 'input', prompt: 'Where should api deploy?' });
    asking.answer({ id: request!.id, ok: true, data: { target: 'prod', replicas: 2 } });
    expect(JSON.stringify((await call).content)).toMatch(/prod/);
    expect(server.seen.at(-1)).toMatchObject({ tool: 'deploy', result: { action: 'accept', content: { target: 'prod', replicas: 2 } } });
    await asking.removeServer('a');
    await server.close();
  });
});
