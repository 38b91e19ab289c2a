/**
 * Issue 14, re-run and saved calls, in Chromium by accessible names: a finished call's
 * arguments go back into the form, are saved under a name, run again from the tool's card,
 * survive a worker stop, and leave and come back as a file of their own.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startLegacyServer } from '../fixtures/servers';
import { withExtension } from './rig';
import { PanelPage } from './panel';

const NAME = 'Legacy Fixture';
const run = withExtension(startLegacyServer);

const echoCard = (panel: PanelPage) => panel.tool(NAME, 'echo');

describe('saved calls', () => {
  it('puts a finished call’s arguments back into its form', async () => {
    const { panel } = run;
    await panel.addServer(run.server.url);
    await expect.poll(() => panel.serverStatus(NAME)).toBe('Connected');
    await panel.tab('Tools');
    const card = await panel.opened(echoCard(panel));
    await card.getByRole('textbox', { name: /^text/ }).fill('hello there');
    await card.getByRole('button', { name: 'Run echo' }).click();
    await expect.poll(() => panel.result('echo').textContent()).toContain('hello there');

    await card.getByRole('textbox', { name: /^text/ }).fill('something else');
    await panel.result('echo').getByRole('button', { name: 'Edit arguments: echo' }).click();
    await expect.poll(() => card.getByRole('textbox', { name: /^text/ }).inputValue()).toBe('hello there');
    expect(await card.getByRole('textbox', { name: /^text/ }).evaluate((field) => field === document.activeElement)).toBe(true);
  });

  it('saves them under a name and runs them again from the tool’s card', async () => {
    const { panel } = run;
    await panel.result('echo').getByRole('button', { name: 'Save arguments: echo' }).click();
    await panel.page.getByRole('textbox', { name: 'Name for this call' }).fill('greeting');
    await panel.page.keyboard.press('Enter');
    const card = await panel.opened(echoCard(panel));
    await card.getByText('Saved calls (1)').click();
    await card.getByRole('button', { name: 'Run saved call greeting' }).click();
    await expect.poll(() => panel.page.getByRole('article', { name: 'Result of echo' }).count()).toBe(2);
    expect(await panel.result('echo').textContent()).toContain('hello there');
  });

  it('are still there after the worker stopped and the panel reopened', async () => {
    await run.browser.stopWorker();
    const reopened = new PanelPage(await run.browser.openPanel());
    await reopened.tab('Tools');
    const card = await reopened.opened(echoCard(reopened));
    await card.getByText('Saved calls (1)').click();
    await card.getByRole('button', { name: 'Load saved call greeting' }).click();
    await expect.poll(() => card.getByRole('textbox', { name: /^text/ }).inputValue()).toBe('hello there');
    await reopened.page.close();
  });

  it('export as a file of their own, and import it back', async () => {
    const { panel } = run;
    await panel.page.reload();
    await panel.tab('Tools');
    await panel.page.getByText('Saved calls: export or import (1)').click();
    const [download] = await Promise.all([
      panel.page.waitForEvent('download'),
      panel.page.getByRole('button', { name: 'Export saved calls' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('toolnexus-saved-calls.json');
    const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(file).toEqual({
      format: 'toolnexus-saved-calls',
      version: 1,
      calls: [{ server: run.server.url, tool: 'echo', name: 'greeting', arguments: { text: 'hello there' } }],
    });

    file.calls.push({ server: run.server.url, tool: 'echo', name: '', arguments: {} });
    await panel.page
      .getByLabel('Import saved calls')
      .setInputFiles({ name: 'calls.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    const status = panel.page.getByRole('status').filter({ hasText: 'saved call' });
    await expect.poll(() => status.textContent()).toContain('Imported 1 saved call, skipped 1.');
    expect(await status.textContent()).toContain('A saved call needs a name.');
    const card = await panel.opened(echoCard(panel));
    await expect.poll(() => card.getByText('Saved calls (2)').count()).toBe(1);

    await card.getByText('Saved calls (2)').click();
    await card.getByRole('button', { name: 'Delete saved call greeting' }).first().click();
    await expect.poll(() => card.getByText('Saved calls (1)').count()).toBe(1);
  });
});
