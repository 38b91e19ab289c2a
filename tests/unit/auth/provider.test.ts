import { describe, expect, it } from 'vitest';
import { authStatus, createOAuthProvider, memoryArea, type AuthStorage } from '../../../lib/auth';
import { REDIRECT_URL } from './fakeNetwork';

const ISSUER_A = 'https://auth-a.example.com';
const ISSUER_B = 'https://auth-b.example.com';

function setup(serverId = 'files') {
  const local = memoryArea();
  const session = memoryArea();
  const storage: AuthStorage = { local, session };
  const provider = createOAuthProvider({
    server: { id: serverId, name: 'Files', url: 'https://mcp.example.com/mcp' },
    storage,
    redirectUrl: REDIRECT_URL,
    now: () => 1_000_000,
  });
  return { local, session, storage, provider };
}

const tokens = (n: number) => ({
  access_token: `access-secret-${n}`,
  refresh_token: `refresh-secret-${n}`,
  token_type: 'Bearer',
  expires_in: 600,
  scope: 'files:read files:write',
});

describe('createOAuthProvider', () => {
  it('describes toolnexus as a public client that wants refresh tokens, redirecting to the injected URL', () => {
    const { provider } = setup();
    expect(provider.redirectUrl).toBe(REDIRECT_URL);
    expect(provider.clientMetadata).toEqual({
      client_name: 'toolnexus',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // spec 2026-07-28 (SEP-837): an https redirect on a host that is not this computer is a web client's.
      application_type: 'web',
    });
  });

  it('keeps registrations and tokens in local storage, per server and per issuer', async () => {
    const { local, session, provider } = setup();
    await provider.saveClientInformation!({ client_id: 'client-at-a' }, { issuer: ISSUER_A });
    await provider.saveTokens(tokens(1), { issuer: ISSUER_A });
    await provider.saveClientInformation!({ client_id: 'client-at-b' }, { issuer: ISSUER_B });

    expect([...local.entries.keys()]).toEqual(['auth:files']);
    expect(session.entries.size).toBe(0);
    expect(await provider.clientInformation({ issuer: ISSUER_A })).toMatchObject({ client_id: 'client-at-a', issuer: ISSUER_A });
    expect(await provider.clientInformation({ issuer: ISSUER_B })).toMatchObject({ client_id: 'client-at-b', issuer: ISSUER_B });
    expect(await provider.tokens({ issuer: ISSUER_B })).toBeUndefined();
    // The transport's per-request read names no issuer: it gets the tokens saved last.
    expect((await provider.tokens())?.access_token).toBe('access-secret-1');
  });

  it('keeps the PKCE verifier, state and discovery in session storage only', async () => {
    const { local, session, provider } = setup();
    const state = await provider.state!();
    await provider.saveCodeVerifier('verifier-1');
    await provider.saveDiscoveryState!({
      authorizationServerUrl: ISSUER_A,
      authorizationServerMetadata: {
        issuer: ISSUER_A,
        authorization_endpoint: `${ISSUER_A}/authorize`,
        token_endpoint: `${ISSUER_A}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      },
    });

    expect(state).toMatch(/^[\w-]{43}$/);
    expect(await provider.state!()).not.toBe(state);
    expect([...session.entries.keys()].sort()).toEqual(['auth:files:discovery', 'auth:files:state', 'auth:files:verifier']);
    expect(local.entries.size).toBe(0);
    expect(await provider.codeVerifier()).toBe('verifier-1');
    await provider.endSignIn();
    await expect(provider.codeVerifier()).rejects.toThrow(/No sign-in to Files is in progress/);
  });

  it('does not let two servers see each other’s tokens', async () => {
    const local = memoryArea();
    const session = memoryArea();
    const make = (id: string) =>
      createOAuthProvider({ server: { id, name: id, url: `https://${id}.example.com/mcp` }, storage: { local, session }, redirectUrl: REDIRECT_URL });
    await make('one').saveTokens(tokens(1), { issuer: ISSUER_A });
    expect(await make('two').tokens({ issuer: ISSUER_A })).toBeUndefined();
    expect(await make('two').tokens()).toBeUndefined();
  });

  it('reports status without any token value', async () => {
    const { storage, provider } = setup();
    expect(await provider.status()).toEqual({ signedIn: false, issuer: null, scopes: [], expiresAt: null });
    await provider.saveTokens(tokens(7), { issuer: ISSUER_A });
    const status = await authStatus(storage, 'files');
    expect(status).toEqual({ signedIn: true, issuer: ISSUER_A, scopes: ['files:read', 'files:write'], expiresAt: 1_000_000 + 600_000 });
    expect(JSON.stringify(status)).not.toMatch(/secret/);
  });

  it('offers a pre-registered client only to its own authorization server', async () => {
    const local = memoryArea();
    const session = memoryArea();
    const provider = createOAuthProvider({
      server: { id: 'files', name: 'Files', url: 'https://mcp.example.com/mcp' },
      storage: { local, session },
      redirectUrl: REDIRECT_URL,
      preRegistered: { clientId: 'known-client', clientSecret: 'known-secret', issuer: ISSUER_A },
    });
    expect(await provider.clientInformation({ issuer: ISSUER_A })).toEqual({
      client_id: 'known-client',
      client_secret: 'known-secret',
      issuer: ISSUER_A,
    });
    // SEP-2352: never sent to another authorization server, and said so rather than silently replaced.
    await expect(provider.clientInformation({ issuer: ISSUER_B })).rejects.toMatchObject({ code: 'client-elsewhere' });
  });

  it('binds a pre-registered client given without an issuer to the first authorization server it is used with', async () => {
    const storage = { local: memoryArea(), session: memoryArea() };
    const make = (clientId: string) =>
      createOAuthProvider({
        server: { id: 'files', name: 'Files', url: 'https://mcp.example.com/mcp' },
        storage,
        redirectUrl: REDIRECT_URL,
        preRegistered: { clientId, clientSecret: 'entered-secret' },
      });
    expect(await make('entered').clientInformation({ issuer: ISSUER_A })).toMatchObject({ client_id: 'entered', issuer: ISSUER_A });
    // The binding is kept: a new provider (a new connection, a new worker) refuses B as well.
    const refused = await Promise.resolve(make('entered').clientInformation({ issuer: ISSUER_B })).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'client-elsewhere' });
    expect(String((refused as Error).message)).toContain(`registered with ${ISSUER_A}, but the server now signs people in at ${ISSUER_B}`);
    // Another client id the person enters is bound afresh.
    expect(await make('entered-for-b').clientInformation({ issuer: ISSUER_B })).toMatchObject({ client_id: 'entered-for-b', issuer: ISSUER_B });
  });

  it('switches the issuer whose tokens are sent once discovery names another, so the old token is no longer sent', async () => {
    const { provider } = setup();
    await provider.saveTokens(tokens(1), { issuer: ISSUER_A });
    expect((await provider.tokens())?.access_token).toBe('access-secret-1');
    await provider.saveDiscoveryState!({
      authorizationServerUrl: ISSUER_B,
      authorizationServerMetadata: {
        issuer: ISSUER_B,
        authorization_endpoint: `${ISSUER_B}/authorize`,
        token_endpoint: `${ISSUER_B}/token`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      },
    });
    expect(await provider.tokens()).toBeUndefined();
    expect(await provider.status()).toMatchObject({ signedIn: false, issuer: ISSUER_B });
    // A's tokens are kept for A (separate state per authorization server), just not sent.
    expect((await provider.tokens({ issuer: ISSUER_A }))?.access_token).toBe('access-secret-1');
  });

  it('refuses a client metadata URL the SDK could never use, when it is wired', () => {
    expect(() =>
      createOAuthProvider({
        server: { id: 'files', name: 'Files', url: 'https://mcp.example.com/mcp' },
        storage: { local: memoryArea(), session: memoryArea() },
        redirectUrl: REDIRECT_URL,
        clientMetadataUrl: 'http://toolnexus.example/client.json',
      }),
    ).toThrow(/HTTPS URL/);
  });

  it('forgets tokens but keeps the registration when the SDK invalidates tokens', async () => {
    const { provider } = setup();
    await provider.saveClientInformation!({ client_id: 'client-at-a' }, { issuer: ISSUER_A });
    await provider.saveTokens(tokens(1), { issuer: ISSUER_A });
    await provider.invalidateCredentials!('tokens');
    expect(await provider.tokens()).toBeUndefined();
    expect(await provider.clientInformation({ issuer: ISSUER_A })).toMatchObject({ client_id: 'client-at-a' });
  });
});
