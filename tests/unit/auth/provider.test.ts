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
    expect(await provider.clientInformation({ issuer: ISSUER_B })).toBeUndefined();
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
