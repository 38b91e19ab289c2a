import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { seriousViolations } from './axe';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage, type PanelTab } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let server: FixtureServer;
const NAME = 'Showcase';

beforeAll(async () => {
  server = await startShowcaseServer();
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
  await panel.page.setViewportSize({ width: 360, height: 900 });
  await panel.addServer(server.url);
  await panel.server(NAME).getByRole('status', { name: '' }).filter({ hasText: 'Connected' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('tools', () => {
  it('shows annotations as badges', async () => {
    await panel.tab('Tools');
    expect(await panel.tool(NAME, 'long_task').locator('.badge').allTextContents()).toEqual(['read-only', 'idempotent']);
    expect(await panel.tool(NAME, 'drop_table').locator('.badge').allTextContents()).toEqual(['destructive']);
  });

  it('asks before running a destructive tool', async () => {
    const before = server.seen.length;
    await panel.runTool(NAME, 'drop_table');
    const confirm = panel.tool(NAME, 'drop_table').getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('drop_table is marked destructive by its server. Run it?');
    await confirm.getByRole('button', { name: 'Don’t run' }).click();
    expect(server.seen.length).toBe(before);
    await panel.runTool(NAME, 'drop_table');
    await confirm.getByRole('button', { name: 'Run anyway' }).click();
    await expect.poll(() => server.seen.at(-1)).toEqual({ tool: 'drop_table', result: { table: 'users' } });
  });

  it('shows progress with the server’s message, and Cancel tells the server', async () => {
    await panel.runTool(NAME, 'long_task');
    const result = panel.result('long_task');
    const bar = result.getByRole('progressbar', { name: 'Progress of long_task' });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('value'))).toBeGreaterThanOrEqual(1);
    expect(await bar.getAttribute('max')).toBe('10');
    expect(await result.textContent()).toMatch(/Step \d+ of 10/);
    await result.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => result.locator('.status').textContent()).toMatch(/^cancelled/);
    await expect.poll(() => server.seen.at(-1)?.tool).toBe('long_task');
    expect(server.seen.at(-1)?.result).toEqual({ cancelledAt: expect.any(Number) });
  });

  it('renders every result content type, as text and never as markup', async () => {
    await panel.runTool(NAME, 'show_content');
    const result = panel.result('show_content');
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
    await panel.runTool(NAME, 'fail');
    const result = panel.result('fail');
    await expect.poll(() => result.getByRole('alert').textContent()).toContain('Error');
    expect(await result.textContent()).toContain('The disk is full.');
  });

  it('refreshes the tool list when the server changes it', async () => {
    await panel.runTool(NAME, 'add_tool');
    await expect.poll(() => panel.tool(NAME, 'extra_1').count()).toBe(1);
  });
});

describe('resources and prompts', () => {
  it('reads a resource and shows its markdown', async () => {
    await panel.tab('Resources');
    await panel.page.getByRole('button', { name: 'Read demo://readme' }).click();
    const read = panel.page.getByRole('article', { name: 'Resource demo://readme' });
    await expect.poll(() => read.getByRole('heading', { name: 'Showcase' }).count()).toBe(1);
  });

  it('reads a templated resource from a form of its variables', async () => {
    const template = panel.page.getByRole('article', { name: 'Template demo://greeting/{name}' });
    await template.getByRole('combobox', { name: /^name/ }).fill('Ada');
    await template.getByRole('button', { name: 'Read demo://greeting/{name}' }).click();
    const read = panel.page.getByRole('article', { name: 'Resource demo://greeting/Ada' });
    await expect.poll(() => read.textContent()).toContain('Hello, Ada!');
  });

  it('gets a prompt with arguments and shows its messages', async () => {
    await panel.tab('Prompts');
    const prompt = panel.page.getByRole('article', { name: 'Prompt review_code' }).first();
    await prompt.getByRole('combobox', { name: /^code/ }).fill('let x = 1');
    await prompt.getByRole('combobox', { name: /^language/ }).fill('Rust');
    await prompt.getByRole('button', { name: 'Get review_code' }).click();
    const messages = panel.page.getByRole('article', { name: 'Prompt review_code' }).first();
    await expect.poll(() => messages.textContent()).toContain('Please review this Rust');
    expect(await messages.locator('.role').allTextContents()).toEqual(['user', 'assistant']);
  });
});

describe('the inbox and history', () => {
  it('groups Requests by server and shows how long each has waited and when it expires', async () => {
    await panel.runTool(NAME, 'plan_trip');
    const request = panel.request(NAME);
    await request.waitFor();
    expect(await panel.page.getByRole('tab', { name: /^Inbox/ }).getAttribute('aria-selected')).toBe('true');
    expect(await panel.page.getByRole('region', { name: `Requests from ${NAME}` }).count()).toBe(1);
    expect(await request.textContent()).toMatch(/waiting \d+ s · expires in 10 min/);
    await request.getByLabel('Your name').fill('Ada');
    await request.getByLabel('Cabin').selectOption({ label: 'business' });
    await request.getByLabel('Meal').selectOption({ label: 'Vegetarian' });
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => server.seen.at(-1)?.tool).toBe('plan_trip');
    expect(server.seen.at(-1)?.result).toMatchObject({
      action: 'accept',
      content: { traveller: 'Ada', cabin: 'business', meal: 'veg', nights: 3, window: true },
    });
  });

  it('warns on a field that asks for a secret', async () => {
    await panel.runTool(NAME, 'ask_secret');
    const request = panel.request(NAME);
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
    await expect.poll(() => server.seen.at(-1)).toEqual({ tool: 'ask_secret', result: { action: 'decline' } });
  });

  it('keeps what was asked and shared in the history, until cleared', async () => {
    await panel.tab('History');
    const history = panel.page.getByRole('region', { name: `History of ${NAME}` });
    const text = await history.textContent();
    expect(text).toContain('Accepted');
    expect(text).toContain('Tell me about your trip.');
    expect(text).toContain('"traveller": "Ada"');
    expect(text).toContain('Declined');
    await panel.page.getByRole('button', { name: `Clear ${NAME}` }).click();
    await expect.poll(() => history.count()).toBe(0);
    const stored = await browser.worker.evaluate<unknown[]>('chrome.storage.local.get("history").then(({ history }) => history)');
    expect(stored).toEqual([]);
  });
});

describe('accessibility', () => {
  it.each(['light', 'dark'] as const)('has no serious or critical axe violations on any tab (%s)', async (colorScheme) => {
    await panel.page.emulateMedia({ colorScheme });
    await panel.runTool(NAME, 'plan_trip');
    await panel.request(NAME).waitFor();
    const tabs: PanelTab[] = ['Inbox', 'Tools', 'Resources', 'Prompts', 'Servers', 'History'];
    for (const tab of tabs) {
      await panel.tab(tab);
      expect({ tab, violations: await seriousViolations(panel.page) }).toEqual({ tab, violations: [] });
    }
    await panel.tab('Inbox');
    await panel.request(NAME).getByRole('button', { name: 'Cancel' }).click();
  });
});
