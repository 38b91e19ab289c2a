/**
 * The organisation's policy (issue 39) where servers are added and connect, through the Hub,
 * against real servers on 127.0.0.1: adding, importing mcp.json, every connect and reconnect, a
 * policy that changes while servers are connected, the servers it manages, a policy that cannot
 * be read, and the start with the last policy kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeptPolicy, SavedServer } from '../../lib/hub';
import type { HubState, ServerView } from '../../lib/state';
import { type FixtureServer, startModernServer, startShowcaseServer } from '../fixtures/servers';
import { managedStorage, memory, testHub, until } from '../hub-harness';

let showcase: FixtureServer;
let modern: FixtureServer;
beforeAll(async () => {
  [showcase, modern] = await Promise.all([startShowcaseServer(), startModernServer()]);
});
afterAll(() => Promise.all([showcase.close(), modern.close()]));

const byUrl = (state: HubState, url: string) => state.servers.find((server) => server.url === url);
const settled = (view: ServerView | undefined) => view !== undefined && ['connected', 'blocked', 'error'].includes(view.status);
const mcpPosts = (server: FixtureServer) => server.traffic.filter((exchange) => exchange.httpMethod === 'POST').length;

describe('adding and importing', () => {
  it('refuses an unlisted server with words, and adds nothing', async () => {
    const policy = managedStorage({ allowedMcpServers: [{ serverUrl: `${new URL(modern.url).origin}/*` }] });
    const saved = memory<SavedServer[]>([]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    const before = mcpPosts(showcase);
    // Both servers are on 127.0.0.1: the port tells them apart.
    await expect(hub.addServer({ url: showcase.url })).rejects.toThrow(
      'Set by your organisation (allowedMcpServers): Your organisation allows only the servers it lists, and this one is not among them.',
    );
    expect(saved.value()).toEqual([]);
    expect(mcpPosts(showcase)).toBe(before);
    const id = await hub.addServer({ url: modern.url });
    expect((await until(hub, (state) => state.servers[0]?.status === 'connected')).servers).toHaveLength(1);
    await hub.removeServer(id);
  });

  it('imports the servers of an mcp.json the policy allows, and lists the others as skipped with why', async () => {
    const policy = managedStorage({ deniedMcpServers: [{ serverUrl: showcase.url }] });
    const saved = memory<SavedServer[]>([]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    const result = await hub.importServers(JSON.stringify({ mcpServers: { show: { url: showcase.url }, modern: { url: modern.url } } }));
    expect(result.servers.map((server) => server.name)).toEqual(['modern']);
    expect(result.skipped).toEqual([
      { name: 'show', reason: `Set by your organisation (deniedMcpServers[0] serverUrl "${showcase.url}"): Your organisation blocks this server.` },
    ]);
    expect(saved.value().map((server) => server.name)).toEqual(['modern']);
    await hub.removeServer(saved.value()[0]!.id);
  });

  it('refuses every mcp.json import where the organisation turned it off', async () => {
    const hub = testHub({ policy: managedStorage({ mcpJsonImportEnabled: false }).source });
    await hub.start();
    await expect(hub.importServers(JSON.stringify({ mcpServers: { show: { url: showcase.url } } }))).rejects.toThrow(
      'Set by your organisation (mcpJsonImportEnabled false): Your organisation has turned off importing mcp.json files.',
    );
    expect(hub.state().servers).toEqual([]);
  });

  it('refuses a new address or name the policy would not allow, keeping the old one', async () => {
    const policy = managedStorage({ deniedMcpServers: [{ serverName: 'forbidden' }, { serverUrl: modern.url }] });
    const saved = memory<SavedServer[]>([]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    const id = await hub.addServer({ url: showcase.url, name: 'Demo' });
    await expect(hub.updateServer(id, { name: 'forbidden' })).rejects.toThrow(/deniedMcpServers\[0\] serverName "forbidden"/);
    await expect(hub.updateServer(id, { url: modern.url })).rejects.toThrow(/deniedMcpServers\[1\]/);
    expect(saved.value()[0]).toMatchObject({ url: showcase.url, name: 'Demo' });
    await hub.removeServer(id);
  });
});

describe('connecting, and a policy that changes', () => {
  it('disconnects a connected server the policy now refuses, shows it blocked with the rule, keeps its settings, and brings it back', async () => {
    const policy = managedStorage({});
    const saved = memory<SavedServer[]>([{ id: 's', url: showcase.url, name: 'Demo', headers: { 'X-Mine': 'kept' }, enabled: true }]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');

    policy.set({ deniedMcpServers: [{ serverUrl: `${new URL(showcase.url).origin}/*` }] });
    const blocked = (await until(hub, (state) => state.servers[0]?.status === 'blocked')).servers[0]!;
    expect(blocked.blocked).toEqual({
      rule: `deniedMcpServers[0] serverUrl "${new URL(showcase.url).origin}/*"`,
      reason: 'Your organisation blocks this server.',
    });
    expect(blocked.tools).toEqual([]);
    expect(saved.value()).toEqual([{ id: 's', url: showcase.url, name: 'Demo', headers: { 'X-Mine': 'kept' }, enabled: true }]);
    await expect(hub.callTool('s', 'long_task', { steps: 1, stepMs: 1 })).resolves.toMatchObject({ status: 'failed' });

    // Reconnecting asks the policy again: still blocked, and the server hears nothing.
    const before = mcpPosts(showcase);
    await hub.reconnect('s');
    expect(hub.state().servers[0]!.status).toBe('blocked');
    expect(mcpPosts(showcase)).toBe(before);

    policy.set({});
    const back = (await until(hub, (state) => state.servers[0]?.status === 'connected')).servers[0]!;
    expect(back).toMatchObject({ name: 'Demo', headers: { 'X-Mine': 'kept' } });
    expect(back.blocked).toBeUndefined();
    await hub.removeServer('s');
  });

  it('blocks every server but the managed ones when the policy cannot be read, and says so', async () => {
    const policy = managedStorage({});
    const hub = testHub({ servers: [{ id: 'mine', url: showcase.url, enabled: true }], policy: policy.source });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    policy.set({ mcpAccess: 'everyone', managedMcpServers: [{ name: 'Modern', url: modern.url }] });
    const state = await until(hub, (next) => byUrl(next, showcase.url)?.status === 'blocked' && byUrl(next, modern.url)?.status === 'connected');
    expect(byUrl(state, showcase.url)!.blocked).toEqual({
      rule: 'the policy',
      reason: `Your organisation's policy could not be applied (mcpAccess is "everyone"; it must be one of "none", "registry", "all".), so only the servers it manages may connect, until it is fixed.`,
    });
    expect(state.policy).toMatchObject({ state: 'refused', problems: ['mcpAccess is "everyone"; it must be one of "none", "registry", "all".'] });
    await Promise.all(hub.state().servers.map((server) => hub.updateServer(server.id, { enabled: false })));
  });
});

describe('managed servers', () => {
  it('are added for everyone, send the policy’s headers with the person’s own, and cannot be removed or renamed', async () => {
    const sent: Headers[] = [];
    const fetch = (url: string | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers));
      return globalThis.fetch(url, init);
    };
    const policy = managedStorage({
      mcpAccess: 'none',
      managedMcpServers: [{ name: 'Showcase (company)', url: showcase.url, headers: { 'X-Tenant': 'acme' } }],
    });
    const saved = memory<SavedServer[]>([]);
    const hub = testHub({ servers: saved, policy: policy.source, fetch });
    await hub.start();
    const view = (await until(hub, (state) => state.servers[0]?.status === 'connected')).servers[0]!;
    expect(view).toMatchObject({ displayName: 'Showcase (company)', managed: { name: 'Showcase (company)', headers: { 'X-Tenant': 'acme' } } });
    expect(sent.at(-1)?.get('x-tenant')).toBe('acme');

    await hub.updateServer(view.id, { headers: { 'X-Api-Key': 'my own' } });
    await until(hub, (state) => state.servers[0]?.status === 'connected' && state.servers[0].headers?.['X-Api-Key'] === 'my own');
    expect(sent.at(-1)?.get('x-api-key')).toBe('my own');
    expect(sent.at(-1)?.get('x-tenant')).toBe('acme');

    await expect(hub.removeServer(view.id)).rejects.toThrow(/^Set by your organisation \(managedMcpServers\): Showcase \(company\) is managed/);
    await expect(hub.updateServer(view.id, { name: 'Mine now' })).rejects.toThrow(/cannot be removed/);
    await expect(hub.updateServer(view.id, { url: modern.url })).rejects.toThrow(/cannot be removed/);
    expect(saved.value()).toHaveLength(1);

    // The policy no longer lists it: it stays, the person's own now, with what they set (and mcpAccess "none" blocks it).
    policy.set({ mcpAccess: 'none' });
    const released = (await until(hub, (state) => state.servers[0]?.status === 'blocked')).servers[0]!;
    expect(released.managed).toBeUndefined();
    expect(released.headers).toEqual({ 'X-Api-Key': 'my own' });
    await hub.removeServer(view.id);
    expect(saved.value()).toEqual([]);
  });

  it('takes over a server the person had already added at that address, keeping their headers', async () => {
    const policy = managedStorage({ managedMcpServers: [{ name: 'Company', url: showcase.url }] });
    const saved = memory<SavedServer[]>([{ id: 'own', url: showcase.url, headers: { 'X-Mine': 'yes' }, enabled: true }]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    expect(saved.value()).toEqual([
      { id: 'own', url: showcase.url, name: 'Company', headers: { 'X-Mine': 'yes' }, enabled: true, managed: { name: 'Company' } },
    ]);
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    await hub.updateServer('own', { enabled: false });
  });
});

describe('the start', () => {
  it('applies the kept policy before any server connects while the browser has not answered: no gap', async () => {
    const kept = memory<KeptPolicy | null>({ raw: { mcpAccess: 'none' } });
    const before = mcpPosts(showcase);
    const unanswered = { read: async () => undefined, onChange: () => {} };
    const never = testHub({ servers: [{ id: 's', url: showcase.url, enabled: true }], policy: unanswered, keptPolicy: kept });
    await never.start();
    expect(never.state().servers[0]).toMatchObject({ status: 'blocked', blocked: { rule: 'mcpAccess "none"' } });
    expect(never.state().policy).toMatchObject({ kept: true });
    expect(mcpPosts(showcase)).toBe(before);
  });

  it('connects once the browser confirms the policy is gone', async () => {
    const kept = memory<KeptPolicy | null>({ raw: { mcpAccess: 'none' } });
    const hub = testHub({
      servers: [{ id: 's', url: showcase.url, enabled: true }],
      policy: managedStorage({}).source,
      keptPolicy: kept,
      confirmEmptyPolicyMs: 50,
    });
    await hub.start();
    expect(hub.state().servers[0]!.status).toBe('blocked');
    await until(hub, (state) => settled(state.servers[0]) && state.servers[0]!.status === 'connected');
    expect(kept.value()).toBeNull();
    await hub.updateServer('s', { enabled: false });
  });
});

describe('bad input', () => {
  it('ends each bad policy in words the panel shows, deletes nothing, and lets the server back when fixed', async () => {
    const policy = managedStorage({});
    const person: SavedServer = { id: 's', url: showcase.url, name: 'Mine', headers: { 'X-Api-Key': 'secret' }, enabled: true };
    const saved = memory<SavedServer[]>([person]);
    const hub = testHub({ servers: saved, policy: policy.source });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    const bad: Array<[unknown, RegExp]> = [
      [{ deniedMcpServers: [{ serverUrl: '*' }] }, /deniedMcpServers\[0\]\.serverUrl: "\*" is only a wildcard/],
      [{ managedMcpServers: [{ name: 'X', url: 'javascript:alert(1)' }] }, /"javascript:alert\(1\)" cannot be a server's address/],
      [{ managedMcpServers: [{ name: 'X', url: 'http://crm.example.com/mcp' }] }, /plain http: to crm\.example\.com, another computer/],
      [{ allowedMcpServers: 'https://*.example.com/*' }, /^allowedMcpServers must be a list; it is a string/],
      [{ mcpAppsEnabled: 'no' }, /^mcpAppsEnabled must be true or false; it is a string/],
      [{ registryUrl: 42 }, /^registryUrl must be a string; it is a number/],
    ];
    for (const [raw, said] of bad) {
      policy.set(raw);
      const state = await until(hub, (next) => next.policy.state === 'refused' && next.policy.text === JSON.stringify(raw, null, 2));
      expect(state.policy.problems[0], JSON.stringify(raw)).toMatch(said);
      await until(hub, (next) => next.servers[0]?.status === 'blocked');
      expect(saved.value()).toEqual([person]);
    }
    // 10,000 entries read and applied, the person's server among those allowed.
    const many = Array.from({ length: 10_000 }, (_, index) => ({ serverUrl: `https://s${index}.example.com/*` }));
    policy.set({ allowedMcpServers: [...many, { serverUrl: showcase.url }] });
    await until(hub, (state) => state.policy.state === 'applied' && state.servers[0]?.status === 'connected');
    expect(hub.state().servers[0]).toMatchObject({ name: 'Mine', headers: { 'X-Api-Key': 'secret' } });
    await hub.updateServer('s', { enabled: false });
  });
});
