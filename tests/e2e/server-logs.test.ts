/**
 * Issue 12, server log messages in Chromium: what a server logs shows with the call it was
 * logged for and on the server's card, and the level chosen there reaches the server.
 */
import { describe, expect, it } from 'vitest';
import { startLoggingServer } from '../fixtures/logging-server';
import { withExtension } from './rig';

const rig = withExtension(startLoggingServer);

describe('Server logs', () => {
  it('show with the call and on the card; the level chosen on the card is what the server sends', async () => {
    const { panel, server } = rig;
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
    const card = await panel.serverDetails('Logging Fixture');
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
