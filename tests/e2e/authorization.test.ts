import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProtectedServer, type ProtectedServer } from '../fixtures/auth/protected-server';
import { startShowcaseServer } from '../fixtures/servers';
import { withExtension } from './rig';

const rig = withExtension(startShowcaseServer, async ({ server, panel }) => {
  await panel.addServer(server.url);
  await panel.server('Showcase').getByRole('status').filter({ hasText: 'Connected' }).waitFor();
});

describe('URL-mode elicitation in Chromium', () => {
  it('shows the full URL and its domain, and Open sends accept and opens it through launchWebAuthFlow', async () => {
    await rig.panel.runTool('Showcase', 'connect_account');
    const request = rig.panel.request('Showcase');
    await request.waitFor();
    const url = await request.getByLabel('Full URL').textContent();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/connect\?flow=connect-/);
    expect(await request.locator('mark').textContent()).toBe('127.0.0.1');
    // Nothing is fetched before consent, and the URL is not a link.
    expect(rig.server.traffic.every((exchange) => exchange.httpMethod !== 'GET' || !exchange.messages.length)).toBe(true);
    expect(await request.locator('a').count()).toBe(0);

    await request.getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => rig.panel.resultJson('connect_account')).toEqual({ action: 'accept' });
    // The page redirected back to the extension and told the server: the flow is over.
    await rig.panel.tab('Inbox');
    await expect.poll(() => rig.panel.page.getByRole('region', { name: 'In progress for Showcase' }).count()).toBe(0);
  });

  it('refuses a javascript: URL without asking, and shows it as refused', async () => {
    await rig.panel.tab('Tools');
    const tool = await rig.panel.opened(rig.panel.tool('Showcase', 'connect_account'));
    await tool.getByRole('textbox', { name: /^url/ }).fill('javascript:alert(document.domain)');
    await rig.panel.runTool('Showcase', 'connect_account');
    await expect.poll(() => rig.panel.resultJson('connect_account')).toEqual({ action: 'decline' });
    await rig.panel.tab('Inbox');
    const refused = rig.panel.page.getByRole('region', { name: 'Refused for Showcase' });
    expect(await refused.locator('.error').textContent()).toContain('javascript:');
    expect(await rig.panel.page.getByRole('region', { name: 'Request from Showcase' }).count()).toBe(0);
    await refused.getByRole('button', { name: 'Dismiss' }).click();
  });
});

describe.each([
  { login: 'auto' as const, label: 'an authorization server that approves at once' },
  { login: { username: 'ada', password: 'lovelace' }, label: 'a login page the person fills in' },
])('signing in to a protected server with $label', ({ login }) => {
  let protectedServer: ProtectedServer;
  const name = `Protected ${login === 'auto' ? 'auto' : 'login'}`;

  beforeAll(async () => {
    protectedServer = await startProtectedServer({ login });
    // Cookies ignore ports: an earlier loopback sign-in session would skip this login page.
    await rig.browser.context.clearCookies();
  });
  afterAll(() => protectedServer?.close());

  it('asks for consent naming the server, the authorization server and the scopes, then signs in and calls a tool', async () => {
    await rig.panel.addServer(protectedServer.mcpUrl, { name });
    const consent = rig.panel.request(name);
    await consent.waitFor();
    const text = await consent.textContent();
    expect(text).toContain(`${name} needs you to sign in.`);
    expect(text).toContain(protectedServer.issuer);
    expect(text).toContain('mcp:tools');
    expect(await consent.getByRole('button', { name: 'Open in a tab' }).count()).toBe(0);

    await consent.getByRole('button', { name: 'Open', exact: true }).click();
    if (login !== 'auto') {
      // launchWebAuthFlow shows its window once the page waits for the person.
      const signInWindow = () => rig.browser.context.pages().find((page) => page.url().includes('/interaction/'));
      await expect.poll(signInWindow).toBeTruthy();
      const page = signInWindow()!;
      await page.getByLabel('Username').fill(login.username);
      await page.getByLabel('Password').fill(login.password);
      await page.getByRole('button', { name: /sign in/i }).click();
    }
    await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    expect(await (await rig.panel.serverDetails(name)).textContent()).toContain(`Signed in at ${new URL(protectedServer.issuer).host}`);

    await rig.panel.tab('Tools');
    await (await rig.panel.opened(rig.panel.tool(name, 'echo'))).getByRole('textbox', { name: /^text/ }).fill('signed in');
    await rig.panel.runTool(name, 'echo');
    await expect.poll(() => rig.panel.result('echo').textContent()).toContain('signed in');
    expect(protectedServer.requests.some((request) => request.status === 200)).toBe(true);
  });

  it('never lets a token reach the panel or its storage views', async () => {
    const stateText = await rig.panel.page.evaluate(() => document.body.textContent);
    expect(stateText).not.toMatch(/access_token|refresh_token/);
    const stored = await rig.browser.worker.evaluate<string>(
      'chrome.storage.local.get(null).then((all) => JSON.stringify(Object.entries(all).filter(([key]) => key.startsWith("history"))))',
    );
    expect(stored).toContain('history:');
    expect(stored).not.toMatch(/access_token|Bearer/);
  });

  it('signs out, revoking the tokens, and shows the server as needing sign-in', async () => {
    await rig.panel.tab('Servers');
    await (await rig.panel.serverDetails(name)).getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => rig.panel.serverStatus(name)).toBe('Needs sign-in');
    expect(protectedServer.authorizationServer.events.some((event) => event.type === 'revoke')).toBe(true);
    await (await rig.panel.serverDetails(name)).getByRole('button', { name: 'Remove' }).click();
    await rig.panel.server(name).getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  });
});

describe('declining a sign-in', () => {
  let protectedServer: ProtectedServer;
  beforeAll(async () => {
    protectedServer = await startProtectedServer({ login: 'auto' });
  });
  afterAll(() => protectedServer?.close());

  it('leaves the server needing authorization, with a Sign in button that asks again', async () => {
    await rig.panel.addServer(protectedServer.mcpUrl, { name: 'Declined' });
    await rig.panel.request('Declined').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => rig.panel.serverStatus('Declined')).toBe('Needs sign-in');
    await rig.panel.server('Declined').getByRole('button', { name: 'Sign in' }).click();
    await rig.panel.request('Declined').waitFor();
    await rig.panel.request('Declined').getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => rig.panel.serverStatus('Declined'), { timeout: 20_000 }).toBe('Connected');
  });
});

describe('a token that expires mid-session', () => {
  let protectedServer: ProtectedServer;
  beforeAll(async () => {
    protectedServer = await startProtectedServer({ login: 'auto', accessTokenTtlSeconds: 2 });
  });
  afterAll(() => protectedServer?.close());

  it('is refreshed without asking the person', async () => {
    await rig.panel.addServer(protectedServer.mcpUrl, { name: 'Short-lived' });
    await rig.panel.request('Short-lived').getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => rig.panel.serverStatus('Short-lived')).toBe('Connected');
    const authorizations = () => protectedServer.authorizationServer.events.filter((event) => event.type === 'authorize').length;
    const tokens = () => protectedServer.authorizationServer.events.filter((event) => event.type === 'token').length;
    const [authorizedBefore, tokensBefore] = [authorizations(), tokens()];
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    await rig.panel.tab('Tools');
    await (await rig.panel.opened(rig.panel.tool('Short-lived', 'echo'))).getByRole('textbox', { name: /^text/ }).fill('still here');
    await rig.panel.runTool('Short-lived', 'echo');
    await expect.poll(() => rig.panel.result('echo').textContent()).toContain('still here');
    expect(tokens()).toBeGreaterThan(tokensBefore);
    expect(authorizations()).toBe(authorizedBefore);
    expect(await rig.panel.request('Short-lived').count()).toBe(0);
  });
});
