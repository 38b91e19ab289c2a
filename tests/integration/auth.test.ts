/**
 * MCP authorization against a real authorization server (oidc-provider) protecting a real
 * SDK v1 MCP server, over loopback sockets, with the client wired exactly as `load()`
 * wires it: SDK v2 `Client` in auto version negotiation, the transport given
 * `authorization.transportOptions()`.
 */
import { Client, StreamableHTTPClientTransport, type CallToolResult } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthorizationError,
  createServerAuthorization,
  memoryArea,
  signOut,
  type AuthStorage,
  type PreRegisteredClient,
  type ServerAuthorization,
} from '../../lib/auth';
import type { Answer, Request } from '../../lib/request';
import { startClientMetadataHost, type ClientMetadataHost } from '../fixtures/auth/client-metadata-host';
import {
  ADMIN_SCOPE,
  EXTENSION_REDIRECT_URL,
  startProtectedServer,
  TOOLS_SCOPE,
  type ProtectedServer,
  type ProtectedServerOptions,
} from '../fixtures/auth/protected-server';
import { scriptedBrowser, type ScriptedBrowser } from '../fixtures/auth/scripted-browser';

const CREDENTIALS = { username: 'alice', password: 'correct horse' };

interface Harness {
  protectedServer: ProtectedServer;
  storage: AuthStorage & { local: ReturnType<typeof memoryArea>; session: ReturnType<typeof memoryArea> };
  authorization: ServerAuthorization;
  browser: ScriptedBrowser;
  asked: Request[];
  /** What the scripted person answers on the next consent card. */
  answer: (request: Request) => Answer;
  connect(): Promise<Client>;
  serverConfig: { id: string; name: string; url: string };
}

const open: Array<{ close(): Promise<void> }> = [];

async function harness(
  options: ProtectedServerOptions & { preRegistered?: PreRegisteredClient; clientMetadataUrl?: string } = {},
  existing?: ProtectedServer,
): Promise<Harness> {
  const { preRegistered, clientMetadataUrl, ...serverOptions } = options;
  const protectedServer = existing ?? (await startProtectedServer(serverOptions));
  if (!existing) open.push(protectedServer);
  const storage = { local: memoryArea(), session: memoryArea() };
  const browser = scriptedBrowser({
    redirectUrl: EXTENSION_REDIRECT_URL,
    credentials: serverOptions.login === 'auto' || !serverOptions.login ? undefined : serverOptions.login,
  });
  const serverConfig = { id: 'protected', name: 'Protected Fixture', url: protectedServer.mcpUrl };
  const h: Harness = {
    protectedServer,
    storage,
    browser,
    asked: [],
    answer: (request) => ({ id: request.id, ok: true }),
    serverConfig,
    authorization: createServerAuthorization({
      server: serverConfig,
      storage,
      redirectUrl: EXTENSION_REDIRECT_URL,
      preRegistered,
      clientMetadataUrl,
      consent: async (request) => {
        h.asked.push(request);
        return h.answer(request);
      },
      authorize: (url) => browser.authorize(url),
    }),
    async connect() {
      const client = new Client(
        { name: 'toolnexus', version: '0.1.0' },
        { versionNegotiation: { mode: 'auto' }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
      );
      const transport = new StreamableHTTPClientTransport(new URL(protectedServer.mcpUrl), {
        ...h.authorization.transportOptions(),
      });
      await client.connect(transport);
      open.push(client);
      return client;
    },
  };
  return h;
}

const text = (result: unknown) => (result as CallToolResult).content.map((block) => (block.type === 'text' ? block.text : '')).join('');

const eventsOf = (server: ProtectedServer, type: string) =>
  server.authorizationServer.events.filter((event) => event.type === type).map((event) => event.params);

afterAll(async () => {
  await Promise.allSettled(open.map((item) => item.close()));
});

describe('a server behind OAuth, Dynamic Client Registration, auto-approving authorization server', () => {
  let h: Harness;
  let client: Client;

  beforeAll(async () => {
    h = await harness();
  });

  it('discovers, registers, asks the person once, and connects', async () => {
    client = await h.connect();
    const { protectedServer: server } = h;

    expect(h.asked).toHaveLength(1);
    const [request] = h.asked;
    expect(request).toMatchObject({ kind: 'authorization', data: null });
    expect(request!.prompt).toBe(
      `Protected Fixture needs you to sign in. Its authorization server, ${server.issuer}, will ask you to grant: mcp:tools, offline_access (to stay signed in).`,
    );
    expect(request!.url!.startsWith(`${server.issuer}/auth?`)).toBe(true);

    expect(eventsOf(server, 'register')).toHaveLength(1);
    const [authorize] = eventsOf(server, 'authorize');
    expect(authorize).toMatchObject({ resource: server.mcpUrl, code_challenge_method: 'S256', redirect_uri: EXTENSION_REDIRECT_URL });
    expect(eventsOf(server, 'token')).toEqual([expect.objectContaining({ grant_type: 'authorization_code', resource: server.mcpUrl })]);
    // The first request (the 2026 probe) met a 401; everything after carried a valid token,
    // including the retried probe that the legacy server then answers 400 (back to initialize).
    expect(server.requests.map((entry) => `${entry.rpc.join()} ${entry.status}`).slice(0, 4)).toEqual([
      'server/discover 401',
      'server/discover 400',
      'initialize 200',
      'notifications/initialized 202',
    ]);
    expect(server.requests.slice(1).every((entry) => entry.scopes !== null)).toBe(true);
    expect(await h.authorization.status()).toMatchObject({ signedIn: true, issuer: server.issuer, scopes: expect.arrayContaining([TOOLS_SCOPE]) });
  });

  it('calls a tool with the token', async () => {
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'hello' } }))).toBe('hello');
  });

  it('refreshes an expired token without asking the person', async () => {
    expect(h.protectedServer.authorizationServer.expireAccessTokens()).toBeGreaterThan(0);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
    expect(h.asked).toHaveLength(1);
    expect(eventsOf(h.protectedServer, 'token').at(-1)).toMatchObject({ grant_type: 'refresh_token', resource: h.protectedServer.mcpUrl });
  });

  it('steps up on 403 insufficient_scope, asking for the union of scopes, then retries the call', async () => {
    expect(text(await client.callTool({ name: 'admin_echo', arguments: { text: 'root' } }))).toBe('admin: root');
    expect(h.asked).toHaveLength(2);
    const scopes = new URL(h.asked[1]!.url!).searchParams.get('scope')!.split(' ');
    expect(scopes).toEqual(expect.arrayContaining([TOOLS_SCOPE, ADMIN_SCOPE]));
    expect(h.protectedServer.requests.some((entry) => entry.status === 403 && entry.rpc.includes('tools/call:admin_echo'))).toBe(true);
    expect((await h.authorization.status()).scopes).toEqual(expect.arrayContaining([TOOLS_SCOPE, ADMIN_SCOPE]));
    // The earlier grant survived the step-up.
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'again' } }))).toBe('again');
    expect(h.asked).toHaveLength(2);
  });

  it('signs out: tokens forgotten here and revoked there', async () => {
    const record = h.storage.local.entries.get('auth:protected') as { tokens: Record<string, { tokens: { access_token: string } }> };
    const oldToken = Object.values(record.tokens)[0]!.tokens.access_token;
    const result = await signOut({ storage: h.storage, server: h.serverConfig });
    expect(result).toEqual({ revoked: true, message: 'Signed out of Protected Fixture; its authorization server revoked the tokens.' });
    expect(eventsOf(h.protectedServer, 'revoke')).toHaveLength(2);
    expect(await h.authorization.status()).toMatchObject({ signedIn: false });

    const replay = await fetch(h.protectedServer.mcpUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${oldToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(replay.status).toBe(401);
    expect(replay.headers.get('WWW-Authenticate')).toMatch(/error="invalid_token"/);
  });

  it('asks again after sign-out, and a declined card fails the call with a typed error', async () => {
    h.answer = (request) => ({ id: request.id, ok: false, reason: 'declined' });
    const error = await client.callTool({ name: 'echo', arguments: { text: 'x' } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AuthorizationError);
    expect(error).toMatchObject({ code: 'declined' });
    expect(h.asked).toHaveLength(3);
    expect(await h.authorization.status()).toMatchObject({ signedIn: false });
  });
});

describe('a declined first sign-in', () => {
  it('fails connect with the typed error and leaves the server needing authorization', async () => {
    const h = await harness();
    h.answer = (request) => ({ id: request.id, ok: false, reason: 'declined' });
    await expect(h.connect()).rejects.toMatchObject({ name: 'AuthorizationError', code: 'declined' });
    expect(h.browser.visited).toEqual([]);
    expect(eventsOf(h.protectedServer, 'token')).toEqual([]);
    expect(await h.authorization.status()).toEqual({ signedIn: false, issuer: null, scopes: [], expiresAt: null });
  });
});

describe('an authorization server with a login page', () => {
  it('lets the scripted browser sign in through the form, then connects', async () => {
    const h = await harness({ login: CREDENTIALS });
    const client = await h.connect();
    expect(eventsOf(h.protectedServer, 'login-form')).toHaveLength(1);
    expect(h.browser.visited.some((url) => url.endsWith('/login'))).toBe(true);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'signed in' } }))).toBe('signed in');
  });
});

describe('a Client ID Metadata Document', () => {
  let host: ClientMetadataHost;

  beforeAll(async () => {
    host = await startClientMetadataHost({ client_name: 'toolnexus', redirect_uris: [EXTENSION_REDIRECT_URL] });
    open.push(host);
  });

  it('is used instead of registration when the authorization server supports it', async () => {
    const h = await harness({ clientMetadataUrl: host.clientId });
    const client = await h.connect();
    expect(eventsOf(h.protectedServer, 'register')).toEqual([]);
    expect(eventsOf(h.protectedServer, 'client-metadata-fetch')).toEqual([{ url: host.clientId }]);
    expect(host.fetches).toBeGreaterThan(0);
    expect(eventsOf(h.protectedServer, 'authorize')[0]).toMatchObject({ client_id: host.clientId });
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'cimd' } }))).toBe('cimd');
  });

  it('falls back to registration when the authorization server does not support it', async () => {
    const h = await harness({ clientMetadataUrl: host.clientId, clientIdMetadataDocuments: false });
    await h.connect();
    expect(eventsOf(h.protectedServer, 'register')).toHaveLength(1);
  });
});

describe('a pre-registered client', () => {
  const preRegisteredClient = {
    client_id: 'toolnexus-preregistered',
    client_secret: 'loopback-test-secret',
    redirect_uris: [EXTENSION_REDIRECT_URL],
  };

  it('is preferred over a metadata document and registration, and authenticates at the token endpoint', async () => {
    const server = await startProtectedServer({ clients: [preRegisteredClient] });
    open.push(server);
    const h = await harness(
      {
        preRegistered: { clientId: preRegisteredClient.client_id, clientSecret: preRegisteredClient.client_secret, issuer: server.issuer },
        clientMetadataUrl: 'https://toolnexus.invalid/oauth/client-metadata.json',
      },
      server,
    );
    const client = await h.connect();
    expect(eventsOf(server, 'register')).toEqual([]);
    expect(eventsOf(server, 'client-metadata-fetch')).toEqual([]);
    expect(eventsOf(server, 'authorize')[0]).toMatchObject({ client_id: preRegisteredClient.client_id });
    expect(eventsOf(server, 'token')[0]).toMatchObject({ client_id: preRegisteredClient.client_id, grant_type: 'authorization_code' });
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'known' } }))).toBe('known');
  });
});

describe('a short-lived access token', () => {
  it('runs out for real and is refreshed without the person', async () => {
    // oidc-provider counts whole seconds, so a 2 s token lives between 1 and 2 s.
    const h = await harness({ accessTokenTtlSeconds: 2 });
    const client = await h.connect();
    const before = h.protectedServer.requests.length;
    await sleep(2_100);
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'later' } }))).toBe('later');
    expect(h.asked).toHaveLength(1);
    const calls = h.protectedServer.requests.slice(before).filter((entry) => entry.httpMethod === 'POST');
    expect(calls.map((entry) => `${entry.rpc.join()} ${entry.status}`)).toEqual(['tools/call:echo 401', 'tools/call:echo 200']);
    expect(eventsOf(h.protectedServer, 'token').map((event) => event.grant_type)).toEqual(['authorization_code', 'refresh_token']);
  });
});
