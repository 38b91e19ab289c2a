/**
 * Issue 12, the protocol log: every exchange and JSON-RPC message of a server, paired by id,
 * and no secret in it or in its export — a planted header token and API key, and a real
 * OAuth sign-in (PKCE verifier, authorization code, access and refresh tokens) against the
 * oidc-provider fixture, each looked for in the stored log and the export.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { memoryArea } from '../../lib/auth';
import { exportLog } from '../../lib/mcp/protocolHar';
import { type ProtocolLogEntry, type ProtocolRecord, QUIET_MS } from '../../lib/mcp/protocolLog';
import { MAX_PENDING_PER_SERVER } from '../../lib/inbox';
import { EXTENSION_REDIRECT_URL, startProtectedServer } from '../fixtures/auth/protected-server';
import { type FloodOutcome, startBlindingServer } from '../fixtures/blinding-server';
import { scriptedBrowser } from '../fixtures/auth/scripted-browser';
import { startLegacyServer } from '../fixtures/servers';
import { testHub, until } from '../hub-harness';

const open: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(open.map((server) => server.close()));
});

/** Waits for the records a call made (they are written once the exchange is past, in a batch). */
const settled = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS + 100));

const messages = (log: ProtocolLogEntry[], direction: 'in' | 'out') =>
  log.filter((record): record is Extract<ProtocolRecord, { kind: 'message' }> => record.kind === 'message' && record.direction === direction);

/** A hub with one server, `id`, connected (and recording, as by default); the server is closed after the tests. */
async function connectedTo(server: { url: string; close(): Promise<void> }, id: string) {
  open.push(server);
  const hub = testHub({ servers: [{ id, url: server.url, enabled: true }] });
  await hub.start();
  await until(hub, (state) => state.servers[0]?.status === 'connected');
  return hub;
}

describe('The protocol log', () => {
  it('holds each exchange (method, status, timing, headers) and each message in and out, the request and its response pairable by id', async () => {
    const server = await startLegacyServer();
    const hub = await connectedTo(server, 's');
    await hub.callTool('s', 'echo', { text: 'hello' });
    await settled();
    const log = hub.protocolLog('s');
    const exchanges = log.filter((record) => record.kind === 'http');
    // The 2026 probe (server/discover) that this 2025 server refuses comes first, then initialize.
    expect(exchanges[0]).toMatchObject({ method: 'POST', url: server.url, status: 400, durationMs: expect.any(Number) });
    expect(exchanges[1]).toMatchObject({ method: 'POST', url: server.url, status: 200, requestHeaders: { 'content-type': 'application/json' } });
    expect(exchanges.some((record) => record.kind === 'http' && record.method === 'GET')).toBe(true);
    const call = messages(log, 'out').find((record) => (record.message as { method?: string }).method === 'tools/call')!;
    const id = (call.message as { id: number }).id;
    const answer = messages(log, 'in').find(
      (record) => (record.message as { id?: number; result?: unknown }).id === id && 'result' in (record.message as object),
    );
    expect(answer?.message).toMatchObject({ result: { content: [{ type: 'text', text: 'hello' }] } });
    expect(answer!.exchange).toBe(call.exchange);
    await hub.removeServer('s');
    expect(hub.protocolLog('s')).toEqual([]);
    // The session's DELETE and whatever was still on its way are recorded a moment later: none is kept for a server that is gone.
    await settled();
    expect(hub.protocolLog('s')).toEqual([]);
  });

  it('never holds a header token or API key the person set, in the log or its export', async () => {
    const server = await startLegacyServer();
    open.push(server);
    const hub = testHub({
      servers: [
        { id: 's', url: server.url, enabled: true, headers: { Authorization: 'Bearer PLANTED-HEADER-TOKEN', 'X-Api-Key': 'PLANTED-API-KEY' } },
      ],
    });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    await hub.callTool('s', 'echo', { text: 'hello' });
    await settled();
    const log = hub.protocolLog('s');
    expect(log.length).toBeGreaterThan(4);
    for (const text of [JSON.stringify(log), exportLog('s', log)]) {
      expect(text).not.toMatch(/PLANTED/);
      expect(text).toMatch(/"authorization": ?"\[redacted\]"/);
    }
    await hub.removeServer('s');
  });

  it('never holds what an OAuth sign-in carries: verifier, code, access and refresh tokens', async () => {
    const protectedServer = await startProtectedServer({ login: 'auto' });
    open.push(protectedServer);
    const local = memoryArea();
    const session = memoryArea();
    const browser = scriptedBrowser({ redirectUrl: EXTENSION_REDIRECT_URL });
    const landed: string[] = [];
    const hub = testHub({
      servers: [{ id: 'p', url: protectedServer.mcpUrl, enabled: true }],
      authorization: {
        storage: { local, session },
        redirectUrl: EXTENSION_REDIRECT_URL,
        authorize: async (url) => {
          const back = await browser.authorize(url);
          landed.push(back);
          return back;
        },
      },
    });
    // The consent card: the person agrees.
    hub.inbox.subscribe((pending) => {
      for (const request of pending) hub.answer({ id: request.id, ok: true });
    });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    await hub.callTool('p', 'echo', { text: 'signed in' });
    await settled();
    const log = hub.protocolLog('p');
    // Every MCP request after the sign-in carried the access token; each shows it redacted.
    const signedIn = log.filter((record) => record.kind === 'http' && record.requestHeaders.authorization !== undefined);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn.every((record) => record.kind === 'http' && record.requestHeaders.authorization === '[redacted]')).toBe(true);
    const secrets = [
      ...[...local.entries.values(), ...session.entries.values()].flatMap(
        (value) => JSON.stringify(value).match(/"(access_token|refresh_token|codeVerifier|code_verifier)":"([^"]+)"/g) ?? [],
      ),
      ...landed.map((url) => new URL(url).searchParams.get('code')!),
    ]
      .map((match) => match.replace(/^"[^"]+":"|"$/g, ''))
      .filter((value) => value.length > 8);
    expect(secrets.length).toBeGreaterThan(0);
    for (const text of [JSON.stringify(log), exportLog('p', log)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
    await hub.removeServer('p');
  });

  it('holds each question refused where it entered as what it is, a JSON-RPC error sent in the person’s name, with its exchange', async () => {
    const server = await startBlindingServer();
    const hub = await connectedTo(server, 'f');
    const flood = hub.callTool('f', 'flood', { count: MAX_PENDING_PER_SERVER + 3 });
    const outcome = () => server.seen.find((entry) => entry.tool === 'flood')?.result as FloodOutcome | undefined;
    await expect.poll(() => outcome()?.refused ?? 0, { timeout: 20_000 }).toBe(3);
    await settled();
    const log = hub.protocolLog('f');
    const refusals = messages(log, 'out').filter((record) => (record.message as { error?: { code?: number } }).error?.code === -32603);
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) {
      expect(refusal.message).toMatchObject({
        jsonrpc: '2.0',
        id: expect.anything(),
        error: { message: expect.stringMatching(/already has 50 requests waiting for the person/) },
      });
      expect(log).toContainEqual(expect.objectContaining({ kind: 'http', exchange: refusal.exchange, method: 'POST', status: expect.any(Number) }));
    }
    for (const pending of hub.state().inbox) hub.answer({ id: pending.id, ok: false, reason: 'declined' });
    await flood;
    await hub.removeServer('f');
  });
});
