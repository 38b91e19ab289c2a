/**
 * The layouts real authorization servers use (issue 27), each against oidc-provider configured
 * in that shape, through the Hub as the extension runs it: each signs in, and each failing
 * variant ends in a trace whose words say what was wrong.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startProtectedServer, type ProtectedServerOptions } from '../fixtures/auth/protected-server';
import { factOf, signInHub, stepOf, triedBy } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

async function layout(options: ProtectedServerOptions, client?: { oauthClientId: string; oauthClientSecret?: string }) {
  const server = await startProtectedServer(options);
  open.push(server);
  const signIn = await signInHub([{ id: 's', url: server.mcpUrl, enabled: true, ...client }]);
  open.push({ close: () => signIn.hub.removeServer('s') });
  return { server, ...signIn };
}

describe('an issuer with a path, as Keycloak publishes it (/realms/<name>)', () => {
  it('is found at OpenID Connect discovery with the path appended, after the two inserted placements', async () => {
    const { server, settled, trace } = await layout({ issuerPath: '/realms/toolnexus' });
    expect(server.issuer).toMatch(/\/realms\/toolnexus$/);
    expect(await settled()).toMatchObject({ status: 'connected', auth: { issuer: server.issuer } });
    const metadata = stepOf(trace()[0], 'authorization-server-metadata');
    expect(triedBy(metadata)).toEqual([
      ['/.well-known/oauth-authorization-server/realms/toolnexus', 404],
      ['/.well-known/openid-configuration/realms/toolnexus', 404],
      ['/realms/toolnexus/.well-known/openid-configuration', 200],
    ]);
    expect(metadata?.summary).toContain('(OpenID Connect discovery, path appended)');
    expect(factOf(metadata, 'issuer')).toBe(server.issuer);
  });

  it('is found at RFC 8414 with the path inserted, first, when published there', async () => {
    const { settled, trace } = await layout({ issuerPath: '/tenant1', discovery: ['oauth'] });
    expect((await settled()).status).toBe('connected');
    const metadata = stepOf(trace()[0], 'authorization-server-metadata');
    expect(triedBy(metadata)).toEqual([['/.well-known/oauth-authorization-server/tenant1', 200]]);
    expect(metadata?.summary).toContain('(RFC 8414, path inserted)');
  });

  it('fails, saying every URL tried, when its metadata is only where the spec does not look', async () => {
    const { settled, trace } = await layout({ issuerPath: '/realms/odd', discovery: ['oauth-appended'] });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(
      /^.+'s authorization server could not be read\. No authorization server metadata at any of the 3 well-known URLs tried: /,
    );
    expect(view.error).toContain('/.well-known/oauth-authorization-server/realms/odd → 404; ');
    expect(view.error).toContain('/realms/odd/.well-known/openid-configuration → 404.');
    expect(trace()[0]!.failure?.step).toBe('authorization-server-metadata');
  });
});

describe('an MCP server on a path below its origin’s root', () => {
  it('has its metadata found at the path-suffixed well-known URL when the 401 names none', async () => {
    const { server, settled, trace } = await layout({ mcpPath: '/tenants/acme/mcp', resourceMetadata: 'path' });
    expect((await settled()).status).toBe('connected');
    expect(server.metadataRequests).toEqual([{ path: '/.well-known/oauth-protected-resource/tenants/acme/mcp', status: 200 }]);
    const [attempt] = trace();
    expect(factOf(stepOf(attempt, 'challenge'), 'resource_metadata')).toMatch(/^\(not given: the well-known URLs are tried/);
    expect(factOf(stepOf(attempt, 'resource-metadata'), 'resource')).toBe(server.mcpUrl);
  });

  it('falls back to the root well-known URL, and the trace shows both', async () => {
    const { settled, trace } = await layout({ mcpPath: '/tenants/acme/mcp', resourceMetadata: 'root' });
    expect((await settled()).status).toBe('connected');
    expect(triedBy(stepOf(trace()[0], 'resource-metadata'))).toEqual([
      ['/.well-known/oauth-protected-resource/tenants/acme/mcp', 404],
      ['/.well-known/oauth-protected-resource', 200],
    ]);
  });

  it('fails, saying the server does not say where to sign in, when it publishes no metadata', async () => {
    const { settled, trace } = await layout({ mcpPath: '/tenants/acme/mcp', resourceMetadata: 'none' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(/needs a sign-in but does not say where \(its protected resource metadata, RFC 9728\)\. Not published: /);
    expect(view.error).toContain('Ask the server\u2019s owner'.replace('\u2019', "'"));
    expect(trace()[0]!.failure?.step).toBe('resource-metadata');
  });
});

describe('an authorization server whose metadata is only at OpenID Connect discovery', () => {
  it('is found there after RFC 8414 answers 404', async () => {
    const { settled, trace } = await layout({ discovery: ['oidc'] });
    expect((await settled()).status).toBe('connected');
    expect(triedBy(stepOf(trace()[0], 'authorization-server-metadata'))).toEqual([
      ['/.well-known/oauth-authorization-server', 404],
      ['/.well-known/openid-configuration', 200],
    ]);
  });
});

describe('an authorization server on another origin than the MCP server', () => {
  it('signs in there: another host, another port', async () => {
    const { server, settled, trace } = await layout({ issuerHost: 'localhost' });
    expect(new URL(server.issuer).hostname).toBe('localhost');
    expect(new URL(server.mcpUrl).hostname).toBe('127.0.0.1');
    expect(await settled()).toMatchObject({ status: 'connected', auth: { issuer: server.issuer } });
    expect(stepOf(trace()[0], 'resource-metadata')?.summary).toContain(`sign-in is at ${server.issuer}.`);
  });

  it('fails before anyone is asked, saying why, when its token endpoint is plain http away from this computer', async () => {
    const { settled, trace, asked } = await layout({ host: '127.0.0.2' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(
      /has its token endpoint at http:\/\/127\.0\.0\.2:\d+\/token, over plain http on a host that is not this computer: toolnexus does not send a code or token there/,
    );
    expect(asked).toEqual([]);
    expect(trace()[0]!.failure?.step).toBe('authorization-server-metadata');
  });

  it('fails, saying it could not be reached, when that origin does not answer', async () => {
    const { settled, trace } = await layout({ namedIssuer: 'http://127.0.0.2:9' });
    const view = await settled();
    expect(view.error).toMatch(/'s authorization server could not be reached\. No authorization server metadata at the well-known URL tried: /);
    expect(view.error).toMatch(/http:\/\/127\.0\.0\.2:9\/\.well-known\/oauth-authorization-server → no answer/);
    expect(trace()[0]!.failure).toMatchObject({ step: 'authorization-server-metadata', fix: { kind: 'sign-in' } });
  });
});

describe('an authorization server without registration', () => {
  const shape = { registration: false, clientIdMetadataDocuments: false };

  it('asks for a client id from its owner, then signs in with the one the person enters', async () => {
    const { server, hub, settled, trace, saved } = await layout({ ...shape, clients: [{ client_id: 'acme-mcp', redirect_uris: [EXTENSION] }] });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toBe(
      `${view.displayName}'s authorization server, ${server.issuer}, offers no registration: enter a client id from its owner. It neither registers clients (it has no registration_endpoint) nor takes Client ID Metadata Documents.`,
    );
    expect(trace()[0]!.failure).toEqual({ step: 'client', words: view.error, fix: { kind: 'client-id', issuer: server.issuer } });

    await hub.signIn('s', { clientId: 'acme-mcp' });
    expect((await settled()).status).toBe('connected');
    expect(saved.value()[0]).toMatchObject({ oauthClientId: 'acme-mcp' });
    expect(stepOf(trace().at(-1), 'client')?.summary).toBe(`The client id you entered, acme-mcp, for ${server.issuer} (pre-registration).`);
  });

  it('takes a secret too, kept with the server’s settings and never in its view or trace', async () => {
    const { server, hub, settled, trace, saved } = await layout({
      ...shape,
      clients: [{ client_id: 'acme-confidential', client_secret: 'acme-secret-42', redirect_uris: [EXTENSION] }],
    });
    await settled();
    await hub.signIn('s', { clientId: 'acme-confidential', clientSecret: 'acme-secret-42' });
    const view = await settled();
    expect(view).toMatchObject({ status: 'connected', oauthClientId: 'acme-confidential', hasClientSecret: true });
    expect(saved.value()[0]!.oauthClientSecret).toBe('acme-secret-42');
    expect(JSON.stringify([hub.state(), trace()])).not.toContain('acme-secret-42');
    expect(factOf(stepOf(trace().at(-1), 'token'), 'client authentication')).toBe('client_secret_basic');
    expect(server.authorizationServer.events.find((event) => event.type === 'token')?.params.client_id).toBe('acme-confidential');
  });

  it('says the token endpoint refused the client when the secret entered is wrong', async () => {
    const { server, hub, settled, trace } = await layout({
      ...shape,
      clients: [{ client_id: 'acme-confidential', client_secret: 'right', redirect_uris: [EXTENSION] }],
    });
    await settled();
    await hub.signIn('s', { clientId: 'acme-confidential', clientSecret: 'wrong' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(/token endpoint refused the code exchange: HTTP 401 invalid_client/);
    expect(view.error).toContain(`The client id or secret you entered is not one ${server.issuer} accepts: check them with its owner.`);
    expect(trace().at(-1)!.failure).toMatchObject({ step: 'token', fix: { kind: 'client-id' } });
  });
});

describe('a token endpoint that answers an error', () => {
  it('fails with its status, error and error_description', async () => {
    const { settled, trace } = await layout({
      tokenError: { status: 400, body: { error: 'invalid_grant', error_description: 'The authorization code was already used.' } },
    });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(
      /^127\.0\.0\.1:\d+'s token endpoint refused the code exchange: HTTP 400 invalid_grant: The authorization code was already used\. Sign in to try again/,
    );
    expect(trace()[0]!.failure).toMatchObject({ step: 'token', fix: { kind: 'sign-in' } });
  });

  it('fails, saying so, when it answers a web page', async () => {
    const { settled } = await layout({ tokenError: { status: 502, body: '<html>Bad gateway</html>' } });
    expect((await settled()).error).toMatch(/token endpoint refused the code exchange: HTTP 502 \(\(24 characters, not JSON\)\)/);
  });
});

const EXTENSION = 'https://bekjilnimdjfgknlplojgnmbcojiihao.chromiumapp.org/';

describe('a server that refuses the token its own authorization server issued', () => {
  it('says the sign-in worked and the two disagree, in the attempt that got the token', async () => {
    const { settled, trace } = await layout({ audience: 'https://elsewhere.example/mcp' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(
      /refused the token its authorization server had just issued for it \(401 invalid_token: The token was issued for another resource\.\)\. The sign-in itself worked/,
    );
    const attempt = trace()[0]!;
    expect(attempt).toMatchObject({ outcome: 'failed', failure: { step: 'challenge', fix: { kind: 'sign-in' } } });
    expect(attempt.steps.map((step) => step.kind).slice(-2)).toEqual(['token', 'challenge']);
  });
});
