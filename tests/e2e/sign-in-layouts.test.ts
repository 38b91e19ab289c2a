/**
 * The layouts real authorization servers use (issue 27), end to end in Chromium: the built
 * extension signs in through launchWebAuthFlow against oidc-provider configured in each shape;
 * each failing layout ends on the server's card and in its sign-in trace, in words.
 */
import { readFileSync } from 'node:fs';
import type { Har } from 'har-format';
import { afterAll, describe, expect, it } from 'vitest';
import { type Breakage, startBrokenAuthorizationServer } from '../fixtures/auth/broken-authorization-server';
import { startProtectedServer, type ProtectedServerOptions, EXTENSION_REDIRECT_URL } from '../fixtures/auth/protected-server';
import { startLegacyServer } from '../fixtures/servers';
import { seriousViolations } from './axe';
import { withExtension } from './rig';

const rig = withExtension();
const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((server) => server.close())));

let count = 0;

/** Adds a protected server in `shape` under a name of its own, opening the consent card when it comes. */
async function add(shape: ProtectedServerOptions & { breakage?: Breakage }) {
  const broken = shape.breakage ? await startBrokenAuthorizationServer(shape.breakage) : undefined;
  if (broken) open.push(broken);
  const server = await startProtectedServer({ ...shape, namedIssuer: broken?.issuer });
  open.push(server);
  const name = `Layout ${++count}`;
  await rig.panel.addServer(server.mcpUrl, { name });
  return { server, name, broken };
}

async function consentAndConnect(name: string) {
  await rig.panel.request(name).getByRole('button', { name: 'Open', exact: true }).click();
  await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
}

/** The server's sign-in trace, opened from its card. */
async function trace(name: string) {
  await rig.panel.tab('Servers');
  const region = rig.panel.page.getByRole('region', { name: `Sign-in trace of ${name}` });
  if ((await region.count()) === 0) await (await rig.panel.serverDetails(name)).getByRole('button', { name: 'Sign-in trace' }).click();
  await region.locator('.trace-step').first().waitFor();
  return region;
}

/** A failed sign-in: the card's words, then its trace opened from them. */
async function failed(name: string) {
  await expect.poll(() => rig.panel.serverStatus(name), { timeout: 25_000 }).toBe('Needs sign-in');
  const card = await rig.panel.serverDetails(name);
  const words = (await card.locator('p.error').textContent()) ?? '';
  await card.getByRole('button', { name: 'Show the sign-in, step by step' }).click();
  const region = rig.panel.page.getByRole('region', { name: `Sign-in trace of ${name}` });
  await region.locator('.trace-failure').first().waitFor();
  return { words, region, failure: (await region.locator('.trace-failure').first().textContent()) ?? '' };
}

describe('signing in, in the layouts real authorization servers use', () => {
  it('an issuer with a path (/realms/<name>, as Keycloak): its metadata found with the path appended', async () => {
    const { server, name } = await add({ issuerPath: '/realms/toolnexus' });
    await consentAndConnect(name);
    expect(await (await rig.panel.serverDetails(name)).textContent()).toContain(`Signed in at ${new URL(server.issuer).host}`);
    const text = (await (await trace(name)).textContent()) ?? '';
    expect(text).toMatch(/\/\.well-known\/oauth-authorization-server\/realms\/toolnexus → 404/);
    expect(text).toMatch(/\/\.well-known\/openid-configuration\/realms\/toolnexus → 404/);
    expect(text).toContain('(OpenID Connect discovery, path appended)');
  });

  it('exports the trace as JSON and as HAR 1.2: every request of the sign-in, no code, token or state in either', async () => {
    const name = 'Layout 1';
    const region = await trace(name);
    const exported = async (button: string) => {
      const saved = rig.panel.page.waitForEvent('download');
      await region.getByRole('button', { name: button }).click();
      const download = await saved;
      return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
    };
    const json = await exported('Export JSON');
    expect(json.name).toBe('Layout-1-sign-in-trace.json');
    expect(JSON.parse(json.text)).toMatchObject({ server: name, attempts: [{ outcome: 'signed-in' }] });
    const har = await exported('Export HAR');
    expect(har.name).toBe('Layout-1-sign-in-trace.har');
    const entries = (JSON.parse(har.text) as Har).log.entries;
    expect(entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`)).toEqual(
      expect.arrayContaining([
        'GET /.well-known/oauth-protected-resource/mcp',
        'GET /realms/toolnexus/.well-known/openid-configuration',
        'POST /realms/toolnexus/token',
      ]),
    );
    const token = entries.find((entry) => entry.request.url.endsWith('/token'))!;
    expect(token.request.postData?.text).toMatch(/code=%5Bredacted%5D/);
    expect(token.response.content.text).toMatch(/"access_token":"\[redacted\]"/);
    for (const text of [json.text, har.text]) expect(text).not.toMatch(/"access_token":"(?!\[redacted\])|[?&]state=(?!%5Bredacted%5D)/);
  });

  it('an MCP server on a path below its root: its metadata found at the root after the path-suffixed URL', async () => {
    const { name } = await add({ mcpPath: '/tenants/acme/mcp', resourceMetadata: 'root' });
    await consentAndConnect(name);
    const text = (await (await trace(name)).textContent()) ?? '';
    expect(text).toMatch(/\/\.well-known\/oauth-protected-resource\/tenants\/acme\/mcp → 404/);
    expect(text).toMatch(/Published at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource \(after /);
  });

  it('an MCP server below its root that publishes no metadata: it does not say where to sign in, and the trace shows where it was looked for', async () => {
    const { name } = await add({ mcpPath: '/tenants/acme/mcp', resourceMetadata: 'none' });
    const { words, failure } = await failed(name);
    expect(words).toMatch(/needs a sign-in but does not say where \(its protected resource metadata, RFC 9728\)\. Not published: /);
    expect(words).toMatch(/oauth-protected-resource\/tenants\/acme\/mcp → 404; .*oauth-protected-resource → 404/);
    expect(failure).toContain('Failed at: Protected resource metadata (RFC 9728).');
  });

  it('metadata only at OpenID Connect discovery', async () => {
    const { name } = await add({ discovery: ['oidc'] });
    await consentAndConnect(name);
    expect(await (await trace(name)).textContent()).toMatch(
      /Found at http:\/\/127\.0\.0\.1:\d+\/\.well-known\/openid-configuration \(OpenID Connect discovery\), after .*oauth-authorization-server → 404/,
    );
  });

  it('an authorization server on another origin (another host and port)', async () => {
    const { server, name } = await add({ issuerHost: 'localhost' });
    await consentAndConnect(name);
    expect(await (await rig.panel.serverDetails(name)).textContent()).toContain(`Signed in at ${new URL(server.issuer).host}`);
  });

  it('an authorization server without registration: the person enters the client id and secret its owner gave, in the trace, and signs in', async () => {
    const { server, name } = await add({
      registration: false,
      clientIdMetadataDocuments: false,
      clients: [{ client_id: 'acme-confidential', client_secret: 'acme-secret-42', redirect_uris: [EXTENSION_REDIRECT_URL] }],
    });
    const { words, region, failure } = await failed(name);
    expect(words).toContain(`${name}'s authorization server, ${server.issuer}, offers no registration: enter a client id from its owner.`);
    expect(failure).toContain('Failed at: The client.');
    // A failed sign-in's trace, its form open, in both themes: nothing a person would be hurt by.
    for (const colorScheme of ['light', 'dark'] as const) {
      await rig.panel.page.emulateMedia({ colorScheme });
      expect(await seriousViolations(rig.panel.page)).toEqual([]);
    }
    await rig.panel.page.emulateMedia({ colorScheme: 'light' });
    const form = region.getByRole('form', { name: 'Client ID from the authorization server’s owner' });
    await form.getByLabel(/^Client ID/).fill('acme-confidential');
    await form.getByLabel(/^Client secret/).fill('acme-secret-42');
    await form.getByRole('button', { name: 'Save and sign in' }).click();
    await consentAndConnect(name);
    const panelText = await rig.panel.page.evaluate(() => document.body.textContent);
    expect(panelText).not.toContain('acme-secret-42');
    expect(server.authorizationServer.events.find((event) => event.type === 'token')?.params.client_id).toBe('acme-confidential');
  });

  it('a token endpoint that answers an error: its status, error and description in words', async () => {
    const { name } = await add({ tokenError: { status: 400, body: { error: 'invalid_grant', error_description: 'The code was already used.' } } });
    await rig.panel.request(name).getByRole('button', { name: 'Open', exact: true }).click();
    const { words, region } = await failed(name);
    expect(words).toMatch(/token endpoint refused the code exchange: HTTP 400 invalid_grant: The code was already used\./);
    expect(await region.locator('.trace-step.outcome-failed').first().textContent()).toContain('Token exchange');
    await region.getByRole('button', { name: 'Sign in again' }).waitFor();
  });

  it('metadata that redirects in a loop: followed by the browser to the end, none found, said so', async () => {
    const { name } = await add({ breakage: 'redirect-loop' });
    const { words } = await failed(name);
    expect(words).toContain('redirects without end (a redirect loop, or more than 20 hops); not followed');
  });

  it('an authorization server that never answers: given up after the bound, the other servers untouched', async () => {
    const plain = await startLegacyServer();
    open.push(plain);
    const other = 'Plain';
    await rig.panel.addServer(plain.url, { name: other });
    await expect.poll(() => rig.panel.serverStatus(other)).toBe('Connected');
    const { name, broken } = await add({ breakage: 'never' });
    await expect.poll(() => rig.panel.serverStatus(name)).toBe('Connecting…');

    await rig.panel.tab('Tools');
    await (await rig.panel.opened(rig.panel.tool(other, 'echo'))).getByRole('textbox', { name: /^text/ }).fill('unaffected');
    await rig.panel.runTool(other, 'echo');
    await expect.poll(() => rig.panel.result('echo').textContent()).toContain('unaffected');
    const { words } = await failed(name);
    expect(words).toContain(`did not answer ${broken!.issuer}/.well-known/oauth-authorization-server within 10 s`);
    expect(await rig.panel.serverStatus(other)).toBe('Connected');
  });
});
