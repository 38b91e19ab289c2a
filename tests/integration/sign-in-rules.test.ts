/**
 * The 2026-07-28 authorization rules (spec basic/authorization and its SEPs), each against a
 * real authorization server through the Hub: `iss` on the callback (RFC 9207, SEP-2468),
 * credentials bound to their issuer (SEP-2352), step-up asking for the union of scopes,
 * `offline_access` only where offered (SEP-2207), the registration's `application_type`
 * (SEP-837). Which of them the SDK's `auth()` already keeps is said where it is tested.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_SCOPE, startProtectedServer, TOOLS_SCOPE, type ProtectedServerOptions } from '../fixtures/auth/protected-server';
import type { Request } from '../../lib/request';
import { factOf, signInHub, stepOf } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

async function rig(options: ProtectedServerOptions, answer?: (request: Request) => boolean) {
  const server = await startProtectedServer(options);
  open.push(server);
  const signIn = await signInHub([{ id: 's', url: server.mcpUrl, enabled: true }], { answer });
  open.push({ close: () => signIn.hub.removeServer('s') });
  return { server, ...signIn };
}

const scopesAsked = (url: string | null) => new URL(url!).searchParams.get('scope')!.split(' ');
const events = (server: { events: Array<{ type: string; params: Record<string, string> }> }, type: string) =>
  server.events.filter((event) => event.type === type);

describe('iss on the callback (RFC 9207)', () => {
  it('discards a response naming another authorization server before any code goes to a token endpoint', async () => {
    const { server, settled, trace } = await rig({ responseIssuer: 'https://impostor.example' });
    const view = await settled();
    expect(view.status).toBe('needs-authorization');
    expect(view.error).toBe(
      `The sign-in response for ${view.displayName} came from a different authorization server than ${server.issuer}; it was discarded, nothing was exchanged.`,
    );
    expect(events(server.authorizationServer, 'token')).toEqual([]);
    expect(trace()[0]!.failure?.step).toBe('callback');
  });

  it('accepts the one it recorded, compared character for character', async () => {
    const { settled, trace } = await rig({});
    expect((await settled()).status).toBe('connected');
    expect(factOf(stepOf(trace()[0], 'callback'), 'iss')).toMatch(/^http:\/\/127\.0\.0\.1:\d+: the issuer recorded before the sign-in \(RFC 9207\)/);
  });
});

describe('credentials bound to the authorization server that issued them (SEP-2352)', () => {
  it('never sends a token from one issuer once the server names another, and registers afresh there', async () => {
    const { server, hub, settled, trace } = await rig({ authorizationServers: 2 });
    const [first, second] = server.authorizationServers;
    expect((await settled()).status).toBe('connected');
    await hub.callTool('s', 'echo', { text: 'at the first' });
    const firstClient = events(first!, 'register')[0]!.params.client_id;
    const tokensAtFirst = events(first!, 'token').length;
    const before = server.requests.length;

    server.useAuthorizationServer(1);
    await hub.callTool('s', 'echo', { text: 'at the second' });
    await settled();
    const after = server.requests.slice(before);
    // The request that found out carried the first issuer's token; nothing after it did.
    expect(after.filter((request) => request.tokenIssuer === first!.issuer)).toHaveLength(1);
    expect(after.findIndex((request) => request.tokenIssuer === first!.issuer)).toBe(0);
    expect(after.some((request) => request.tokenIssuer === second!.issuer && request.status === 200)).toBe(true);
    // No refresh at the first: discovery was read again, not taken from the last sign-in.
    expect(events(first!, 'token')).toHaveLength(tokensAtFirst);
    expect(events(second!, 'register')).toHaveLength(1);
    expect(events(second!, 'token').every((event) => event.params.client_id !== firstClient)).toBe(true);
    expect(hub.state().servers[0]!.auth?.issuer).toBe(second!.issuer);
    expect(stepOf(trace().at(-1), 'resource-metadata')?.summary).toContain(`sign-in is at ${second!.issuer}.`);
  });

  it('sends the first issuer’s token no more even when the person does not sign in at the new one', async () => {
    let declining = false;
    const { server, hub, settled } = await rig({ authorizationServers: 2 }, () => !declining);
    const [first] = server.authorizationServers;
    expect((await settled()).status).toBe('connected');
    server.useAuthorizationServer(1);
    declining = true;
    await hub.reconnect('s');
    expect((await settled()).status).toBe('needs-authorization');
    const before = server.requests.length;
    await hub.reconnect('s');
    await settled();
    expect(server.requests.slice(before).some((request) => request.tokenIssuer === first!.issuer)).toBe(false);
    expect(server.requests.length).toBeGreaterThan(before);
  });
});

describe('step-up on insufficient_scope', () => {
  it('asks for the union of the scopes held and those the 403 names, and the call then succeeds', async () => {
    const { server, hub, settled, asked, trace } = await rig({ challengeScope: 'missing' });
    expect((await settled()).status).toBe('connected');
    const activity = await hub.callTool('s', 'admin_echo', { text: 'up' });
    expect(activity).toBeDefined();
    // The 403 named mcp:admin alone; the sign-in asked for what was held as well.
    expect(server.requests.some((request) => request.status === 403)).toBe(true);
    expect(scopesAsked(asked.at(-1)!.url)).toEqual(expect.arrayContaining([TOOLS_SCOPE, ADMIN_SCOPE]));
    const stepUp = stepOf(trace().at(-1), 'step-up');
    expect(factOf(stepUp, 'required (challenge)')).toBe(ADMIN_SCOPE);
    expect(factOf(stepUp, 'held')).toBe(TOOLS_SCOPE);
    expect(factOf(stepUp, 'asked for (union)')).toBe(`${TOOLS_SCOPE} ${ADMIN_SCOPE}`);
    expect(server.requests.at(-1)).toMatchObject({ status: 200, scopes: expect.arrayContaining([TOOLS_SCOPE, ADMIN_SCOPE]) });
  });
});

describe('offline_access only where the authorization server offers it (SEP-2207)', () => {
  it('is asked for where scopes_supported lists it (the SDK adds it, with prompt=consent)', async () => {
    const { settled, asked, trace } = await rig({});
    await settled();
    expect(scopesAsked(asked[0]!.url)).toContain('offline_access');
    expect(new URL(asked[0]!.url!).searchParams.get('prompt')).toBe('consent');
    expect(factOf(stepOf(trace()[0], 'authorization-server-metadata'), 'offline_access')).toBe('offered');
  });

  it('is not asked for where it is not offered', async () => {
    const { settled, asked, trace } = await rig({ offlineAccess: false });
    expect((await settled()).status).toBe('connected');
    expect(scopesAsked(asked[0]!.url)).not.toContain('offline_access');
    expect(factOf(stepOf(trace()[0], 'authorization-server-metadata'), 'offline_access')).toBe('not offered');
  });

  it('is not carried from one authorization server that offers it to another that does not', async () => {
    const { server, hub, settled, asked } = await rig({ authorizationServers: 2, eachAuthorizationServer: [{}, { offlineAccess: false }] });
    expect((await settled()).status).toBe('connected');
    expect(scopesAsked(asked[0]!.url)).toContain('offline_access');
    server.useAuthorizationServer(1);
    await hub.callTool('s', 'echo', { text: 'moved' });
    expect((await settled()).status).toBe('connected');
    expect(new URL(asked.at(-1)!.url!).origin).toBe(new URL(server.authorizationServers[1]!.issuer).origin);
    expect(scopesAsked(asked.at(-1)!.url)).not.toContain('offline_access');
  });
});

describe('the registration’s application_type (SEP-837)', () => {
  it('registers toolnexus as a web client: its redirect URL is a claimed https URL, not on this computer', async () => {
    const { server, settled, trace } = await rig({});
    await settled();
    // The SDK derives the same from the redirect URL (resolveClientMetadata); toolnexus says it outright.
    expect(events(server.authorizationServer, 'register')[0]!.params.application_type).toBe('web');
    expect(factOf(stepOf(trace()[0], 'client'), 'application_type')).toBe('web');
  });
});

describe('a removed server', () => {
  it('leaves no tokens or client of it in storage', async () => {
    const { hub, settled, storage } = await rig({});
    expect((await settled()).status).toBe('connected');
    const kept = () => [...storage.local.entries.keys(), ...storage.session.entries.keys()].filter((key) => key.startsWith('auth:s'));
    expect(kept()).toContain('auth:s');
    await hub.removeServer('s');
    expect(kept()).toEqual([]);
  });
});
