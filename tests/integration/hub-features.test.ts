import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub, SavedServer, SuspendedCall } from '../../lib/hub';
import type { HistoryEntry } from '../../lib/history';
import type { PendingRequest } from '../../lib/inbox';
import { startLegacyServer, startModernServer, startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { memory, testHub, until } from '../hub-harness';

let showcase: FixtureServer;
beforeAll(async () => {
  showcase = await startShowcaseServer();
});
afterAll(() => showcase.close());

async function hubWithShowcase(extra: Partial<ConstructorParameters<typeof Hub>[0]> = {}) {
  const hub = testHub(extra);
  const id = await hub.addServer({ url: showcase.url });
  return { hub, id };
}

describe('Hub against a server with every feature', () => {
  it('lists tools with annotations, resources, templates and prompts', async () => {
    const { hub, id } = await hubWithShowcase();
    const view = hub.state().servers[0]!;
    expect(view).toMatchObject({ displayName: 'Showcase', status: 'connected', instructions: 'A demo server for toolnexus.' });
    expect(view.tools.find((tool) => tool.name === 'drop_table')?.annotations?.destructiveHint).toBe(true);
    expect(view.resources.map((resource) => resource.uri)).toEqual(['demo://readme', 'demo://logo.png']);
    expect(view.resourceTemplates.map(({ uriTemplate, variables }) => ({ uriTemplate, variables }))).toEqual([
      { uriTemplate: 'demo://greeting/{name}', variables: ['name'] },
    ]);
    expect(view.prompts.map((prompt) => prompt.name)).toEqual(['review_code']);
    await hub.removeServer(id);
  });

  it('shows progress while a tool runs and its result when done', async () => {
    const { hub, id } = await hubWithShowcase();
    const call = hub.callTool(id, 'long_task', { steps: 3, stepMs: 30 });
    const running = await until(hub, (state) => state.activities[0]?.progress?.progress === 2);
    expect(running.activities[0]).toMatchObject({ status: 'running', progress: { progress: 2, total: 3, message: 'Step 2 of 3' } });
    const done = await call;
    expect(done).toMatchObject({ status: 'done', result: { content: [{ type: 'text', text: 'Finished 3 steps.' }] } });
    expect(done.progress).toBeUndefined();
    await hub.removeServer(id);
  });

  it('cancels a running tool; the server is told and the activity says so', async () => {
    const { hub, id } = await hubWithShowcase();
    const call = hub.callTool(id, 'long_task', { steps: 50, stepMs: 40 });
    const { activities } = await until(hub, (state) => (state.activities[0]?.progress?.progress ?? 0) >= 1);
    hub.cancelActivity(activities[0]!.id);
    const ended = await call;
    expect(ended.status).toBe('cancelled');
    expect(ended.error).toBe('The call to long_task was cancelled.');
    await expect.poll(() => showcase.seen.at(-1)).toMatchObject({ tool: 'long_task', result: { cancelledAt: expect.any(Number) } });
    expect(hub.state().servers[0]?.status).toBe('connected');
    await hub.removeServer(id);
  });

  it('refreshes the tool list when the server says it changed', async () => {
    const { hub, id } = await hubWithShowcase();
    await hub.callTool(id, 'add_tool', {});
    const state = await until(hub, (s) => s.servers[0]!.tools.some((tool) => tool.name.startsWith('extra_')));
    expect(state.servers[0]!.tools.length).toBeGreaterThan(7);
    await hub.removeServer(id);
  });

  it('reads resources and templated resources, and gets prompts with arguments', async () => {
    const { hub, id } = await hubWithShowcase();
    const readme = await hub.readResource(id, 'demo://readme');
    expect(readme.result?.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: expect.stringContaining('# Showcase') });
    const greeting = await hub.readTemplate(id, 'demo://greeting/{name}', { name: 'Ada L' });
    expect(greeting.uri).toBe('demo://greeting/Ada%20L');
    // The SDK v1 server hands its callback the variable still percent-encoded.
    expect(greeting.result?.contents[0]).toMatchObject({ text: 'Hello, Ada%20L!' });
    const prompt = await hub.getPrompt(id, 'review_code', { code: 'x = 1', language: 'Python' });
    expect(prompt.result?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(prompt.result?.messages[0]?.content).toMatchObject({ text: expect.stringContaining('review this Python') });
    const missing = await hub.readResource(id, 'demo://nope');
    expect(missing.status).toBe('failed');
    expect(missing.error).toMatch(/not found/i);
    await hub.removeServer(id);
  });
});

describe('Hub: servers the person manages', () => {
  it('imports mcp.json at once, skipping what a browser cannot run', async () => {
    const store = memory<SavedServer[]>([]);
    const hub = testHub({ servers: store });
    const result = await hub.importServers(
      JSON.stringify({ mcpServers: { show: { url: showcase.url }, local: { command: 'node', args: ['x.js'] } } }),
    );
    expect(result.skipped).toEqual([{ name: 'local', reason: expect.stringContaining('local program (node)') }]);
    expect(store.value()).toEqual([{ id: expect.any(String), url: showcase.url, name: 'show', enabled: true }]);
    expect(hub.state().servers[0]).toMatchObject({ displayName: 'show', status: 'connected' });
    await expect(hub.importServers('{oops')).rejects.toThrow(/not valid JSON/);
    expect(store.value()).toHaveLength(1);
    expect(JSON.parse(hub.exportServers('vscode'))).toEqual({ servers: { show: { type: 'http', url: showcase.url } } });
    await hub.removeServer(hub.state().servers[0]!.id);
  });

  it('edits name and headers, disables and re-enables a server', async () => {
    const store = memory<SavedServer[]>([]);
    const { hub, id } = await hubWithShowcase({ servers: store });
    await hub.updateServer(id, { name: 'Demo', headers: { 'X-Api-Key': 'k1' } });
    expect(hub.state().servers[0]).toMatchObject({ displayName: 'Demo', headers: { 'X-Api-Key': 'k1' }, status: 'connected' });
    await hub.updateServer(id, { enabled: false });
    expect(hub.state().servers[0]).toMatchObject({ status: 'disabled', enabled: false });
    expect(store.value()[0]).toMatchObject({ enabled: false, name: 'Demo' });
    await hub.updateServer(id, { enabled: true, name: '' });
    expect(hub.state().servers[0]).toMatchObject({ status: 'connected', displayName: 'Showcase' });
    expect(store.value()[0]!.name).toBeUndefined();
    await hub.removeServer(id);
  });

  it('waits for host permission instead of connecting, connects once granted, stops when revoked', async () => {
    let granted = false;
    const before = showcase.traffic.length;
    const { hub, id } = await hubWithShowcase({ canReach: async () => granted });
    expect(hub.state().servers[0]).toMatchObject({ status: 'needs-permission', error: expect.stringContaining('Grant access') });
    expect(showcase.traffic.length).toBe(before);
    granted = true;
    await hub.accessChanged();
    expect(hub.state().servers[0]?.status).toBe('connected');
    granted = false;
    await hub.accessChanged();
    expect(hub.state().servers[0]?.status).toBe('needs-permission');
    await hub.removeServer(id);
  });

  it('notices a server that went away, withdraws its Requests, and reconnects when it is back', async () => {
    const legacy = await startLegacyServer();
    const port = Number(new URL(legacy.url).port);
    const hub = testHub({ backoffMs: () => 100 });
    const id = await hub.addServer({ url: legacy.url });
    const call = hub.callTool(id, 'deploy', {});
    await until(hub, (state) => state.inbox.length === 1);
    await legacy.close();
    const ended = await call;
    expect(ended.status).toBe('failed');
    await until(hub, (state) => state.servers[0]!.status === 'error');
    expect(hub.state().inbox).toEqual([]);
    const back = await startLegacyServer({ port });
    await until(hub, (state) => state.servers[0]!.status === 'connected');
    await hub.removeServer(id);
    await back.close();
  });
});

describe('Hub: history and settings', () => {
  it('records what was asked and answered, per server, and forgets it on request', async () => {
    const history = memory<HistoryEntry[]>([]);
    const { hub, id } = await hubWithShowcase({ history });
    await hub.start();
    const call = hub.callTool(id, 'plan_trip', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    hub.answer({ id: inbox[0]!.id, ok: true, data: { traveller: 'Ada', cabin: 'business' } });
    await call;
    await expect.poll(() => history.value().length).toBe(1);
    expect(hub.state().history[0]).toMatchObject({
      serverId: id,
      serverName: 'Showcase',
      prompt: 'Tell me about your trip.',
      action: 'accept',
      content: { traveller: 'Ada', cabin: 'business' },
    });
    const declined = hub.callTool(id, 'plan_trip', {});
    const second = await until(hub, (state) => state.inbox.length === 1);
    hub.answer({ id: second.inbox[0]!.id, ok: false, reason: 'declined' });
    await declined;
    await expect.poll(() => hub.state().history.map((entry) => entry.action)).toEqual(['decline', 'accept']);
    expect(hub.state().history[0]!.content).toBeUndefined();
    await hub.clearHistory(id);
    expect(hub.state().history).toEqual([]);
    expect(history.value()).toEqual([]);
    await hub.removeServer(id);
  });

  it('applies the request timeout setting to new Requests', async () => {
    const settings = memory({});
    const { hub, id } = await hubWithShowcase({ settings });
    await hub.updateSettings({ requestTimeoutMinutes: 2 });
    expect(settings.value()).toEqual({ requestTimeoutMinutes: 2 });
    const call = hub.callTool(id, 'plan_trip', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    expect(inbox[0]!.expiresAt! - inbox[0]!.askedAt).toBe(120_000);
    await expect(hub.updateSettings({ requestTimeoutMinutes: 0 })).rejects.toThrow(RangeError);
    hub.answer({ id: inbox[0]!.id, ok: false });
    await call;
    await hub.removeServer(id);
  });
});

describe('Hub: Requests that could not be answered', () => {
  it('reports Requests a stopped worker left pending as lost, once', async () => {
    const pending = memory<PendingRequest[]>([]);
    const first = testHub({ pending });
    await first.start();
    const id = await first.addServer({ url: showcase.url });
    void first.callTool(id, 'plan_trip', {});
    await until(first, (state) => state.inbox.length === 1);
    await expect.poll(() => pending.value()).toHaveLength(1);

    // A new worker: the old one's Request is reported, not silently dropped.
    const second = testHub({ pending });
    await second.start();
    expect(second.state().notices).toEqual([
      expect.objectContaining({
        kind: 'lost',
        serverName: 'Showcase',
        prompt: 'Tell me about your trip.',
        reason: expect.stringContaining('never got an answer'),
      }),
    ]);
    expect(pending.value()).toEqual([]);
    await first.removeServer(id);
  });
});

describe('Hub: an expired session', () => {
  it('re-initializes after a 404 for its session id, and the next call works', async () => {
    const legacy = await startLegacyServer();
    const hub = testHub({ backoffMs: () => 50 });
    const id = await hub.addServer({ url: legacy.url });
    const firstSession = legacy.traffic.find((exchange) => exchange.sessionId)?.sessionId;
    await legacy.expireSessions!();
    // The 404 is noticed (the stream's reconnect, then a ping), and a new session is made.
    await until(hub, (state) => state.servers[0]!.status !== 'connected');
    expect(legacy.traffic.some((exchange) => exchange.status === 404)).toBe(true);
    await until(hub, (state) => state.servers[0]!.status === 'connected');
    const call = await hub.callTool(id, 'echo', { text: 'again' });
    expect(call).toMatchObject({ status: 'done', result: { content: [{ type: 'text', text: 'again' }] } });
    const sessions = new Set(legacy.traffic.map((exchange) => exchange.sessionId).filter(Boolean));
    expect(sessions.size).toBeGreaterThan(1);
    expect(legacy.traffic.at(-1)?.sessionId).not.toBe(firstSession);
    await hub.removeServer(id);
    await legacy.close();
  });
});

describe('Hub: a worker stopped while a 2026-07-28 call waits on the person', () => {
  let modern: FixtureServer;
  beforeAll(async () => {
    modern = await startModernServer();
  });
  afterAll(() => modern.close());

  /** A worker that asked `deploy` and was then stopped: what it left in storage.session. */
  async function stoppedWorker() {
    const stores = { servers: memory<SavedServer[]>([]), pending: memory<PendingRequest[]>([]), suspended: memory<SuspendedCall[]>([]) };
    const first = testHub(stores);
    await first.start();
    const serverId = await first.addServer({ url: modern.url });
    void first.callTool(serverId, 'deploy', { service: 'api' });
    const asked = (await until(first, (state) => state.inbox.length === 1)).inbox[0]!;
    await expect.poll(() => stores.suspended.value()).toHaveLength(1);
    await expect.poll(() => stores.pending.value()).toHaveLength(1);
    // From here on the old worker does nothing, as a stopped one cannot: it is left unanswered.
    return { stores, serverId, asked };
  }

  it('asks the same Request again, with its times, and the answer completes the call', async () => {
    const { stores, serverId, asked } = await stoppedWorker();
    const second = testHub(stores);
    await second.start();
    expect(second.state().activities[0]).toMatchObject({ status: 'running', kind: 'tool', tool: 'deploy', args: { service: 'api' }, serverId });
    const again = (await until(second, (state) => state.inbox.length === 1)).inbox[0]!;
    expect(again).toMatchObject({ id: asked.id, prompt: 'Where should api deploy?', askedAt: asked.askedAt, expiresAt: asked.expiresAt, serverId });
    expect(second.state().notices).toEqual([]);

    second.answer({ id: asked.id, ok: true, data: { target: 'prod', replicas: 2 } });
    const done = await until(second, (state) => state.activities[0]?.status === 'done');
    expect(done.activities[0]).toMatchObject({
      result: { content: [{ type: 'text', text: '{"action":"accept","content":{"target":"prod","replicas":2}}' }] },
    });
    expect(modern.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'accept', content: { target: 'prod', replicas: 2 } } });
    expect(stores.suspended.value()).toEqual([]);
    await second.removeServer(serverId);
  });

  it('keeps a round through a second stop that came before its server was back', async () => {
    const { stores, serverId, asked } = await stoppedWorker();
    // A worker that cannot reach the server yet (its access is pending), and is stopped too.
    const second = testHub({ ...stores, canReach: async () => false });
    await second.start();
    expect(second.state().servers[0]!.status).toBe('needs-permission');
    expect(second.state().activities[0]).toMatchObject({ status: 'running', tool: 'deploy' });
    const third = testHub(stores);
    await third.start();
    const again = (await until(third, (state) => state.inbox.length === 1)).inbox[0]!;
    expect(again).toMatchObject({ id: asked.id, askedAt: asked.askedAt, expiresAt: asked.expiresAt });
    third.answer({ id: asked.id, ok: false, reason: 'declined' });
    await until(third, (state) => state.activities[0]?.status === 'done');
    expect(modern.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'decline' } });
    await third.removeServer(serverId);
  });

  it('answers a kept Request whose time ran out while no worker ran as expired', async () => {
    const { stores, serverId } = await stoppedWorker();
    await stores.pending.save(stores.pending.value().map((request) => ({ ...request, expiresAt: Date.now() - 1 })));
    const second = testHub(stores);
    await second.start();
    const done = await until(second, (state) => state.activities[0]?.status === 'done');
    expect(done.activities[0]).toMatchObject({ result: { content: [{ type: 'text', text: '{"action":"cancel"}' }] } });
    await expect.poll(() => second.state().history[0]).toMatchObject({ action: 'cancel', reason: 'expired' });
    await second.removeServer(serverId);
  });

  it('fails a kept call, without asking, when its server is disabled before it could carry on', async () => {
    const { stores, serverId } = await stoppedWorker();
    await stores.servers.save(stores.servers.value().map((server) => ({ ...server, enabled: false })));
    const second = testHub(stores);
    await second.start();
    expect(second.state().activities[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/was disabled before this call could be carried on/),
    });
    expect(second.state().inbox).toEqual([]);
    expect(stores.suspended.value()).toEqual([]);
    await second.removeServer(serverId);
  });
});
