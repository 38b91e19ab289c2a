/**
 * A server with DNS-rebinding protection (SDK v1 `allowedOrigins`) against the client core:
 * the extension worker's `Origin: chrome-extension://<id>` is refused, no Origin is served,
 * and lib/originRules.ts's session rules — applied here by a stand-in for Chromium's
 * declarativeNetRequest — are what turn the one into the other. That Chromium really applies
 * them to the worker's fetches is tests/e2e/origin.test.ts's job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { load } from '../../lib/mcp/client';
import { originRulesUpdate, refusesExtensionOrigin, type OriginRule } from '../../lib/originRules';
import { startLegacyServer } from '../fixtures/servers';
import { startOriginCheckingServer, type OriginCheckingServer } from '../fixtures/origin-checking-server';
import { testHub, until } from '../hub-harness';

const EXTENSION_ID = 'bekjilnimdjfgknlplojgnmbcojiihao';
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '0' } },
};

function post(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(initialize),
  });
}

/**
 * What the worker's fetch looks like on the wire: Chromium adds the extension's Origin to
 * every non-GET request (verified in Chromium 156), then applies the session rules whose
 * `urlFilter` (`|<origin>/`) and `initiatorDomains` match — a stand-in for
 * declarativeNetRequest covering exactly the rule shape lib/originRules.ts makes.
 */
function extensionWorkerFetch(rules: OriginRule[]): FetchLike {
  return (url, init) => {
    const headers = new Headers(init?.headers);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') headers.set('Origin', EXTENSION_ORIGIN);
    const href = String(url);
    const matched = rules.some(
      (rule) => href.startsWith(rule.condition.urlFilter.replace(/^\|/, '')) && rule.condition.initiatorDomains.includes(EXTENSION_ID),
    );
    if (matched) headers.delete('Origin');
    return fetch(url, { ...init, headers });
  };
}

const person = async () => ({ id: '', ok: false });

let server: OriginCheckingServer;

beforeAll(async () => {
  server = await startOriginCheckingServer();
});
afterAll(async () => {
  await server.close();
});

describe('a server with DNS-rebinding protection', () => {
  it('refuses a request carrying the extension’s Origin with 403', async () => {
    const response = await post(server.url, { Origin: 'chrome-extension://x' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: -32000, message: 'Invalid Origin header: chrome-extension://x' } });
    expect(server.refused.at(-1)).toBe('Invalid Origin header: chrome-extension://x');
  });

  it('serves the same request without Origin, as from any non-browser client', async () => {
    const response = await post(server.url);
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it('serves its own origin and refuses a web page’s', async () => {
    const own = await post(server.url, { Origin: server.origin });
    expect(own.status).toBe(200);
    await own.body?.cancel();
    expect((await post(server.url, { Origin: 'http://evil.example' })).status).toBe(403);
  });
});

describe('load() through the extension worker’s fetch', () => {
  it('cannot connect while the worker sends its Origin', async () => {
    const rulesForAnotherServer = originRulesUpdate([], ['http://127.0.0.1:1/mcp'], EXTENSION_ID).addRules;
    const refusal = load(
      { id: 'o', name: 'Origin Fixture', url: server.url },
      { waitFor: person, fetch: extensionWorkerFetch(rulesForAnotherServer) },
    );
    await expect(refusal).rejects.toThrow(`Invalid Origin header: ${EXTENSION_ORIGIN}`);
  });

  it('connects and calls tools once the origin rule for this server is in place', async () => {
    const { addRules } = originRulesUpdate([], [server.url], EXTENSION_ID);
    const refusedBefore = server.refused.length;
    const trafficBefore = server.traffic.length;
    const connection = await load({ id: 'o', name: 'Origin Fixture', url: server.url }, { waitFor: person, fetch: extensionWorkerFetch(addRules) });
    expect(connection.serverInfo?.name).toBe('Origin Checking Fixture');
    const result = await connection.callTool('echo', { text: 'through the rule' });
    expect(result.content).toEqual([{ type: 'text', text: 'through the rule' }]);
    await connection.close();
    // The probe (400, no session yet), initialize, initialized, the GET stream, the call: none refused.
    const statuses = server.traffic.slice(trafficBefore).map((exchange) => exchange.status);
    expect(statuses).toContain(200);
    expect(statuses).not.toContain(403);
    expect(server.refused.length).toBe(refusedBefore);
  });
});

describe('the hub: a rule only for a server that refused the extension’s Origin', () => {
  /** The hub as the worker runs it: its fetch carries the extension's Origin unless a rule says otherwise. */
  function workerHub(url: string, rules: OriginRule[], refusedUrls: string[]) {
    return testHub({
      servers: [{ id: 's', url, name: 'S', enabled: true }],
      fetch: extensionWorkerFetch(rules),
      backoffMs: () => 60_000,
      originRefused: async (serverUrl) => {
        refusedUrls.push(serverUrl);
        rules.push(...originRulesUpdate([], [serverUrl], EXTENSION_ID).addRules);
      },
    });
  }

  it('tells the refusal apart from other failures', async () => {
    const refusal = load({ id: 'o', name: 'Origin Fixture', url: server.url }, { waitFor: person, fetch: extensionWorkerFetch([]) });
    expect(refusesExtensionOrigin(await refusal.catch((error: unknown) => error))).toBe(true);
    expect(refusesExtensionOrigin(new TypeError('fetch failed'))).toBe(false);
    expect(refusesExtensionOrigin(new Error('Unauthorized'))).toBe(false);
  });

  it('connects after one refusal, adding the rule for that server only, and calls through it', async () => {
    const rules: OriginRule[] = [];
    const refusedUrls: string[] = [];
    const refusedBefore = server.refused.length;
    const hub = workerHub(server.url, rules, refusedUrls);
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    expect(refusedUrls).toEqual([server.url]);
    expect(server.refused.length - refusedBefore).toBeGreaterThanOrEqual(1);
    const refusedAtConnect = server.refused.length;
    expect(await hub.callTool('s', 'echo', { text: 'after the rule' })).toMatchObject({ status: 'done' });
    expect(server.refused.length).toBe(refusedAtConnect);
    await hub.removeServer('s');
  });

  it('adds no rule for a server that accepts the extension’s Origin, as most do', async () => {
    const plain = await startLegacyServer();
    const rules: OriginRule[] = [];
    const refusedUrls: string[] = [];
    const hub = workerHub(plain.url, rules, refusedUrls);
    try {
      await hub.start();
      await until(hub, (state) => state.servers[0]?.status === 'connected');
      expect(refusedUrls).toEqual([]);
      expect(rules).toEqual([]);
    } finally {
      await hub.removeServer('s');
      await plain.close();
    }
  });
});
