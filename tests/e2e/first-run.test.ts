/** A new person's first minutes, by accessible names and the keyboard alone where a person would use it. */
import { describe, expect, it } from 'vitest';
import { startLegacyServer } from '../fixtures/servers';
import { seriousViolations } from './axe';
import { withExtension } from './rig';

const run = withExtension(startLegacyServer);

const focusedName = () =>
  run.panel.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

describe('a fresh profile', () => {
  it('welcomes the person on the Inbox with the way to add a first server', async () => {
    const page = run.panel.page;
    const welcome = page.getByRole('region', { name: 'Welcome to toolnexus' });
    await welcome.waitFor();
    expect(await page.getByRole('tab', { name: /^Inbox/ }).getAttribute('aria-selected')).toBe('true');
    expect(await welcome.textContent()).toContain('When a server needs you');
    await welcome.getByRole('textbox', { name: 'Server URL' }).waitFor();
    await welcome.getByLabel('Or import mcp.json').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await welcome.getByRole('button', { name: 'Finding servers' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await help.getByRole('heading', { name: 'Finding servers' }).waitFor();
    expect(await help.textContent()).toContain('mcp.json');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('adds the first server from the welcome; the Inbox then says what is connected and where its tools are', async () => {
    const page = run.panel.page;
    const welcome = page.getByRole('region', { name: 'Welcome to toolnexus' });
    await welcome.getByRole('textbox', { name: 'Server URL' }).fill(run.server.url);
    await welcome.getByRole('button', { name: 'Add server' }).click();
    await welcome.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toContain('Connected: Legacy Fixture.');
    expect(await page.getByRole('tabpanel').textContent()).toContain('No server is waiting on you.');
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    expect(await page.getByRole('tab', { name: /^Tools/ }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'Tools of Legacy Fixture' }).waitFor();
  });
});

describe('the keyboard', () => {
  it('switches tabs with 1–6 and shows the shortcuts, the browser-wide one included, with ?', async () => {
    const page = run.panel.page;
    await page.getByRole('tab', { name: /^Tools/ }).focus();
    await page.keyboard.press('5');
    expect(await page.getByRole('tab', { name: /^Servers/ }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('1');
    expect(await page.getByRole('tab', { name: /^Inbox/ }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Help' });
    await help.getByRole('heading', { name: 'Keyboard' }).waitFor();
    expect(await help.textContent()).toContain('Alt+Shift+M');
    expect(await help.textContent()).toContain('1 Inbox, 2 Tools, 3 Resources, 4 Prompts, 5 Servers, and 6 History');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('answers two Requests without the mouse: one submitted, one declined', async () => {
    const page = run.panel.page;
    await run.panel.runTool('Legacy Fixture', 'deploy');
    await run.panel.request('Legacy Fixture').first().waitFor();
    await run.panel.runTool('Legacy Fixture', 'deploy');
    await expect.poll(() => run.panel.request('Legacy Fixture').count()).toBe(2);
    // From nowhere in particular, keys only: j reaches the newest Request, Tab its first field.
    // (That a new Request takes focus by itself is form-elicitation.test.ts's to check.)
    // The panel may still move focus to the newest once arrivals settle (newRequests.ts, 150 ms): let it, then start over.
    await page.waitForTimeout(400);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const newest = run.panel.request('Legacy Fixture').first();
    await newest.getByLabel('Target').waitFor();
    await page.keyboard.press('j');
    await expect.poll(() => newest.evaluate((card) => card === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => newest.getByLabel('Target').evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.type('p'); // a select jumps to the option its letters start
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Submit');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => run.server.seen.at(-1))
      .toEqual({
        tool: 'deploy',
        result: { action: 'accept', content: { target: 'prod', replicas: 3, notify: true, note: 'routine' } },
      });

    // j reaches the Request left, Tab goes through its fields to its buttons.
    await expect.poll(() => run.panel.request('Legacy Fixture').count()).toBe(1);
    await page.keyboard.press('j');
    const left = run.panel.request('Legacy Fixture');
    await expect.poll(() => left.evaluate((card) => card === document.activeElement)).toBe(true);
    for (let step = 0; step < 6 && (await focusedName()) !== 'Decline'; step++) await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Decline');
    await page.keyboard.press('Enter');
    await expect.poll(() => run.server.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'decline' } });
  });
});
