import { describe, expect, it, vi } from 'vitest';
import {
  AuthorizationError,
  cachedArea,
  createServerAuthorization,
  memoryArea,
  signOut,
  type AuthStorage,
  type Authorize,
  type Consent,
  type KeyValueArea,
} from '../../../lib/auth';
import type { Answer, Request } from '../../../lib/request';
import { fakeNetwork, ISSUER, MCP_URL, REDIRECT_URL, type FakeNetworkOptions } from './fakeNetwork';

const server = { id: 'files', name: 'Files', url: MCP_URL };

/** The authorization server's side of a good sign-in: redirect back with the code, state and iss. */
const approve: Authorize = async (url) => {
  const callback = new URL(REDIRECT_URL);
  callback.searchParams.set('code', 'code-1');
  callback.searchParams.set('state', url.searchParams.get('state') ?? '');
  callback.searchParams.set('iss', ISSUER);
  return callback.href;
};

interface SetupOptions {
  network?: FakeNetworkOptions;
  consent?: (request: Request) => Answer;
  authorize?: Authorize;
  /** How the flow sees each memory area; by default, as it is. */
  wrap?: (area: KeyValueArea, name: 'local' | 'session') => KeyValueArea;
}

function setupAuthorization(options: SetupOptions = {}) {
  const network = fakeNetwork(options.network);
  const local = memoryArea();
  const session = memoryArea();
  const wrap = options.wrap ?? ((area) => area);
  const storage: AuthStorage = { local: wrap(local, 'local'), session: wrap(session, 'session') };
  const asked: Request[] = [];
  const consent = vi.fn<Consent>(async (request) => {
    asked.push(request);
    return options.consent ? options.consent(request) : { id: request.id, ok: true };
  });
  const authorize = vi.fn<Authorize>(options.authorize ?? approve);
  const waiting: boolean[] = [];
  const authorization = createServerAuthorization({
    server,
    storage,
    redirectUrl: REDIRECT_URL,
    consent,
    authorize,
    fetch: network.fetch,
    onInteraction: (active) => waiting.push(active),
  });
  return { network, local, session, storage, asked, consent, authorize, authorization, waiting };
}

/** A callback tampered with by `edit` after the authorization server produced it. */
const tampered =
  (edit: (callback: URL) => void): Authorize =>
  async (url) => {
    const callback = new URL(await approve(url));
    edit(callback);
    return callback.href;
  };

async function refusal(promise: Promise<unknown>): Promise<AuthorizationError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AuthorizationError);
  return error as AuthorizationError;
}

/**
 * Storage as the flow sees it: the memory areas themselves, or read through `cachedArea` as
 * in the extension. Every flow test runs with both.
 */
const storages: Array<[string, (area: KeyValueArea) => KeyValueArea]> = [
  ['storage', (area) => area],
  ['storage read through its in-memory cache', (area) => cachedArea(area, () => undefined)],
];

describe.each(storages)('createServerAuthorization over %s', (_label, wrap) => {
  const setup = (options: SetupOptions = {}) => setupAuthorization({ ...options, wrap });

  it('asks the person with the server, the issuer, the scopes and the full URL before opening anything', async () => {
    const { asked, authorize, authorization, network } = setup();
    await authorization.signIn();

    expect(asked).toHaveLength(1);
    const request = asked[0]!;
    expect(request).toMatchObject({ kind: 'authorization', data: null });
    expect(request.id).toMatch(/^elc-/);
    expect(request.prompt).toBe(`Files needs you to sign in. Its authorization server, ${ISSUER}, will ask you to grant: files:read.`);
    const url = new URL(request.url!);
    expect(url.origin + url.pathname).toBe(`${ISSUER}/authorize`);
    expect(authorize).toHaveBeenCalledWith(url);
    // spec: PKCE S256 and the resource indicator on the authorization request...
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(MCP_URL);
    expect(url.searchParams.get('client_id')).toBe('registered-client');
    // ...and on the token request, with the verifier.
    const [token] = network.to('/token');
    expect(token?.body.get('grant_type')).toBe('authorization_code');
    expect(token?.body.get('resource')).toBe(MCP_URL);
    expect(token?.body.get('code_verifier')).toMatch(/^[\w.~-]{43,128}$/);
    expect(await authorization.status()).toMatchObject({ signedIn: true, issuer: ISSUER, scopes: ['files:read'] });
  });

  it('says when it waits on the person, so callers can pause their timeouts', async () => {
    const { authorization, waiting } = setup();
    await authorization.signIn();
    expect(waiting).toEqual([true, false]);
    await authorization.signIn();
    // A refresh needs nobody.
    expect(waiting).toEqual([true, false]);
  });

  it('stops when the person declines: nothing opened, nothing exchanged, still signed out', async () => {
    const { authorize, authorization, network, session, waiting } = setup({
      consent: (request) => ({ id: request.id, ok: false, reason: 'declined' }),
    });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('declined');
    expect(error.message).toBe('You declined to sign in to Files; it stays signed out until you choose Sign in.');
    expect(waiting).toEqual([true, false]);
    expect(authorize).not.toHaveBeenCalled();
    expect(network.to('/token')).toEqual([]);
    expect(await authorization.status()).toMatchObject({ signedIn: false });
    expect(session.entries.has('auth:files:verifier')).toBe(false);
  });

  it('asks no more after a no, until the person chooses to sign in; refreshes go on', async () => {
    let answer: Answer['ok'] = false;
    const { authorization, consent, storage, network } = setup({
      consent: (request) => ({ id: request.id, ok: answer, reason: 'declined' }),
    });
    const { authProvider } = authorization.transportOptions();
    const challenge = { response: new Response(null, { status: 401 }), serverUrl: new URL(MCP_URL), fetchFn: fetch };
    expect((await refusal(authProvider.onUnauthorized!(challenge))).code).toBe('declined');
    const again = await refusal(authProvider.onUnauthorized!(challenge));
    expect(again.code).toBe('needs-authorization');
    expect(again.message).toMatch(/choose Sign in to try again/);
    expect(consent).toHaveBeenCalledTimes(1);
    // The no outlives this object: a reconnect builds a new one from the same storage.
    const reconnected = createServerAuthorization({
      server,
      storage,
      redirectUrl: REDIRECT_URL,
      consent,
      authorize: approve,
      fetch: network.fetch,
    });
    expect((await refusal(reconnected.transportOptions().authProvider.onUnauthorized!(challenge))).code).toBe('needs-authorization');
    expect(consent).toHaveBeenCalledTimes(1);

    answer = true;
    await authorization.signIn();
    expect(consent).toHaveBeenCalledTimes(2);
    // Signed in: a later 401 (expired token) is refreshed without a card.
    await authProvider.onUnauthorized!(challenge);
    expect(consent).toHaveBeenCalledTimes(2);
  });

  it('calls an expired or withdrawn consent card cancelled, not declined', async () => {
    const { authorization } = setup({ consent: (request) => ({ id: request.id, ok: false, reason: 'expired' }) });
    expect((await refusal(authorization.signIn())).code).toBe('cancelled');
  });

  it('discards a callback whose state is not ours, before any exchange', async () => {
    const { authorization, network } = setup({
      authorize: tampered((callback) => callback.searchParams.set('state', 'forged')),
    });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('state-mismatch');
    expect(network.to('/token')).toEqual([]);
    expect(await authorization.status()).toMatchObject({ signedIn: false });
  });

  it('discards a callback without state', async () => {
    const { authorization, network } = setup({ authorize: tampered((callback) => callback.searchParams.delete('state')) });
    expect((await refusal(authorization.signIn())).code).toBe('state-mismatch');
    expect(network.to('/token')).toEqual([]);
  });

  it('discards a callback whose iss names another authorization server (RFC 9207), before any exchange', async () => {
    const { authorization, network } = setup({
      authorize: tampered((callback) => {
        callback.searchParams.set('iss', 'https://attacker.example');
        callback.searchParams.set('error', 'access_denied');
        callback.searchParams.set('error_description', 'Call +1-555-SCAM to restore access');
      }),
    });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('issuer-mismatch');
    // The attacker's words never reach the person.
    expect(error.message).not.toMatch(/SCAM|attacker/);
    expect(network.to('/token')).toEqual([]);
  });

  it('discards a callback without iss when the authorization server promises to send it', async () => {
    const { authorization, network } = setup({ authorize: tampered((callback) => callback.searchParams.delete('iss')) });
    expect((await refusal(authorization.signIn())).code).toBe('issuer-mismatch');
    expect(network.to('/token')).toEqual([]);
  });

  it('accepts a callback without iss from a server that never promised one', async () => {
    const { authorization, network } = setup({
      network: { metadata: { authorization_response_iss_parameter_supported: undefined } },
      authorize: tampered((callback) => callback.searchParams.delete('iss')),
    });
    await authorization.signIn();
    expect(network.to('/token')).toHaveLength(1);
  });

  it('refuses a callback that lands outside the redirect URL', async () => {
    const { authorization, network } = setup({
      authorize: tampered((callback) => {
        callback.host = 'evil.example';
      }),
    });
    expect((await refusal(authorization.signIn())).code).toBe('redirect-mismatch');
    expect(network.to('/token')).toEqual([]);
  });

  it('reports the authorization server’s refusal once its issuer checks out', async () => {
    const { authorization } = setup({
      authorize: tampered((callback) => {
        callback.searchParams.delete('code');
        callback.searchParams.set('error', 'access_denied');
      }),
    });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('denied');
    expect(error.message).toBe(`${ISSUER} did not authorize Files: "access_denied".`);
  });

  it.each([
    ['without S256', { code_challenge_methods_supported: ['plain'] }],
    ['without code_challenge_methods_supported', { code_challenge_methods_supported: undefined }],
  ])('refuses an authorization server %s before registering or asking anyone', async (_label, metadata) => {
    const { authorization, consent, network } = setup({ network: { metadata } });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('pkce-unsupported');
    expect(error.message).toMatch(/does not offer PKCE with S256/);
    expect(consent).not.toHaveBeenCalled();
    expect(network.to('/register')).toEqual([]);
  });

  it('refuses an authorization endpoint it would not be safe to open', async () => {
    const { authorization, consent } = setup({ network: { metadata: { authorization_endpoint: 'http://auth.example.com/authorize' } } });
    const error = await refusal(authorization.signIn());
    expect(error.code).toBe('unsafe-url');
    expect(error.message).toMatch(/unencrypted http/);
    expect(consent).not.toHaveBeenCalled();
  });

  it('turns a closed sign-in window into a cancelled sign-in', async () => {
    const { authorization } = setup({
      authorize: async () => {
        throw new Error('The user did not approve access.');
      },
    });
    expect((await refusal(authorization.signIn())).code).toBe('cancelled');
  });

  it('runs one sign-in for concurrent 401s and lets all of them retry', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { authorization, consent } = setup({
      authorize: async (url) => {
        await gate;
        return approve(url);
      },
    });
    const { authProvider } = authorization.transportOptions();
    const challenge = new Response(null, {
      status: 401,
      headers: { 'WWW-Authenticate': 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"' },
    });
    const context = { response: challenge, serverUrl: new URL(MCP_URL), fetchFn: fetch };
    const both = Promise.all([authProvider.onUnauthorized!(context), authProvider.onUnauthorized!(context)]);
    await vi.waitFor(() => expect(consent).toHaveBeenCalled());
    release();
    await both;
    expect(consent).toHaveBeenCalledTimes(1);
    expect(await authProvider.token()).toBe('access-secret-1');
  });

  it('steps up on 403 insufficient_scope with the union of scopes, and gives up after two step-ups', async () => {
    const { authorization, asked } = setup();
    const sent: Array<string | null> = [];
    const alwaysForbidden = async (_url: string | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('Authorization'));
      return new Response(null, {
        status: 403,
        headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="files:write"' },
      });
    };
    await authorization.signIn();
    const { fetch } = authorization.transportOptions(alwaysForbidden);
    const error = await refusal(fetch(MCP_URL, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer access-secret-1' } }));
    expect(error.code).toBe('insufficient-scope');
    expect(error.message).toBe('Files still refuses this request after 2 sign-ins; it needs files:write, which was not granted.');
    expect(asked).toHaveLength(3);
    // Each step-up asked for what was granted before plus what the server named.
    for (const request of asked.slice(1)) {
      expect(new Set(new URL(request.url!).searchParams.get('scope')!.split(' '))).toEqual(new Set(['files:read', 'files:write']));
    }
    // The request went out once, then again after each sign-in with the newest token.
    expect(sent).toEqual(['Bearer access-secret-1', 'Bearer access-secret-2', 'Bearer access-secret-3']);
  });

  it('signs out: forgets the tokens and revokes refresh then access token as a public client', async () => {
    const { authorization, network, local, session, storage } = setup();
    await authorization.signIn();
    const result = await signOut({ storage, server, fetch: network.fetch });
    expect(result).toEqual({ revoked: true, message: 'Signed out of Files; its authorization server revoked the tokens.' });
    const revocations = network.to('/revoke').map((call) => Object.fromEntries(call.body));
    expect(revocations).toEqual([
      { token: 'refresh-secret-1', token_type_hint: 'refresh_token', client_id: 'registered-client' },
      { token: 'access-secret-1', token_type_hint: 'access_token', client_id: 'registered-client' },
    ]);
    expect(await authorization.status()).toMatchObject({ signedIn: false });
    expect(JSON.stringify([...local.entries, ...session.entries])).not.toMatch(/secret/);
  });

  it('says so when the authorization server cannot revoke', async () => {
    const { authorization, network, storage } = setup({ network: { metadata: { revocation_endpoint: undefined } } });
    await authorization.signIn();
    const result = await signOut({ storage, server, fetch: network.fetch });
    expect(result.revoked).toBe(false);
    expect(result.message).toMatch(/offers no revocation, so the tokens stay valid there until they expire/);
    expect(await authorization.status()).toMatchObject({ signedIn: false });
  });
});

describe('createServerAuthorization over cached storage', () => {
  /** Signed-in-ready flow whose local area counts its reads and takes change reports from the test. */
  function signedIn() {
    const reads = vi.fn();
    let report: (keys: string[]) => void = () => undefined;
    const counted = (area: KeyValueArea): KeyValueArea => ({
      ...area,
      get: (key) => {
        reads(key);
        return area.get(key);
      },
    });
    const { local, authorization } = setupAuthorization({
      wrap: (area, name) => (name === 'local' ? cachedArea(counted(area), (listener) => (report = listener)) : area),
    });
    return { local, reads, authorization, changed: (...keys: string[]) => report(keys) };
  }

  it('reads the token from storage once, not before every request', async () => {
    const { reads, authorization } = signedIn();
    await authorization.signIn();
    reads.mockClear();
    const { authProvider } = authorization.transportOptions();
    for (let i = 0; i < 10; i += 1) expect(await authProvider.token()).toBe('access-secret-1');
    expect(reads.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('stops sending a token that another context signed out of, once storage reports it', async () => {
    const { local, authorization, changed } = signedIn();
    await authorization.signIn();
    const { authProvider } = authorization.transportOptions();
    expect(await authProvider.token()).toBe('access-secret-1');
    const record = (await local.get('auth:files')) as { tokens: object };
    await local.set('auth:files', { ...record, tokens: {} });
    changed('auth:files');
    expect(await authProvider.token()).toBeUndefined();
    expect(await authorization.status()).toMatchObject({ signedIn: false });
  });
});
