/**
 * Issue 12, server log messages in Chromium: what a server logs shows with the call it was
 * logged for and on the server's card, and the level chosen there reaches the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoggingServer } from '../fixtures/logging-server';
import type { FixtureServer } from '../fixtures/loopback-http';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let server: FixtureServer;

beforeAll(async () => {
  server = await startLoggingServer();
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Server logs', () => {
  it('show with the call and on the card; the level chosen on the card is what the server sends', async () => {
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus('Logging Fixture'), { timeout: 20_000 }).toBe('Connected');
    await panel.runTool('Logging Fixture', 'log_steps');
    await panel.result('log_steps').getByText('Server log (3)').click();
    const log = panel.result('log_steps').getByRole('list', { name: 'Server log of log_steps' });
    await expect
      .poll(() => log.locator('li').allTextContents(), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(/info steps step 1: reading$/),
        expect.stringMatching(/warning steps step 2: slow disk$/),
        expect.stringMatching(/error steps step 3: one file skipped$/),
      ]);

    await panel.tab('Servers');
    const card = panel.server('Logging Fixture');
    await card.getByText('Server log (3)').click();
    expect(await card.getByRole('list', { name: 'Log of Logging Fixture' }).locator('li').count()).toBe(3);
    await card.getByRole('combobox').selectOption('error');
    await expect.poll(() => card.getByRole('combobox').inputValue()).toBe('error');

    await panel.runTool('Logging Fixture', 'log_steps');
    await panel.result('log_steps').getByText('Server log (1)').click();
    await expect
      .poll(() => panel.result('log_steps').getByRole('list', { name: 'Server log of log_steps' }).locator('li').allTextContents(), {
        timeout: 10_000,
      })
      .toEqual([expect.stringMatching(/error steps step 3: one file skipped$/)]);
  }, 60_000);
});
