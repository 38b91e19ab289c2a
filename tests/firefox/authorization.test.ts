import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtectedServer, type ProtectedServer } from '../fixtures/auth/protected-server';
import { startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { FIREFOX_REDIRECT_URL, type FirefoxWithAddon, launchFirefox } from './browser';
import { Locator } from './locator';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;

beforeAll(async () => {
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(() => firefox?.close());

describe('URL-mode elicitation in Firefox', () => {
  let showcase: FixtureServer;
  beforeAll(async () => {
    showcase = await startShowcaseServer({ redirectUrl: FIREFOX_REDIRECT_URL });
  });
  afterAll(() => showcase?.close());

  it('shows the full URL and its domain, and Open sends accept and opens it through launchWebAuthFlow', async () => {
    await panel.addServer(showcase.url);
    await expect.poll(() => panel.serverStatus('Showcase')).toBe('Connected');
    await panel.runTool('Showcase', 'connect_account');
    const request = panel.request('Showcase');
    const url = await request.getByLabel('Full URL').textContent();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\?flow=connect-/);
    expect(await request.locator('mark').textContent()).toBe('127.0.0.1');
    expect(await request.locator('a').count()).toBe(0);

    const before = await firefox.handles();
    await request.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => panel.resultJson('connect_account')).toEqual({ action: 'accept' });
    const flow = new URL(url).searchParams.get('flow');
    await expect.poll(() => showcase.seen).toContainEqual({ tool: 'connect_account', result: { visited: flow } });
    // The page redirected to Firefox's redirect URL, which ended the flow; no window is left open.
    await panel.tab('Inbox');
    await expect.poll(() => panel.page.getByRole('region', { name: 'In progress for Showcase' }).count()).toBe(0);
    await expect.poll(() => firefox.handles()).toEqual(before);
  });
});

// The login page first: cookies ignore ports, so the other server's sign-in session would reach it.
describe.each([
  { login: { username: 'ada', password: 'lovelace' }, label: 'a login page, in launchWebAuthFlow’s window' },
  { login: 'auto' as const, label: 'an authorization server that approves at once, with no window' },
])('signing in to a protected server with $label', ({ login }) => {
  let protectedServer: ProtectedServer;
  const name = `Protected ${login === 'auto' ? 'auto' : 'login'}`;
  beforeAll(async () => {
    protectedServer = await startProtectedServer({ login });
  });
  afterAll(() => protectedServer?.close());

  it('registers Firefox’s redirect URL, signs in and calls a tool', async () => {
    await panel.addServer(protectedServer.mcpUrl, { name });
    const consent = panel.request(name);
    const text = await consent.textContent();
    expect(text).toContain(`${name} needs you to sign in.`);
    expect(text).toContain(protectedServer.issuer);
    expect(text).toContain('mcp:tools');

    const before = await firefox.handles();
    await consent.getByRole('button', { name: 'Open' }).click();
    if (login !== 'auto') {
      // Firefox requests the page unseen first; as the login page waits for the person, it loads it again in a window of its own.
      await firefox.switchToNew(before);
      const signIn = new Locator(firefox.marionette);
      await signIn.getByLabel('Username').fill(login.username);
      await signIn.getByLabel('Password').fill(login.password);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await firefox.backToPanel();
    }

    await expect.poll(() => panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    expect(await (await panel.serverDetails(name)).textContent()).toContain(`Signed in at ${new URL(protectedServer.issuer).host}`);
    const authorize = protectedServer.authorizationServer.events.find((event) => event.type === 'authorize');
    expect(authorize?.params.redirect_uri).toBe(FIREFOX_REDIRECT_URL);
    await expect.poll(() => firefox.handles()).toEqual(before);

    await panel.tab('Tools');
    await (await panel.opened(panel.tool(name, 'echo'))).getByRole('textbox', { name: /^text/ }).fill('signed in');
    await panel.runTool(name, 'echo');
    await expect.poll(() => panel.result('echo').textContent()).toContain('signed in');
    expect(protectedServer.requests.some((request) => request.status === 200)).toBe(true);
  });
});
