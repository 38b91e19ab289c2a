/**
 * Bad input to a sign-in (issue 27): a metadata document that is huge, nested deep, not JSON
 * or redirects in a loop; an authorization server that answers slowly or never; a registration
 * answered without a `client_id`. Each is a step of the trace that says so, nothing hangs, and
 * the other servers go on as if nothing happened.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type Breakage, startBrokenAuthorizationServer } from '../fixtures/auth/broken-authorization-server';
import { startProtectedServer, type ProtectedServerOptions } from '../fixtures/auth/protected-server';
import { startLegacyServer } from '../fixtures/servers';
import { until } from '../hub-harness';
import { signInHub, stepOf } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

/** The server behind the broken authorization server, and beside it a plain one that must not notice. */
async function broken(options: ProtectedServerOptions & { breakage?: Breakage }, requestTimeoutMs = 10_000) {
  const authorizationServer = options.breakage ? await startBrokenAuthorizationServer(options.breakage) : undefined;
  if (authorizationServer) open.push(authorizationServer);
  const server = await startProtectedServer({ ...options, namedIssuer: authorizationServer?.issuer });
  const plain = await startLegacyServer();
  open.push(server, plain);
  const signIn = await signInHub(
    [
      { id: 's', url: server.mcpUrl, enabled: true },
      { id: 'plain', url: plain.url, enabled: true },
    ],
    { requestTimeoutMs },
  );
  open.push({ close: () => Promise.all([signIn.hub.removeServer('s'), signIn.hub.removeServer('plain')]) });
  return { server, authorizationServer, plain, ...signIn };
}

describe('authorization server metadata that cannot be used', () => {
  it('over the size bound: not read, and said so', async () => {
    const { settled, trace, authorizationServer } = await broken({ breakage: 'huge' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toContain(`${authorizationServer!.issuer}/.well-known/oauth-authorization-server → The answer from `);
    expect(view.error).toContain('is over 256 KB (such documents are a few KB); it was not read');
    expect(view.error).toMatch(/could not be read\./);
    expect(stepOf(trace()[0], 'authorization-server-metadata')!.exchanges[0]).toMatchObject({
      status: 200,
      problem: expect.stringContaining('over 256 KB'),
    });
  });

  it('nested past the bound: not parsed, and said so', async () => {
    const { settled } = await broken({ breakage: 'deep' });
    expect((await settled()).error).toContain('is nested more than 32 levels deep; it was not read');
  });

  it('a web page where JSON belongs: taken as not published, at every URL tried', async () => {
    const { settled, trace } = await broken({ breakage: 'not-json' });
    const view = await settled();
    expect(view.error).toMatch(
      /No authorization server metadata at any of the 2 well-known URLs tried: .*oauth-authorization-server → 200, answered with text\/html, not JSON: taken as not published here; .*openid-configuration → 200, answered with text\/html/,
    );
    expect(trace()[0]!.failure?.step).toBe('authorization-server-metadata');
  });

  it('a redirect to itself: followed a few times, then given up, said once with how often', async () => {
    const { settled, authorizationServer } = await broken({ breakage: 'redirect-loop' });
    const view = await settled();
    expect(view.error).toContain(
      `${authorizationServer!.issuer}/.well-known/oauth-authorization-server → 302, redirects to /.well-known/oauth-authorization-server (6 times)`,
    );
  });
});

describe('protected resource metadata that cannot be used', () => {
  it('a web page: taken as not published, and the server named as not saying where to sign in', async () => {
    const { settled, trace } = await broken({ resourceMetadataAnswer: { contentType: 'text/html', body: '<!doctype html><p>Welcome</p>' } });
    const view = await settled();
    expect(view.error).toMatch(
      /needs a sign-in but does not say where .* Not published: .*oauth-protected-resource\/mcp → 200, answered with text\/html, not JSON/,
    );
    expect(trace()[0]!.failure?.step).toBe('resource-metadata');
  });
});

describe('an authorization server that answers', () => {
  it('slowly: the sign-in waits for it, and the trace shows how long each answer took', async () => {
    const { settled, trace } = await broken({ delayMs: 400 });
    expect((await settled()).status).toBe('connected');
    const metadata = stepOf(trace()[0], 'authorization-server-metadata')!;
    expect(metadata.exchanges.at(-1)!.durationMs).toBeGreaterThanOrEqual(400);
  });

  it('never: given up after the bound, said so, while the other servers go on', async () => {
    const { hub, settled, authorizationServer } = await broken({ breakage: 'never' }, 3_000);
    // While the sign-in waits on an answer that never comes, the plain server works.
    await until(hub, (state) => state.servers.find((server) => server.id === 'plain')?.status === 'connected');
    expect(hub.state().servers.find((server) => server.id === 's')?.status).toBe('connecting');
    await hub.callTool('plain', 'echo', { text: 'unaffected' });
    await until(hub, (state) => state.activities.some((activity) => activity.kind === 'tool' && activity.status === 'done'));
    const started = Date.now();
    const view = await settled();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(view.error).toContain(`could not be reached. No authorization server metadata at the well-known URL tried: `);
    expect(view.error).toContain(`did not answer ${authorizationServer!.issuer}/.well-known/oauth-authorization-server within 3 s`);
    expect(hub.state().servers.find((server) => server.id === 'plain')?.status).toBe('connected');
  });
});

describe('a registration answered without a client_id', () => {
  it('is a failed client step that says so', async () => {
    const { settled, trace } = await broken({ breakage: 'registration-without-client-id' });
    const view = await settled();
    expect(view.error).toMatch(/answered the registration \(HTTP 201\) without a client_id, so there is no client to sign in with\./);
    expect(trace()[0]!.failure).toMatchObject({ step: 'client', fix: { kind: 'client-id' } });
  });
});
