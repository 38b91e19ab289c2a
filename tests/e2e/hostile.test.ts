/**
 * Issue 16, items 1, 2 and 4, in Chromium against a real hostile server: one server must never
 * blind the panel (a 70 MB result or description, 3,500-deep structuredContent), flood the
 * inbox (10,000 questions at once), or pass as another server (same name, other origin).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PENDING_PER_SERVER } from '../../lib/inbox';
import { type FloodOutcome, PUNYCODE_LINK, startBlindingServer } from '../fixtures/blinding-server';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { PanelPage } from './panel';
import { withExtension } from './rig';
import { readText } from '../readText';

let hostile: FixtureServer;
let described: FixtureServer;
let honest: FixtureServer;

const rig = withExtension(
  async () => {
    [hostile, described, honest] = await Promise.all([
      startBlindingServer(),
      // Calls itself what the honest server calls itself: only the origin tells them apart.
      startBlindingServer({ name: 'Legacy Fixture', hugeDescription: true }),
      startLegacyServer(),
    ]);
    return [hostile, described, honest];
  },
  async ({ panel }) => {
    await panel.addServer(hostile.url);
    await panel.addServer(honest.url);
  },
);

/** A panel opened now shows its tabs, not "Loading…" forever. */
async function opensWhole(): Promise<PanelPage> {
  const fresh = new PanelPage(await rig.browser.openPanel());
  await fresh.page.getByRole('tab', { name: /^Servers/ }).waitFor({ timeout: 20_000 });
  return fresh;
}

describe('One server cannot blind the panel', () => {
  it('a 70 MB result and 3,500-deep structuredContent show cut, saying so, and a panel opened after them loads', async () => {
    await expect.poll(() => rig.panel.serverStatus('Blinding Fixture'), { timeout: 20_000 }).toBe('Connected');
    await expect.poll(() => rig.panel.serverStatus('Legacy Fixture'), { timeout: 20_000 }).toBe('Connected');
    await rig.panel.runTool('Blinding Fixture', 'huge_result');
    const huge = rig.panel.result('huge_result');
    await expect.poll(() => huge.getByRole('note').textContent(), { timeout: 30_000 }).toMatch(/texts longer than 200,000 characters were shortened/);
    await rig.panel.runTool('Blinding Fixture', 'deep_result');
    await expect
      .poll(() => rig.panel.result('deep_result').getByRole('note').textContent(), { timeout: 30_000 })
      .toMatch(/nested deeper than 32 levels/);

    const fresh = await opensWhole();
    await fresh.tab('Tools');
    await expect.poll(() => fresh.result('huge_result').getByRole('note').count()).toBe(1);
    await fresh.page.close();
  }, 90_000);

  it('a 70 MB tool description is cut on the server card; the panel still opens, also after a worker stop', async () => {
    await rig.panel.addServer(described.url, { name: 'Described' });
    await expect.poll(() => rig.panel.serverStatus('Described'), { timeout: 30_000 }).toBe('Connected');
    await expect.poll(async () => (await rig.panel.serverDetails('Described')).getByRole('note').textContent()).toMatch(/texts longer than/);
    await rig.browser.stopWorker();
    const fresh = await opensWhole();
    await expect.poll(() => fresh.serverStatus('Described'), { timeout: 30_000 }).toBe('Connected');
    await fresh.page.close();
  }, 90_000);
});

describe('Links in a result', () => {
  it('a punycode or user@host link opens only through the warning card; a clean one is a link', async () => {
    await expect.poll(() => rig.panel.serverStatus('Blinding Fixture'), { timeout: 20_000 }).toBe('Connected');
    const pagesBefore = rig.browser.context.pages().length;
    await rig.panel.runTool('Blinding Fixture', 'phishing_link');
    const result = rig.panel.result('phishing_link');
    await result.waitFor();
    await result.getByRole('button', { name: 'your bank' }).click();
    const card = result.getByRole('group', { name: 'Open this link?' });
    await expect.poll(() => card.getByRole('list', { name: 'Warnings about this URL' }).textContent()).toMatch(/internationalized name/);
    expect(await card.getByLabel('Full URL').textContent()).toBe(PUNYCODE_LINK);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await result.getByRole('button', { name: 'Google' }).click();
    // Hosts are isolated (U+2066…U+2069) so they read left to right in any language; read without the marks.
    await expect
      .poll(async () => readText(await result.getByRole('group', { name: 'Open this link?' }).textContent()))
      .toMatch(/does not go to accounts\.google\.com/);
    expect(await result.getByRole('link', { name: 'example' }).getAttribute('href')).toBe('https://example.com/docs');
    // Nothing opened by itself.
    expect(rig.browser.context.pages().length).toBe(pagesBefore);
  });
});

describe('One server cannot flood the inbox', () => {
  it(`10,000 questions at once: ${MAX_PENDING_PER_SERVER} wait, the rest are refused, and another server’s Request is answered meanwhile`, async () => {
    const outcome = () => hostile.seen.find((entry) => entry.tool === 'flood')?.result as FloodOutcome | undefined;
    await rig.panel.runTool('Blinding Fixture', 'flood');
    await expect.poll(() => outcome()?.refused ?? 0, { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(10_000 - MAX_PENDING_PER_SERVER);
    expect(outcome(), JSON.stringify(outcome())).toMatchObject({ answered: 0, refused: 10_000 - MAX_PENDING_PER_SERVER });
    await rig.panel.tab('Inbox');
    const notice = rig.panel.page.getByRole('region', { name: 'Refused for Blinding Fixture' });
    await expect.poll(() => notice.locator('.error').textContent()).toMatch(/asked more than 50 questions at once/);
    const group = rig.panel.page.getByRole('region', { name: 'Requests from Blinding Fixture' });
    await expect.poll(() => group.locator('h2 .count').textContent()).toBe(String(MAX_PENDING_PER_SERVER));

    await rig.panel.runTool('Legacy Fixture', 'deploy');
    const request = rig.panel.page.getByRole('region', { name: 'Request from Legacy Fixture' });
    await request.waitFor();
    expect(await request.locator('header .origin').textContent()).toBe(new URL(honest.url).origin);
    await rig.panel.answerDeploy(request, 'staging', 1);
    await expect
      .poll(() => honest.seen.at(-1))
      .toEqual({
        tool: 'deploy',
        result: { action: 'accept', content: { target: 'staging', replicas: 1, note: 'routine' } },
      });
    expect(outcome()?.answered).toBe(0);
  }, 150_000);
});
