/**
 * Issue 41 in Chromium: the pseudo-locale finds any word of the product's own the catalog did
 * not give, and any overflow at 360 px; Arabic mirrors the panel and keeps the URL consent
 * card's host in order beside a server name with bidi controls. On the converted parts
 * (docs/i18n.md): the shell, the Inbox (a form answered, a URL to consent to), History, the
 * Prompts and Resources tabs with an item each opened, and a result's MCP App; axe finds nothing
 * serious on each, in both.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n';
import { nodeCatalog } from '../../locales/read';
import { startExampleAppServer } from '../fixtures/app-servers';
import type { FixtureServer } from '../fixtures/loopback-http';
import { startModernServer } from '../fixtures/modern-server';
import { startShowcaseServer } from '../fixtures/showcase-server';
import { seriousViolations } from './axe';
import { type ExtensionBrowser, type LaunchOptions, launchExtension } from './browser';
import { characterBoxes, LocalizedPanel, leftToRight, overflowing, pseudoBuild, unlocalizedText } from './languages';

/** The official app example's name (the showcase beside it has the prompts, resources and template: SDK v1, 2025-11-25). */
const APP_SERVER = 'Basic MCP App Server (Vanilla JS)';

/**
 * The modern fixture server saved under `name`, the showcase and an app server beside it, the
 * extension in `options`' language, its panel open at 360 px.
 */
function panelWith(name: string, options: LaunchOptions | (() => LaunchOptions)) {
  const held: { servers: Array<Pick<FixtureServer, 'url' | 'close'>>; browser?: ExtensionBrowser; panel?: LocalizedPanel } = { servers: [] };
  beforeAll(async () => {
    const [asker, showcase, app] = await Promise.all([startModernServer(), startShowcaseServer(), startExampleAppServer('basic-vanillajs')]);
    held.servers = [asker, showcase, app];
    held.browser = await launchExtension(undefined, typeof options === 'function' ? options() : options);
    await held.browser.setStorage({
      servers: [
        { id: 'asker', url: asker.url, name, enabled: true },
        { id: 'showcase', url: showcase.url, enabled: true },
        { id: 'app', url: app.url, enabled: true },
      ],
    });
    // The worker reads saved servers when it starts: stop it, and the panel wakes a fresh one.
    await held.browser.stopWorker();
    const page = await held.browser.openPanel();
    await page.setViewportSize({ width: 360, height: 720 });
    held.panel = new LocalizedPanel(page);
  }, 90_000);
  afterAll(async () => {
    await held.browser?.close();
    await Promise.all(held.servers.map((server) => server.close()));
  });
  return {
    get page(): Page {
      return held.panel!.page;
    },
    get panel() {
      return held.panel!;
    },
  };
}

/** Runs the fixture's URL question, asking to open `url`, and waits for its card. */
async function askToOpen(panel: LocalizedPanel, serverName: string, url: string) {
  await panel.tab('Tools');
  const tool = await panel.opened(panel.tool(serverName, 'connect_account'));
  await tool.getByRole('textbox', { name: /^url/ }).fill(url);
  await panel.runTool(serverName, 'connect_account');
  const card = panel.page.locator('section.request');
  await card.locator('.url-consent').waitFor();
  return card;
}

/** Runs the fixture's form question and waits for its card, the form built. */
async function askForm(panel: LocalizedPanel, serverName: string) {
  await panel.runTool(serverName, 'deploy');
  const card = panel.page.locator('section.request');
  await card.locator('form select').waitFor();
  return card;
}

/** Answers the deploy form (tests/fixtures/deploy-form.ts) by its fields, whose labels are the server's, and waits for the card to go. */
async function answerForm(card: ReturnType<Page['locator']>) {
  await card.getByLabel('Target').selectOption({ label: 'staging' });
  await card.getByLabel('Replicas').fill('2');
  await card.locator('button[type="submit"]').click();
  await card.waitFor({ state: 'detached' });
}

/** A tab's item with a form opened (its form built): the showcase's prompt, or its resource template (listed after its resources). */
async function openItem(panel: LocalizedPanel, tab: 'Prompts' | 'Resources') {
  await panel.tab(tab);
  const item = panel.page
    .locator(`[role="tabpanel"] ${tab === 'Prompts' ? '.prompt-item' : 'article.resource'}`)
    .filter({ hasText: tab === 'Prompts' ? 'review_code' : 'demo://greeting/{name}' });
  await item.waitFor({ timeout: 20_000 });
  await item.locator('.item-toggle').click();
  await item.locator('.item-details form').waitFor();
}

/** A result's app, running (its bar offers the full panel). */
async function runApp(panel: LocalizedPanel) {
  await panel.runTool(APP_SERVER, 'get-time');
  const app = panel.page.locator('section.app').first();
  await app.locator('.app-actions').waitFor({ timeout: 30_000 });
  return app;
}

/** What is visible of the view: nothing but catalog words under `roots`, nothing past the edge at 360 px, nothing serious for axe. */
async function expectLocalized(page: Page, roots: string[]) {
  expect(await unlocalizedText(page, roots)).toEqual([]);
  expect(await overflowing(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the pseudo-locale at 360 px', () => {
  // A RIGHT-TO-LEFT OVERRIDE in a server's name: unisolated, it would reverse the sentence after it.
  const NAME = 'Show\u202Ecase';
  const run = panelWith(NAME, () => ({ extensionDir: pseudoBuild() }));

  it('shows the tab bar and the empty Inbox in catalog words only, nothing past the edge', async () => {
    await run.page.locator('.empty .names').waitFor();
    expect(await unlocalizedText(run.page, ['.tabbar', '.empty'])).toEqual([]);
    expect(await overflowing(run.page)).toEqual([]);
  });

  it("keeps a server name's bidi override inside the name: the sentence around it reads as written", async () => {
    const sentence = run.page.locator('.empty p').nth(1);
    expect(leftToRight(await characterBoxes(sentence, '.names'))).toBe(true);
    expect(await sentence.locator('bdi[data-from="server"]', { hasText: NAME }).textContent()).toBe(NAME);
  });

  it('shows a form question in catalog words only, the server’s own isolated, and takes its answer', async () => {
    const card = await askForm(run.panel, NAME);
    await expectLocalized(run.page, ['.tabbar', 'section.request']);
    expect(await card.locator('header bdi[data-from="server"]').first().textContent()).toBe(NAME);
    await answerForm(card);
  });

  it('shows the URL consent card in catalog words only, the URL as the server sent it', async () => {
    const card = await askToOpen(run.panel, NAME, 'https://accounts.example.com/connect?flow=a-rather-long-value-that-needs-room');
    expect(await card.locator('.url-consent mark').textContent()).toBe('example.com');
    await expectLocalized(run.page, ['.tabbar', 'section.request']);
  });

  it('shows History with the answer in catalog words only, the override in the name kept out of "Clear {server}"', async () => {
    await run.panel.tab('History');
    await run.page.locator('.card.history').first().waitFor();
    await expectLocalized(run.page, ['.tabbar', '[role="tabpanel"]']);
    const clear = run.page.locator('.section-head button', { hasText: NAME });
    expect(leftToRight(await characterBoxes(clear, '[data-from]'))).toBe(true);
  });

  it('shows the Prompts and Resources tabs, an item of each opened, in catalog words only', async () => {
    await openItem(run.panel, 'Prompts');
    await expectLocalized(run.page, ['.tabbar', '[role="tabpanel"]']);
    await openItem(run.panel, 'Resources');
    await expectLocalized(run.page, ['.tabbar', '[role="tabpanel"]']);
  });

  it('shows a result’s MCP App with its bar in catalog words only', async () => {
    const app = await runApp(run.panel);
    expect(await unlocalizedText(run.page, ['section.app'])).toEqual([]);
    expect(await overflowing(run.page)).toEqual([]);
    expect(await app.locator('iframe').count()).toBe(1);
  });
});

describe('Arabic, right to left', () => {
  // A right-to-left name with a RIGHT-TO-LEFT OVERRIDE in it: unisolated, it would reverse what follows it.
  const NAME = 'خادم \u202Eevil';
  const run = panelWith(NAME, { lang: 'ar' });
  beforeAll(async () => setCatalog(await nodeCatalog('ar')));
  afterAll(async () => setCatalog(await nodeCatalog('en')));

  it('mirrors the panel: rtl and ar on the document, the Inbox tab on the right, ← to the next tab', async () => {
    const { page } = run;
    await page.locator('.empty .names').waitFor();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar']);
    const inbox = page.locator('#tab-inbox');
    const tools = page.locator('#tab-tools');
    expect(await inbox.textContent()).toBe(t('tabs.inbox'));
    expect((await inbox.boundingBox())!.x).toBeGreaterThan((await tools.boundingBox())!.x);
    await inbox.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await tools.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    expect(await inbox.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.empty').textContent()).toContain(t('inbox.empty.nothingWaits'));
    expect(await page.locator('.empty .names bdi[dir="auto"]', { hasText: 'evil' }).textContent()).toBe(NAME);
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a form question in Arabic, the server’s words isolated in their own direction, and takes its answer', async () => {
    const card = await askForm(run.panel, NAME);
    expect(await card.getAttribute('aria-label')).toBe(t('inbox.request.label', { server: NAME }));
    expect(await card.locator('button[type="submit"]').textContent()).toBe(t('inbox.request.submit'));
    // The server's question keeps its own (left-to-right) direction inside the right-to-left card.
    expect(await card.locator('.prompt').evaluate((prompt) => getComputedStyle(prompt).direction)).toBe('ltr');
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
    await answerForm(card);
  });

  it('keeps the host in order and its registrable domain highlighted, beside a name with U+202E', async () => {
    const card = await askToOpen(run.panel, NAME, 'https://تسجيل.example.com/connect?next=%E2%80%AEfdp.exe');
    const host = card.locator('.url-consent .host');
    const mark = host.locator('mark');
    expect(await mark.textContent()).toBe('example.com');
    expect(await host.textContent()).toMatch(/^xn--[a-z0-9-]+\.example\.com$/);
    // Laid out left to right, the highlighted domain last: what a person reads is the real host.
    expect(leftToRight(await characterBoxes(host))).toBe(true);
    expect((await mark.boundingBox())!.x).toBeGreaterThan((await host.boundingBox())!.x);
    // The host as it reads (an Arabic label): the label still stands left of the domain it belongs to, as in the real host.
    const shown = card.locator('.url-consent .muted bdi');
    expect(await shown.textContent()).toBe('تسجيل.example.com');
    const [label, domain] = [(await characterBoxes(shown)).slice(0, 5), (await characterBoxes(shown)).slice(6)];
    expect(Math.max(...label.map(([left]) => left))).toBeLessThan(Math.min(...domain.map(([left]) => left)));
    const url = card.getByLabel(t('urlConsent.fullUrl'));
    expect(await url.textContent()).toMatch(/^https:\/\/xn--[a-z0-9-]+\.example\.com\/connect\?next=%E2%80%AEfdp\.exe$/);
    expect(leftToRight(await characterBoxes(url))).toBe(true);
    // The punycode warning, written in the worker in Arabic: the hosts it quotes isolated left to right, each in order.
    const warning = card.locator('.url-consent .warning').first();
    expect(await warning.textContent()).toContain('\u2066xn--');
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
  });

  it('shows History, Prompts and Resources mirrored, with nothing serious for axe', async () => {
    await run.panel.tab('History');
    await run.page.locator('.card.history').first().waitFor();
    expect(await run.page.locator('.card.history strong').first().textContent()).toBe(t('history.action.accept'));
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
    await openItem(run.panel, 'Prompts');
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
    await openItem(run.panel, 'Resources');
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
  });
});
