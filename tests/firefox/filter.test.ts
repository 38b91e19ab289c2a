/**
 * Issue 26's filter in the Firefox sidebar page: a server of 100 tools narrowed as the person
 * types, the count said, the match highlighted, an empty result offering to clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../fixtures/loopback-http';
import { startManyToolsServer } from '../fixtures/many-tools-server';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let server: FixtureServer;

beforeAll(async () => {
  server = await startManyToolsServer({ name: 'GitHub', tools: 100 });
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

describe('the filter, in Firefox', () => {
  const filter = () => panel.page.getByLabel('Filter tools by name, title or description');
  const count = () => panel.page.locator('#find-count').textContent();

  it('narrows 100 tools as the person types, and says how many of how many', async () => {
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus('GitHub'), { timeout: 20_000 }).toBe('Connected');
    await panel.tab('Tools');
    await expect.poll(count).toBe('100 tools');
    await filter().fill('merge pull');
    await expect.poll(count).toBe('1 of 100 tools');
    const tool = panel.tool('GitHub', 'merge_pull_requests');
    expect(await tool.locator('mark').count()).toBeGreaterThan(0);
    await tool.locator('.item-toggle').click();
    await tool.getByLabel('Owner').waitFor();
  });

  it('says when nothing matches, and clears', async () => {
    await filter().fill('no such tool');
    await expect.poll(() => panel.page.locator('p.empty').textContent()).toContain('No tool matches “no such tool”.');
    await panel.page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect.poll(count).toBe('100 tools');
  });
});
