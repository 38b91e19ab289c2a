/**
 * Issue 40: an authorization server that does not answer leaves the server needing a sign-in,
 * saying what could not be reached and what failed, and the sign-in is tried again by itself
 * with the reconnects' backoff (lib/hub/connections.ts) until the authorization server answers;
 * only then is the person asked. A real oidc-provider that goes down, then comes up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { exponentialBackoff } from '../../lib/hub/connections';
import { startProtectedServer } from '../fixtures/auth/protected-server';
import { until } from '../hub-harness';
import { signInHub, stepOf } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

/** The reconnects' backoff, a tenth as long: 100 ms, 200 ms, 400 ms … */
const backoffMs = (attempt: number) => exponentialBackoff(attempt) / 10;

describe('a sign-in whose authorization server is down', () => {
  it('says what could not be reached and why, tries again by itself, and signs in once it answers, asking the person only then', async () => {
    const server = await startProtectedServer();
    open.push(server);
    await server.authorizationServer.goDown();
    const { hub, settled, trace, asked } = await signInHub([{ id: 's', url: server.mcpUrl, enabled: true }], { backoffMs });
    open.push({ close: () => hub.removeServer('s') });

    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toMatch(/'s authorization server could not be reached\. /);
    expect(view.error).toContain(`${server.issuer}/.well-known/oauth-authorization-server → no answer`);
    expect(view.error).toContain('toolnexus tries again by itself until it answers');
    expect(view.retryAt).toBeGreaterThan(Date.now() - 1_000);
    expect(trace()[0]!.failure).toMatchObject({ step: 'authorization-server-metadata', fix: { kind: 'sign-in' } });

    // Down, it is tried again and again (each attempt a trace of its own), each time later.
    await until(hub, () => trace().length >= 3);
    const retries = hub.state().servers.find((each) => each.id === 's')!;
    expect(retries.status).toBe('needs-authorization');
    expect(asked).toEqual([]);

    await server.authorizationServer.comeUp();
    await until(hub, (state) => state.servers.find((each) => each.id === 's')?.status === 'connected');
    expect(asked).toHaveLength(1);
    expect(hub.state().servers.find((each) => each.id === 's')).toMatchObject({ retryAt: undefined, auth: { issuer: server.issuer } });
    const last = trace().at(-1)!;
    expect(last.outcome).toBe('signed-in');
    expect(stepOf(last, 'authorization-server-metadata')?.outcome).toBe('ok');
  });
});
