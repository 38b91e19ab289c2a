/**
 * Issue 41 in Chromium: the pseudo-locale finds any word of the product's own the catalog did
 * not give, and any overflow at 360 px; Arabic mirrors the panel and keeps the URL consent
 * card's host in order beside a server name with bidi controls. On the converted slice for
 * now (docs/i18n.md): the shell, the empty Inbox and the URL consent card.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n';
import { nodeCatalog } from '../../locales/read';
import { startModernServer } from '../fixtures/modern-server';
import type { FixtureServer } from '../fixtures/loopback-http';
import { seriousViolations } from './axe';
import { type ExtensionBrowser, type LaunchOptions, launchExtension } from './browser';
import { characterBoxes, LocalizedPanel, leftToRight, overflowing, pseudoBuild, unlocalizedText } from './languages';

/** A fixture server saved under `name`, the extension in `options`' language, its panel open at 360 px. */
function panelWith(name: string, options: LaunchOptions | (() => LaunchOptions)) {
  const held: { server?: FixtureServer; browser?: ExtensionBrowser; panel?: LocalizedPanel } = {};
  beforeAll(async () => {
    held.server = await startModernServer();
    held.browser = await launchExtension(undefined, typeof options === 'function' ? options() : options);
    await held.browser.setStorage({ servers: [{ id: 'asker', url: held.server.url, name, enabled: true }] });
    // The worker reads saved servers when it starts: stop it, and the panel wakes a fresh one.
    await held.browser.stopWorker();
    const page = await held.browser.openPanel();
    await page.setViewportSize({ width: 360, height: 720 });
    held.panel = new LocalizedPanel(page);
  }, 60_000);
  afterAll(async () => {
    await held.browser?.close();
    await held.server?.close();
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
    expect(await sentence.locator('bdi[data-from="server"]').textContent()).toBe(NAME);
  });

  it('shows the URL consent card in catalog words only, the URL as the server sent it', async () => {
    const card = await askToOpen(run.panel, NAME, 'https://accounts.example.com/connect?flow=a-rather-long-value-that-needs-room');
    expect(await card.locator('.url-consent mark').textContent()).toBe('example.com');
    expect(await unlocalizedText(run.page, ['.tabbar', '.url-consent'])).toEqual([]);
    expect(await overflowing(run.page)).toEqual([]);
  });
});

describe('Arabic, right to left', () => {
  // A right-to-left name with a RIGHT-TO-LEFT OVERRIDE in it: unisolated, it would reverse what follows it.
  const NAME = 'خادم \u202Eevil';
  const run = panelWith(NAME, { lang: 'ar' });
  beforeAll(async () => setCatalog(await nodeCatalog('ar')));

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
    expect(await page.locator('.empty .names bdi[dir="auto"]').textContent()).toBe(NAME);
    expect(await overflowing(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
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
    expect(await overflowing(run.page)).toEqual([]);
    expect(await seriousViolations(run.page)).toEqual([]);
  });
});
