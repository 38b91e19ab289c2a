/**
 * The sign-in trace in the Firefox build (issue 27): a sign-in that fails (an authorization
 * server without registration) and says why in its trace, then the one that succeeds once the
 * person enters the client id its owner gave them there, through Firefox's launchWebAuthFlow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtectedServer, type ProtectedServer } from '../fixtures/auth/protected-server';
import { FIREFOX_REDIRECT_URL, type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let server: ProtectedServer;
const name = 'Acme';

beforeAll(async () => {
  server = await startProtectedServer({
    registration: false,
    clientIdMetadataDocuments: false,
    clients: [{ client_id: 'acme-mcp', redirect_uris: [FIREFOX_REDIRECT_URL] }],
  });
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

const trace = () => panel.page.getByRole('region', { name: `Sign-in trace of ${name}` });

describe('a sign-in in Firefox, with its trace', () => {
  it('that fails says why on the card and in its trace, with the field for what is missing', async () => {
    await panel.addServer(server.mcpUrl, { name });
    await expect.poll(() => panel.serverStatus(name), { timeout: 20_000 }).toBe('Needs sign-in');
    expect(await panel.server(name).locator('p.error').textContent()).toContain(
      `${name}'s authorization server, ${server.issuer}, offers no registration: enter a client id from its owner.`,
    );
    await panel.server(name).getByRole('button', { name: 'Show the sign-in, step by step' }).click();
    await expect.poll(() => trace().locator('.trace-failure').count()).toBeGreaterThan(0);
    const text = await trace().textContent();
    expect(text).toContain('Failed at: The client.');
    expect(text).toMatch(/Protected resource metadata \(RFC 9728\)\s*Published at /);
    expect(text).toContain('registration_endpoint');
  });

  it('that succeeds once the client id is entered there, through launchWebAuthFlow, shows each step of it', async () => {
    await trace()
      .getByRole('textbox', { name: /^Client ID/ })
      .fill('acme-mcp');
    await trace().getByRole('button', { name: 'Save and sign in' }).click();
    await panel.request(name).getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    expect(server.authorizationServer.events.find((event) => event.type === 'authorize')?.params).toMatchObject({
      client_id: 'acme-mcp',
      redirect_uri: FIREFOX_REDIRECT_URL,
    });
    if ((await trace().count()) === 0) await (await panel.serverDetails(name)).getByRole('button', { name: 'Sign-in trace' }).click();
    await expect.poll(() => trace().textContent(), { timeout: 10_000 }).toContain('signed in');
    const text = await trace().textContent();
    expect(text).toContain('The client id you entered, acme-mcp');
    expect(text).toContain('passed every check before its code was used');
    expect(text).toMatch(/Tokens received \(HTTP 200\)/);
  });
});
