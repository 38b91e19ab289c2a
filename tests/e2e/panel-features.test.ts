import { describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { seriousViolations } from './axe';
import type { PanelTab } from '../panel/contract';
import { withExtension } from './rig';

const NAME = 'Showcase';

const rig = withExtension(startShowcaseServer, async ({ server, panel }) => {
  await panel.page.setViewportSize({ width: 360, height: 900 });
  await panel.addServer(server.url);
  await panel.server(NAME).getByRole('status', { name: '' }).filter({ hasText: 'Connected' }).waitFor();
});

describe('tools', () => {
  it('shows annotations as badges', async () => {
    await rig.panel.tab('Tools');
    expect(await rig.panel.tool(NAME, 'long_task').locator('.badge').allTextContents()).toEqual(['read-only', 'idempotent']);
    expect(await rig.panel.tool(NAME, 'drop_table').locator('.badge').allTextContents()).toEqual(['destructive']);
  });

  it('asks before running a destructive tool', async () => {
    const before = rig.server.seen.length;
    await rig.panel.runTool(NAME, 'drop_table');
    const confirm = rig.panel.tool(NAME, 'drop_table').getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('drop_table is marked destructive by its server. Run it?');
    await confirm.getByRole('button', { name: 'Don’t run' }).click();
    expect(rig.server.seen.length).toBe(before);
    await rig.panel.runTool(NAME, 'drop_table');
    await confirm.getByRole('button', { name: 'Run anyway' }).click();
    await expect.poll(() => rig.server.seen.at(-1)).toEqual({ tool: 'drop_table', result: { table: 'users' } });
  });

  it('shows progress with the server’s message, and Cancel tells the server', async () => {
    await rig.panel.runTool(NAME, 'long_task');
    const result = rig.panel.result('long_task');
    const bar = result.getByRole('progressbar', { name: 'Progress of long_task' });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(1);
    expect(await bar.getAttribute('max')).toBe('10');
    expect(await result.textContent()).toMatch(/Step \d+ of 10/);
    await result.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => result.locator('.status').textContent()).toMatch(/^cancelled/);
    await expect.poll(() => rig.server.seen.at(-1)?.tool).toBe('long_task');
    expect(rig.server.seen.at(-1)?.result).toEqual({ cancelledAt: expect.any(Number) });
  });

  it('renders every result content type, as text and never as markup', async () => {
    await rig.panel.runTool(NAME, 'show_content');
    const result = rig.panel.result('show_content');
    await expect.poll(() => result.locator('.status').textContent()).toMatch(/^done/);
    expect(await result.getByRole('heading', { name: 'Report' }).count()).toBe(1);
    expect(await result.locator('strong', { hasText: 'systems' }).count()).toBe(1);
    expect(await result.locator('script').count()).toBe(0);
    expect(await result.locator('img').first().getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await result.locator('audio').getAttribute('src')).toMatch(/^data:audio\/wav;base64,/);
    const text = await result.textContent();
    expect(text).toContain('demo://readme');
    expect(await result.locator('a[href="demo://readme"]').count()).toBe(0);
    expect(text).toContain('Embedded notes.');
    expect(text).toContain('"summary": "All systems nominal"');
  });

  it('styles a tool error as an error', async () => {
    await rig.panel.runTool(NAME, 'fail');
    const result = rig.panel.result('fail');
    await expect.poll(() => result.locator('.error').textContent()).toContain('Error');
    expect(await result.textContent()).toContain('The disk is full.');
  });

  it('refreshes the tool list when the server changes it', async () => {
    await rig.panel.runTool(NAME, 'add_tool');
    await expect.poll(() => rig.panel.tool(NAME, 'extra_1').count()).toBe(1);
  });
});

describe('resources and prompts', () => {
  it('reads a resource and shows its markdown', async () => {
    await rig.panel.tab('Resources');
    await rig.panel.page.getByRole('button', { name: 'Read demo://readme' }).click();
    const read = rig.panel.page.getByRole('article', { name: 'Resource demo://readme' });
    await expect.poll(() => read.getByRole('heading', { name: 'Showcase' }).count()).toBe(1);
  });

  it('reads a templated resource from a form of its variables', async () => {
    const template = await rig.panel.opened(rig.panel.page.getByRole('article', { name: 'Template demo://greeting/{name}' }));
    await template.getByRole('combobox', { name: /^name/ }).fill('Ada');
    await template.getByRole('button', { name: 'Read demo://greeting/{name}' }).click();
    const read = rig.panel.page.getByRole('article', { name: 'Resource demo://greeting/Ada' });
    await expect.poll(() => read.textContent()).toContain('Hello, Ada!');
  });

  it('gets a prompt with arguments and shows its messages', async () => {
    await rig.panel.tab('Prompts');
    const prompt = await rig.panel.opened(rig.panel.page.getByRole('article', { name: 'Prompt review_code' }).first());
    await prompt.getByRole('combobox', { name: /^code/ }).fill('let x = 1');
    await prompt.getByRole('combobox', { name: /^language/ }).fill('Rust');
    await prompt.getByRole('button', { name: 'Get review_code' }).click();
    const messages = rig.panel.page.getByRole('article', { name: 'Prompt review_code' }).first();
    await expect.poll(() => messages.textContent()).toContain('Please review this Rust');
    expect(await messages.locator('.role').allTextContents()).toEqual(['user', 'assistant']);
  });
});

describe('the inbox and history', () => {
  it('groups Requests by server and shows how long each has waited and when it expires', async () => {
    await rig.panel.runTool(NAME, 'plan_trip');
    const request = rig.panel.request(NAME);
    await request.waitFor();
    expect(await rig.panel.page.getByRole('tab', { name: /^Inbox/ }).getAttribute('aria-selected')).toBe('true');
    expect(await rig.panel.page.getByRole('region', { name: `Requests from ${NAME}` }).count()).toBe(1);
    expect(await request.textContent()).toMatch(/waiting \d+ sec · expires in 10 min/);
    await request.getByLabel('Your name').fill('Ada');
    await request.getByLabel('Cabin').selectOption({ label: 'business' });
    await request.getByLabel('Meal').selectOption({ label: 'Vegetarian' });
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => rig.server.seen.at(-1)?.tool).toBe('plan_trip');
    expect(rig.server.seen.at(-1)?.result).toMatchObject({
      action: 'accept',
      content: { traveller: 'Ada', cabin: 'business', meal: 'veg', nights: 3, window: true },
    });
  });

  it('warns on a field that asks for a secret', async () => {
    await rig.panel.runTool(NAME, 'ask_secret');
    const request = rig.panel.request(NAME);
    await request.waitFor();
    const description = (label: string) =>
      request.getByLabel(label).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await description('API key')).toContain('This looks like a secret.');
    expect(await description('Region')).not.toContain('This looks like a secret.');
    await request.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => rig.server.seen.at(-1)).toEqual({ tool: 'ask_secret', result: { action: 'decline' } });
  });

  it('keeps what was asked and shared in the history, until cleared', async () => {
    await rig.panel.tab('History');
    const history = rig.panel.page.getByRole('region', { name: `History of ${NAME}` });
    const text = await history.textContent();
    expect(text).toContain('Accepted');
    expect(text).toContain('Tell me about your trip.');
    expect(text).toContain('"traveller": "Ada"');
    expect(text).toContain('Declined');
    await rig.panel.page.getByRole('button', { name: `Clear ${NAME}` }).click();
    await expect.poll(() => history.count()).toBe(0);
    // One key per entry (history:<request id>); a cleared one is gone or, until tidied, null.
    const stored = await rig.browser.worker.evaluate<unknown[]>(
      'chrome.storage.local.get(null).then((all) => Object.entries(all).filter(([key, value]) => key.startsWith("history") && value !== null))',
    );
    expect(stored).toEqual([]);
  });
});

describe('accessibility', () => {
  it.each(['light', 'dark'] as const)('has no serious or critical axe violations on any tab (%s)', async (colorScheme) => {
    await rig.panel.page.emulateMedia({ colorScheme });
    await rig.panel.runTool(NAME, 'plan_trip');
    await rig.panel.request(NAME).waitFor();
    const tabs: PanelTab[] = ['Inbox', 'Tools', 'Resources', 'Prompts', 'Servers', 'History'];
    for (const tab of tabs) {
      await rig.panel.tab(tab);
      expect({ tab, violations: await seriousViolations(rig.panel.page) }).toEqual({ tab, violations: [] });
    }
    await rig.panel.tab('Inbox');
    await rig.panel.request(NAME).getByRole('button', { name: 'Cancel' }).click();
  });
});
