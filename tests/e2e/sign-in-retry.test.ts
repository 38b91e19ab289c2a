/**
 * Issue 40, in Chromium: a server whose authorization server is down needs a sign-in; its card
 * says what could not be reached and what failed, when it tries again, and offers Try again.
 * With the real backoff (1 s, 2 s, 4 s …), the sign-in comes back by itself once the
 * authorization server answers: the consent card arrives, and the server connects.
 */
import { describe, expect, it } from 'vitest';
import { startProtectedServer } from '../fixtures/auth/protected-server';
import { withExtension } from './rig';

const rig = withExtension(() => Promise.all([startProtectedServer(), startProtectedServer()]));

async function downAndAdded(index: 0 | 1, name: string) {
  const server = rig.server[index];
  await server.authorizationServer.goDown();
  await rig.panel.addServer(server.mcpUrl, { name });
  await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Needs sign-in');
  const card = await rig.panel.serverDetails(name);
  return { server, card };
}

async function consentAndConnect(name: string, timeout: number) {
  await rig.panel.request(name).getByRole('button', { name: 'Open', exact: true }).click({ timeout });
  await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
}

describe('a sign-in whose authorization server is down', () => {
  it('says what could not be reached and why, and when it tries again; it signs in by itself once the server answers', async () => {
    const { server, card } = await downAndAdded(0, 'Down AS');
    const words = card.locator('p.error');
    await expect.poll(() => words.textContent()).toMatch(/Retrying in \d+ s\./);
    const text = (await words.textContent()) ?? '';
    expect(text).toMatch(
      /^Down AS's authorization server could not be reached\. No authorization server metadata at any of the 4 well-known URLs tried: /,
    );
    expect(text).toContain(`${server.issuer}/.well-known/oauth-authorization-server → no answer the browser let toolnexus read (Failed to fetch)`);
    expect(text).toContain('toolnexus tries again by itself until it answers; Try again does it now.');
    expect(await card.getByRole('button', { name: 'Try again' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Sign in', exact: true }).count()).toBe(0);
    // No one is asked while nothing answers.
    expect(await rig.panel.request('Down AS').count()).toBe(0);

    await server.authorizationServer.comeUp();
    // The next try is at most 8 s away (1 s, 2 s, 4 s, 8 s after each failure): nothing is pressed.
    await consentAndConnect('Down AS', 20_000);
  }, 60_000);

  it('tries again at once on Try again', async () => {
    const { server, card } = await downAndAdded(1, 'Down AS 2');
    // Let the backoff grow past what the test waits below: 1 s, then 2 s, then 4 s away.
    await expect.poll(() => card.locator('p.error').textContent(), { timeout: 20_000 }).toMatch(/Retrying in [4-8] s\./);
    await server.authorizationServer.comeUp();
    await card.getByRole('button', { name: 'Try again' }).click();
    await consentAndConnect('Down AS 2', 3_000);
  }, 60_000);
});
