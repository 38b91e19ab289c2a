/**
 * Issue 26, the panel at scale, in Chromium: twenty servers (one of 100 tools, nineteen of 15:
 * 385 tools) imported at once; their compact lines on one screen, the filter used by keyboard
 * only, a folded group kept across a panel reopen, a pin kept across a worker restart, axe
 * with the filter in use, and a server listing look-alike names.
 */
import { describe, expect, it } from 'vitest';
import { apiTools, LOOKALIKE_NAMES, startManyToolsServer } from '../fixtures/many-tools-server';
import { seriousViolations } from './axe';
import { PanelPage } from './panel';
import { withExtension } from './rig';

const SMALL = 19;
const ALL_TOOLS = 100 + SMALL * 15;
const smallName = (index: number) => `api-${String(index + 1).padStart(2, '0')}`;

const run = withExtension(
  () =>
    Promise.all([
      startManyToolsServer({ name: 'GitHub', tools: 100 }),
      ...Array.from({ length: SMALL }, (_, index) => startManyToolsServer({ name: smallName(index), tools: 15 })),
      startManyToolsServer({ name: 'Look-alikes', tools: 20, hostile: true }),
    ]),
  async ({ panel, server: servers }) => {
    await panel.page.setViewportSize({ width: 400, height: 900 });
    const [github, ...rest] = servers;
    const small = rest.slice(0, SMALL);
    const mcpServers = Object.fromEntries([
      ['GitHub', { url: github!.url }],
      ...small.map((server, index) => [smallName(index), { url: server.url }]),
    ]);
    await panel.tab('Servers');
    await panel.page.getByText('Import or export mcp.json').click();
    await panel.page
      .getByLabel('Import a file')
      .setInputFiles({ name: 'mcp.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ mcpServers })) });
    await panel.page.waitForFunction((count) => document.querySelectorAll('.server-state.status-connected').length === count, SMALL + 1, {
      timeout: 30_000,
    });
  },
  90_000,
);

const find = (panel: PanelPage) => panel.page.getByRole('searchbox', { name: /^Filter tools/ });
const focused = (panel: PanelPage) => panel.page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label') ?? null);

describe('twenty servers and 385 tools in a side panel', () => {
  it('lists every server on one line each: all twenty fit one screen', async () => {
    const { panel } = run;
    await panel.tab('Servers');
    const lines = panel.page.locator('.server-line');
    expect(await lines.count()).toBe(SMALL + 1);
    const boxes = await lines.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    // 900 px is a side panel's screen: twenty lines leave room for the tabs and Add a server.
    expect(boxes.reduce((sum, height) => sum + height, 0)).toBeLessThan(640);
    expect(Math.max(...boxes)).toBeLessThanOrEqual(40);
  });

  it('filters by keyboard only: / focuses it, typing narrows and counts, ↓ goes into the list, Enter opens the form', async () => {
    const { panel } = run;
    await panel.tab('Tools');
    await panel.page.keyboard.press('/');
    expect(await find(panel).evaluate((input) => input === document.activeElement)).toBe(true);
    await panel.page.keyboard.type('merge pull');
    await expect.poll(() => panel.page.locator('#find-count').textContent()).toBe(`1 of ${ALL_TOOLS} tools`);
    expect(await panel.page.locator('article[aria-label="Tool merge_pull_requests"] mark').count()).toBeGreaterThan(0);
    await panel.page.keyboard.press('ArrowDown');
    expect(await focused(panel)).toBe('Tool merge_pull_requests');
    await panel.page.keyboard.press('Enter');
    const tool = panel.tool('GitHub', 'merge_pull_requests');
    await tool.getByRole('textbox', { name: /^Owner/ }).waitFor();

    await panel.page.keyboard.press('Escape');
    await find(panel).focus();
    await find(panel).fill('list issues');
    // Every server lists its own list_issues: twenty matches, each group open while filtering.
    await expect.poll(() => panel.page.locator('#find-count').textContent()).toBe(`20 of ${ALL_TOOLS} tools`);
  });

  it('says when nothing matches, and offers to clear', async () => {
    const { panel } = run;
    await find(panel).fill('no such tool anywhere');
    await expect.poll(() => panel.page.getByText('No tool matches “no such tool anywhere”.').count()).toBe(1);
    await panel.page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect.poll(() => panel.page.locator('#find-count').textContent()).toBe(`${ALL_TOOLS} tools`);
    expect(await find(panel).evaluate((input) => input === document.activeElement)).toBe(true);
  });

  it('has no serious axe violation with the filter in use', async () => {
    const { panel } = run;
    await find(panel).fill('delete');
    await expect.poll(() => panel.page.locator('#find-count').textContent()).toMatch(/ of /);
    expect(await seriousViolations(panel.page)).toEqual([]);
    await find(panel).fill('');
  });

  it('draws only the rows near the screen, and those the person scrolls to', async () => {
    const { panel } = run;
    await panel.tab('Tools');
    await expect.poll(() => panel.page.locator('#find-count').textContent()).toBe(`${ALL_TOOLS} tools`);
    expect(await panel.page.locator('.tab-groups article').count()).toBeLessThan(40);
    const last = panel.page.getByRole('region', { name: `Tools of ${smallName(SMALL - 1)}` });
    expect(await last.getByRole('article').count()).toBe(0);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.getByRole('article').count()).toBeGreaterThan(0);
    await panel.page.evaluate(() => window.scrollTo(0, 0));
  });

  it('goes on with ↓ from the last row drawn to the next, drawn for it', async () => {
    const { panel } = run;
    const github = panel.page.getByRole('region', { name: 'Tools of GitHub' });
    const drawn = await github.getByRole('article').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')!));
    expect(drawn.length).toBeLessThan(100);
    await github
      .getByRole('article', { name: drawn.at(-1)!, exact: true })
      .locator('.item-toggle')
      .focus();
    await panel.page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(panel)).toBe(`Tool ${apiTools(100)[drawn.length]!.name}`);
    await panel.page.evaluate(() => window.scrollTo(0, 0));
  });

  it('keeps a heading where it is seen while the rows above it are drawn', async () => {
    const { panel } = run;
    // A jump far down the list: the rows above the view are drawn after it, with heights their gaps only estimated.
    const head = panel.page.getByRole('region', { name: 'Tools of api-03' }).locator('.group-head');
    await head.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const seen = await head.evaluate((element) => element.getBoundingClientRect().top);
    const tops = await head.evaluate(async (element) => {
      const tops: number[] = [];
      for (let frame = 0; frame < 20; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        tops.push(element.getBoundingClientRect().top);
      }
      return tops;
    });
    // A heading that moved would take a click between its mouse-down and mouse-up elsewhere.
    // `+ 0`: a rounded -0.2 is -0, which toEqual tells from 0 (CI saw twenty -0s).
    expect(tops.map((top) => Math.round(top - seen) + 0)).toEqual(tops.map(() => 0));
    await panel.page.evaluate(() => window.scrollTo(0, 0));
  });

  it('keeps a folded group folded across a panel reopen', async () => {
    const { panel } = run;
    const head = panel.page.getByRole('region', { name: 'Tools of api-03' }).getByRole('button', { name: /api-03/ });
    await head.click();
    expect(await head.getAttribute('aria-expanded')).toBe('false');
    await panel.page.reload();
    await panel.tab('Tools');
    const again = panel.page.getByRole('region', { name: 'Tools of api-03' }).getByRole('button', { name: /api-03/ });
    await expect.poll(() => again.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.page.getByRole('region', { name: 'Tools of api-03' }).getByRole('article').count()).toBe(0);
    await again.click();
  });

  it('keeps a pinned tool on top across a worker restart', async () => {
    const { panel, browser } = run;
    // The 53rd tool of its server is far below the screen, where its row is not drawn yet: a person finds it by name.
    await find(panel).fill('create releases');
    await panel.tool('GitHub', 'create_releases').getByRole('button', { name: 'Pin create_releases' }).click();
    await find(panel).fill('');
    const pinned = (page: PanelPage) => page.page.getByRole('region', { name: 'Pinned tools' }).getByRole('article', { name: /create_releases/ });
    await expect.poll(() => pinned(panel).count()).toBe(1);
    await browser.stopWorker();
    const reopened = new PanelPage(await browser.openPanel());
    await reopened.tab('Tools');
    await expect.poll(() => pinned(reopened).count(), { timeout: 20_000 }).toBe(1);
    await reopened.page.close();
  });

  it('tells look-alike tool names apart', async () => {
    const { panel } = run;
    await panel.addServer(run.server.at(-1)!.url, { name: 'Look-alikes' });
    await panel.tab('Tools');
    const group = panel.page.getByRole('region', { name: 'Tools of Look-alikes' });
    // Its group is the last, under 385 tools: its rows are drawn when it comes near the screen; its count says they are in.
    await expect.poll(async () => Number(await group.locator('h2 .count').textContent()), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    await find(panel).fill('deploy');
    const names = await group.getByRole('article').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
    expect(names.length).toBeGreaterThanOrEqual(LOOKALIKE_NAMES.length - 1);
    // Each look-alike says what makes it read like another; the plain one says nothing.
    expect(names.filter((text) => /looks like|invisible|another script|compatibility|U\+/i.test(text)).length).toBeGreaterThanOrEqual(3);
    await find(panel).fill('');
  });
});
