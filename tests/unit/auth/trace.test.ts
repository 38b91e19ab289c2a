import { describe, expect, it, vi } from 'vitest';
import { createServerAuthorization, memoryArea, signOut, type Authorize, type Consent } from '../../../lib/auth';
import { type TraceAttempt, TraceRecorder, type TraceStep } from '../../../lib/auth/trace';
import { tracedFetch } from '../../../lib/auth/traceFetch';
import { fakeNetwork, ISSUER, MCP_URL, REDIRECT_URL, type FakeNetworkOptions } from './fakeNetwork';

const server = { id: 'files', name: 'Files', url: MCP_URL };
const RESOURCE_METADATA = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';

const approve =
  (iss = ISSUER, extra: Record<string, string> = {}): Authorize =>
  async (url) => {
    const callback = new URL(REDIRECT_URL);
    callback.searchParams.set('code', 'code-1');
    callback.searchParams.set('state', url.searchParams.get('state') ?? '');
    callback.searchParams.set('iss', iss);
    for (const [name, value] of Object.entries(extra)) callback.searchParams.set(name, value);
    return callback.href;
  };

function traced(
  options: {
    network?: FakeNetworkOptions;
    authorize?: Authorize;
    consent?: Consent;
    preRegistered?: { clientId: string; clientSecret?: string };
    clientMetadataUrl?: string;
  } = {},
) {
  const network = fakeNetwork(options.network);
  const attempts: TraceAttempt[] = [];
  const storage = { local: memoryArea(), session: memoryArea() };
  const authorization = createServerAuthorization({
    server,
    storage,
    redirectUrl: REDIRECT_URL,
    consent: options.consent ?? (async (request) => ({ id: request.id, ok: true })),
    authorize: options.authorize ?? approve(),
    fetch: network.fetch,
    preRegistered: options.preRegistered,
    clientMetadataUrl: options.clientMetadataUrl,
    trace: (attempt) => attempts.push(attempt),
  });
  return { network, attempts, storage, authorization };
}

const kinds = (attempt: TraceAttempt | undefined) => attempt?.steps.map((step) => step.kind);
const step = (attempt: TraceAttempt | undefined, kind: TraceStep['kind']) => attempt?.steps.find((candidate) => candidate.kind === kind);
const fact = (found: TraceStep | undefined, name: string) => found?.facts.find(([key]) => key === name)?.[1];
const challenge401 = () =>
  new Response(null, {
    status: 401,
    headers: { 'WWW-Authenticate': `Bearer resource_metadata="${RESOURCE_METADATA}", scope="files:read"` },
  });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a sign-in’s trace', () => {
  it('shows each step in order, from the 401 to the tokens, with what was tried and what answered', async () => {
    const { authorization, attempts } = traced();
    const { authProvider } = authorization.transportOptions();
    await authProvider.onUnauthorized!({ response: challenge401(), serverUrl: new URL(MCP_URL), fetchFn: fetch });

    const [attempt] = attempts;
    expect(attempt).toMatchObject({ reason: 'Files answered 401', outcome: 'signed-in' });
    expect(kinds(attempt)).toEqual([
      'challenge',
      'resource-metadata',
      'authorization-server-metadata',
      'client',
      'consent',
      'authorization-request',
      'callback',
      'token',
    ]);
    expect(fact(step(attempt, 'challenge'), 'resource_metadata')).toBe(RESOURCE_METADATA);
    expect(fact(step(attempt, 'challenge'), 'scope')).toBe('files:read');
    expect(step(attempt, 'resource-metadata')?.summary).toBe(`Published at ${RESOURCE_METADATA}: sign-in is at ${ISSUER}.`);
    const metadata = step(attempt, 'authorization-server-metadata');
    expect(metadata?.summary).toBe(`Found at ${ISSUER}/.well-known/oauth-authorization-server (RFC 8414).`);
    expect(fact(metadata, 'authorization_response_iss_parameter_supported (RFC 9207)')).toBe('yes');
    expect(step(attempt, 'client')?.summary).toBe('Registered toolnexus with Dynamic Client Registration (RFC 7591): client_id registered-client.');
    expect(fact(step(attempt, 'client'), 'application_type')).toBe('web');
    expect(fact(step(attempt, 'authorization-request'), 'resource')).toBe(MCP_URL);
    expect(fact(step(attempt, 'callback'), 'iss')).toContain(`${ISSUER}: the issuer recorded before the sign-in (RFC 9207)`);
    expect(step(attempt, 'token')?.summary).toBe(
      'Tokens received (HTTP 200): an access token (token_type Bearer), valid for 3600 s, a refresh token; scope files:read.',
    );
    expect(attempt!.steps.every((each) => each.outcome === 'ok' || each.outcome === 'info')).toBe(true);
  });

  it('keeps no code, verifier, state, token or secret: not in URLs, headers or bodies', async () => {
    const { authorization, attempts, network } = traced({
      preRegistered: { clientId: 'app', clientSecret: 'client-secret-9' },
      network: { metadata: { token_endpoint_auth_methods_supported: ['client_secret_post'] } },
    });
    await authorization.signIn();
    const state = new URL(network.calls.find((call) => call.url.includes('/token'))!.url).searchParams.get('state');
    const text = JSON.stringify(attempts);
    for (const secret of ['code-1', 'access-secret-1', 'refresh-secret-1', 'client-secret-9', network.to('/token')[0]!.body.get('code_verifier')!]) {
      expect(text).not.toContain(secret);
    }
    expect(state).toBeNull();
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/state=(?!%5Bredacted%5D)/);
    expect(step(attempts[0], 'client')?.summary).toBe(`The client id you entered, app, with its secret, for ${ISSUER} (pre-registration).`);
    expect(fact(step(attempts[0], 'token'), 'client authentication')).toBe('client_secret_post');
  });

  it('names a Client ID Metadata Document as the client, where the authorization server takes one', async () => {
    const document = 'https://toolnexus.example/client.json';
    const { authorization, attempts, network } = traced({
      clientMetadataUrl: document,
      network: { metadata: { client_id_metadata_document_supported: true } },
    });
    await authorization.signIn();
    expect(step(attempts[0], 'client')?.summary).toBe(
      `Client ID Metadata Document: the client id is the document's URL, ${document}; ${ISSUER} fetches it (client_id_metadata_document_supported).`,
    );
    expect(network.to('/register')).toEqual([]);
  });

  it('shows a silent refresh as its own step, with no consent or window', async () => {
    const { authorization, attempts } = traced();
    await authorization.signIn();
    await authorization.signIn();
    expect(kinds(attempts[1])).toEqual(['resource-metadata', 'authorization-server-metadata', 'client', 'refresh']);
    expect(step(attempts[1], 'client')?.summary).toBe(`The client registered-client registered with ${ISSUER} earlier.`);
    expect(step(attempts[1], 'refresh')?.summary).toMatch(/^Refreshed \(HTTP 200\): an access token \(token_type Bearer\)/);
    expect(fact(step(attempts[1], 'refresh'), 'grant_type')).toBe('refresh_token');
  });

  it('names an authorization server without registration, and asks for a client id from its owner', async () => {
    const { authorization, attempts, network } = traced({ network: { metadata: { registration_endpoint: undefined } } });
    const error = await authorization.signIn().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'no-registration' });
    expect((error as Error).message).toBe(
      `Files's authorization server, ${ISSUER}, offers no registration: enter a client id from its owner. It neither registers clients (it has no registration_endpoint) nor takes Client ID Metadata Documents.`,
    );
    expect(attempts[0]).toMatchObject({ outcome: 'failed', failure: { step: 'client', fix: { kind: 'client-id', issuer: ISSUER } } });
    expect(network.to('/register')).toEqual([]);
    expect(fact(step(attempts[0], 'authorization-server-metadata'), 'registration_endpoint')).toBe('none: no Dynamic Client Registration');
  });

  it('shows the server’s own words when it refuses the registration', async () => {
    const { authorization, attempts } = traced({
      network: {
        override: (url) =>
          url.pathname === '/register'
            ? json({ error: 'invalid_redirect_uri', error_description: 'chromiumapp.org is not allowed here' }, 400)
            : undefined,
      },
    });
    const error = (await authorization.signIn().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain(
      'auth.example.com refused to register toolnexus (RFC 7591): HTTP 400 invalid_redirect_uri: chromiumapp.org is not allowed here.',
    );
    expect(error.message).toContain(`Enter a client id that the owner of ${ISSUER} registered for toolnexus (with the redirect URL ${REDIRECT_URL})`);
    expect(attempts[0]!.failure).toMatchObject({ step: 'client', fix: { kind: 'client-id' } });
  });

  it('says a registration answered without a client_id', async () => {
    const { authorization } = traced({
      network: { override: (url) => (url.pathname === '/register' ? json({ client_name: 'toolnexus' }, 201) : undefined) },
    });
    const error = (await authorization.signIn().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain(
      'auth.example.com answered the registration (HTTP 201) without a client_id, so there is no client to sign in with.',
    );
  });

  it('gives the token endpoint’s status, error and error_description when it refuses the code', async () => {
    const { authorization, attempts } = traced({
      network: {
        override: (url) =>
          url.pathname === '/token' ? json({ error: 'invalid_grant', error_description: 'The code has expired.' }, 400) : undefined,
      },
    });
    const error = (await authorization.signIn().catch((caught: unknown) => caught)) as Error;
    expect(error.message).toBe(
      `auth.example.com's token endpoint refused the code exchange: HTTP 400 invalid_grant: The code has expired. Sign in to try again; if it fails the same way, the owner of ${ISSUER} has to look at it.`,
    );
    expect(attempts[0]!.failure).toMatchObject({ step: 'token', fix: { kind: 'sign-in' } });
  });

  it('on an issuer mismatch, shows neither the error nor the description a mix-up attacker wrote (RFC 9207 §4)', async () => {
    const { authorization, attempts } = traced({
      authorize: approve('https://attacker.example', { error: 'access_denied', error_description: 'Call 555-0100 to unlock' }),
    });
    const error = (await authorization.signIn().catch((caught: unknown) => caught)) as Error;
    expect(error).toMatchObject({ code: 'issuer-mismatch' });
    expect(JSON.stringify(attempts)).not.toContain('555-0100');
    expect(step(attempts[0], 'callback')).toMatchObject({ outcome: 'failed' });
  });

  it('shows a step-up with the scopes required, held and asked for', async () => {
    const { authorization, attempts } = traced();
    await authorization.signIn();
    const { fetch } = authorization.transportOptions(async (_url, init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer access-secret-1'
        ? new Response(null, { status: 403, headers: { 'WWW-Authenticate': 'Bearer error="insufficient_scope", scope="files:write"' } })
        : new Response('{}', { status: 200 }),
    );
    await fetch(MCP_URL, { method: 'POST', body: '{}', headers: { Authorization: 'Bearer access-secret-1' } });
    const stepUp = step(attempts[1], 'step-up');
    expect(attempts[1]!.reason).toBe('Files answered 403 insufficient_scope');
    expect(fact(stepUp, 'required (challenge)')).toBe('files:write');
    expect(fact(stepUp, 'held')).toBe('files:read');
    expect(fact(stepUp, 'asked for (union)')).toBe('files:read files:write');
  });

  it('traces a sign-out: forgotten here first, then each revocation', async () => {
    const { authorization, network, storage, attempts } = traced();
    await authorization.signIn();
    await signOut({ storage, server, fetch: network.fetch, trace: (attempt) => attempts.push(attempt) });
    const out = attempts.at(-1);
    expect(out).toMatchObject({ reason: 'You chose Sign out', outcome: 'signed-out' });
    expect(kinds(out)).toContain('revocation');
    expect(step(out, 'revocation')?.summary).toBe('Revoked at auth.example.com (RFC 7009): 2 tokens.');
    expect(JSON.stringify(out)).not.toContain('secret-1');
  });

  it('is handed over as the attempt starts, and grows while the person is asked', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const { authorization, attempts } = traced({
      consent: (request) => new Promise((resolve) => (answer = (ok) => resolve({ id: request.id, ok }))),
    });
    const signingIn = authorization.signIn();
    await vi.waitFor(() => expect(step(attempts[0], 'consent')?.outcome).toBe('running'));
    expect(attempts[0]!.outcome).toBe('running');
    answer(true);
    await signingIn;
    expect(attempts[0]!.outcome).toBe('signed-in');
  });
});

describe('a sign-in trace’s bounds', () => {
  it('keeps a bounded number of a looping sign-in’s requests, and makes the rest unrecorded', async () => {
    const trace = new TraceRecorder('a loop');
    let made = 0;
    const fetch = tracedFetch(
      async () => {
        made += 1;
        return new Response('{}', { status: 404 });
      },
      () => trace,
      () => undefined,
    );
    for (let index = 0; index < 100; index += 1) await fetch(`https://auth.example.com/.well-known/openid-configuration/${index}`);
    expect(made).toBe(100);
    expect(trace.attempt.steps.reduce((count, each) => count + each.exchanges.length, 0)).toBe(48);
  });
});
