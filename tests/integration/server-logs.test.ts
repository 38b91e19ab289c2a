/**
 * Issue 12, server log messages: a real SDK v1 server that logs (tests/fixtures/logging-server.ts).
 * Its messages reach the server's log and the call they were logged for; the level chosen for
 * the server is sent (`logging/setLevel`, 2025-11-25) at once and on every connect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedServer } from '../../lib/hub';
import { SERVER_LOG_LENGTH } from '../../lib/hub/serverLogs';
import { NOTIFICATION_BURST } from '../../lib/mcp/inboundBudget';
import type { CallView, ServerView } from '../../lib/state';
import { startLoggingServer } from '../fixtures/logging-server';
import { startModernServer } from '../fixtures/modern-server';
import type { FixtureServer } from '../fixtures/loopback-http';
import { memory, testHub, until } from '../hub-harness';

let server: FixtureServer;
beforeAll(async () => {
  server = await startLoggingServer();
});
afterAll(() => server?.close());

async function connectedHub(saved: SavedServer) {
  const servers = memory<SavedServer[]>([saved]);
  const hub = testHub({ servers });
  await hub.start();
  await until(hub, (state) => state.servers[0]?.status === 'connected');
  return { hub, servers };
}

const levels = (call: CallView) => call.logs?.map((entry) => `${entry.level}: ${entry.text}`);

describe('Server log messages', () => {
  it('reach the server’s log and the call that caused them, as text with level and logger', async () => {
    const { hub } = await connectedHub({ id: 's', url: server.url, enabled: true });
    const call = await hub.callTool('s', 'log_steps', {});
    expect(levels(call)).toEqual(['info: step 1: reading', 'warning: step 2: slow disk', 'error: step 3: one file skipped']);
    expect(call.logs?.[0]).toMatchObject({ logger: 'steps', at: expect.any(Number) });
    expect(hub.state().servers[0]!.logs?.map((entry) => entry.text)).toEqual(['step 1: reading', 'step 2: slow disk', 'step 3: one file skipped']);
    await hub.removeServer('s');
  });

  it('a level chosen for the server is sent at once, and again on the next connect', async () => {
    const { hub, servers } = await connectedHub({ id: 's', url: server.url, enabled: true });
    await hub.updateServer('s', { logLevel: 'error' });
    expect(servers.value()[0]!.logLevel).toBe('error');
    expect(levels(await hub.callTool('s', 'log_steps', {}))).toEqual(['error: step 3: one file skipped']);
    await hub.updateServer('s', { logLevel: 'warning' });
    expect(levels(await hub.callTool('s', 'log_steps', {}))).toEqual(['warning: step 2: slow disk', 'error: step 3: one file skipped']);
    await hub.removeServer('s');

    const again = await connectedHub({ id: 't', url: server.url, enabled: true, logLevel: 'error' });
    expect(levels(await again.hub.callTool('t', 'log_steps', {}))).toEqual(['error: step 3: one file skipped']);
    await again.hub.removeServer('t');
  });

  // The 200-line bound itself is tests/unit/hub/serverLogs.test.ts's; through a real server, a burst
  // of 207 messages meets the server's notification budget first (lib/mcp/inboundBudget.ts).
  it('keeps what the budget lets in, bounded, and counts every message it set aside', async () => {
    const { hub } = await connectedHub({ id: 's', url: server.url, enabled: true });
    const runs = Math.ceil(SERVER_LOG_LENGTH / 3) + 2;
    for (let run = 0; run < runs; run += 1) await hub.callTool('s', 'log_steps', {});
    // Every message is either in the log (its newest 200) or counted as dropped, whatever the pace.
    const accounted = ({ logs = [], dropped = 0 }: ServerView) => logs.length === Math.min(runs * 3 - dropped, SERVER_LOG_LENGTH);
    const state = await until(hub, (next) => accounted(next.servers[0]!));
    const logs = state.servers[0]!.logs!;
    expect(logs.length).toBeGreaterThanOrEqual(NOTIFICATION_BURST);
    expect(logs.map((entry) => entry.text)).toContain('step 3: one file skipped');
    await hub.removeServer('s');
  });

  it('2026-07-28: the level rides on each request in _meta, which the server accepts', async () => {
    const modern = await startModernServer();
    const seen: unknown[] = [];
    const hub = testHub({
      servers: [{ id: 'm', url: modern.url, enabled: true, logLevel: 'warning' }],
      fetch: async (url, init) => {
        if (typeof init?.body === 'string') seen.push(JSON.parse(init.body));
        return fetch(url, init);
      },
    });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    expect(hub.state().servers[0]!.era).toBe('modern');
    expect(await hub.callTool('m', 'echo', { text: 'hi' })).toMatchObject({ status: 'done' });
    const call = seen.find((message) => (message as { method?: string }).method === 'tools/call') as { params: { _meta: Record<string, unknown> } };
    expect(call.params._meta['io.modelcontextprotocol/logLevel']).toBe('warning');
    await hub.removeServer('m');
    await modern.close();
  });
});
