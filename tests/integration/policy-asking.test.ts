/**
 * The organisation's policy where a server asks something of the person (issue 39), through the
 * Hub against real servers on 127.0.0.1: the pages a URL-mode elicitation may send them to, the
 * authorization servers a sign-in may go to (a real one, oidc-provider), and MCP Apps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleAppServer } from '../fixtures/app-servers';
import { startHostileAppServer } from '../fixtures/hostile-app-server';
import { startProtectedServer } from '../fixtures/auth/protected-server';
import { type FixtureServer, startShowcaseServer } from '../fixtures/servers';
import { managedStorage, testHub, until } from '../hub-harness';
import { signInHub } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
let showcase: FixtureServer;
beforeAll(async () => {
  showcase = await startShowcaseServer();
  open.push(showcase);
});
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

describe('the pages a server may send the person to', () => {
  it('declines a URL on a host the policy does not list without asking, and says why', async () => {
    const visited: string[] = [];
    const hub = testHub({
      policy: managedStorage({ allowedUrlElicitationHosts: ['docs.example.com'] }).source,
      openUrl: async (url) => void visited.push(url),
    });
    await hub.start();
    const id = await hub.addServer({ url: showcase.url });
    const call = await hub.callTool(id, 'connect_account', {});
    expect(call.result?.content[0]).toEqual({ type: 'text', text: '{"action":"decline"}' });
    expect(hub.state().inbox).toEqual([]);
    expect(hub.state().notices[0]).toMatchObject({
      kind: 'refused',
      reason: 'Set by your organisation (allowedUrlElicitationHosts): Your organisation does not allow servers to send you to 127.0.0.1.',
    });
    expect(visited).toEqual([]);
    await hub.removeServer(id);
  });

  it('asks the person as always about a host the policy lists', async () => {
    const hub = testHub({ policy: managedStorage({ allowedUrlElicitationHosts: ['127.0.0.1', '*.example.com'] }).source });
    await hub.start();
    const id = await hub.addServer({ url: showcase.url });
    const call = hub.callTool(id, 'connect_account', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    hub.answer({ id: inbox[0]!.id, ok: false, reason: 'declined' });
    await call;
    await hub.removeServer(id);
  });
});

describe('the authorization servers a sign-in may go to', () => {
  it('refuses one the policy does not list before it sees a registration, and the person a card', async () => {
    const server = await startProtectedServer({});
    open.push(server);
    const signIn = await signInHub([{ id: 's', url: server.mcpUrl, enabled: true }], {
      hub: { policy: managedStorage({ allowedAuthorizationServers: ['https://login.example.com'] }).source },
    });
    const view = await signIn.settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toBe(
      `Set by your organisation (allowedAuthorizationServers): Your organisation does not allow signing in at ${new URL(server.issuer).href}.`,
    );
    expect(signIn.asked).toEqual([]);
    expect(server.authorizationServer.events.filter((event) => event.type === 'register')).toEqual([]);
    await signIn.hub.updateServer('s', { enabled: false });
  });

  it('signs in at one it lists; a token from one it stops allowing is kept but no longer sent', async () => {
    const server = await startProtectedServer({});
    open.push(server);
    const policy = managedStorage({ allowedAuthorizationServers: [`${server.issuer.replace(/\/$/, '')}/*`] });
    const signIn = await signInHub([{ id: 's', url: server.mcpUrl, enabled: true }], { hub: { policy: policy.source } });
    expect((await signIn.settled()).status).toBe('connected');
    await signIn.hub.callTool('s', 'echo', { text: 'allowed' });
    expect(server.requests.at(-1)?.scopes).not.toBeNull();

    policy.set({ allowedAuthorizationServers: [] });
    await until(signIn.hub, (state) => state.policy.state === 'applied');
    const before = server.requests.length;
    await signIn.hub.callTool('s', 'echo', { text: 'refused' });
    expect(server.requests.slice(before).every((request) => request.scopes === null)).toBe(true);
    // Nothing the person had is deleted: the token is still kept, only not sent.
    expect(JSON.stringify([...signIn.storage.local.entries.values()])).toContain('access_token');
    await signIn.hub.updateServer('s', { enabled: false });
  });
});

describe('MCP Apps', () => {
  it('where the organisation turned them off: servers are not told the panel shows apps, and no app is loaded', async () => {
    const [vanilla, hostile] = await Promise.all([startExampleAppServer('basic-vanillajs'), startHostileAppServer()]);
    open.push(vanilla, hostile);
    const policy = managedStorage({ mcpAppsEnabled: false });
    const servers = [
      { id: 'v', url: vanilla.url, enabled: true },
      { id: 'h', url: hostile.url, enabled: true },
    ];
    const hub = testHub({ servers, mcpApps: true, policy: policy.source });
    await hub.start();
    await until(hub, (state) => state.servers.every((server) => server.status === 'connected'));
    expect(hostile.clientCapabilities?.extensions).not.toHaveProperty(['io.modelcontextprotocol/ui']);
    const call = await hub.callTool('v', 'get-time', {});
    expect(call.app).toEqual({
      problem: 'Set by your organisation (mcpAppsEnabled false): Your organisation has turned off MCP Apps (interfaces servers show in the panel).',
    });
    await expect(hub.loadApp(call.id)).rejects.toThrow(/mcpAppsEnabled false/);

    // Turned on again: the servers connect again, told so, and the next call has its app.
    const connects = hostile.clientCapabilities;
    policy.set({});
    await until(hub, (state) => state.policy.state === 'none');
    await until(hub, () => hostile.clientCapabilities !== connects);
    await until(hub, (state) => state.servers.every((server) => server.status === 'connected'));
    expect(hostile.clientCapabilities?.extensions).toHaveProperty(['io.modelcontextprotocol/ui']);
    expect((await hub.callTool('v', 'get-time', {})).app).toEqual({ resourceUri: 'ui://get-time/mcp-app.html' });
  });
});
