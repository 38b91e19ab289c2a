/**
 * Issue 41, accessibility: axe finds nothing serious or critical in any of the panel's
 * languages — English, the pseudo-locale (accented and 40 % longer) and the eight translations
 * (Chromium picks the catalog from --lang: docs/i18n.md) — on each tab as it is with a server
 * connected and a Request waiting. Found by place, not by name: the names are the language's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { seriousViolations } from './axe';
import { type ExtensionBrowser, type LaunchOptions, launchExtension } from './browser';
import { pseudoBuild } from './languages';

const TABS = ['inbox', 'tools', 'resources', 'prompts', 'servers', 'history'] as const;

const LANGUAGES: Array<[string, () => LaunchOptions]> = [
  ['English', () => ({})],
  ['the pseudo-locale', () => ({ extensionDir: pseudoBuild() })],
  ...['de', 'es', 'fr', 'pt_BR', 'ja', 'zh_CN', 'ko', 'ar'].map((lang): [string, () => LaunchOptions] => [lang, () => ({ lang })]),
];

let showcase: Awaited<ReturnType<typeof startShowcaseServer>>;
beforeAll(async () => {
  showcase = await startShowcaseServer();
});
afterAll(() => showcase?.close());

describe.each(LANGUAGES)('in %s', (_language, options) => {
  let browser: ExtensionBrowser;
  afterAll(() => browser?.close());

  it('has no serious or critical axe finding on any tab, a server connected and a Request waiting', async () => {
    browser = await launchExtension(undefined, options());
    await browser.setStorage({ servers: [{ id: 'show', url: showcase.url, enabled: true }] });
    // The worker reads saved servers when it starts: stop it, and the panel wakes a fresh one.
    await browser.stopWorker();
    const page = await browser.openPanel();
    await page.locator('#tab-servers').click();
    await page.locator('.server .server-state.status-connected').waitFor({ timeout: 20_000 });
    await page.locator('#tab-tools').click();
    const planTrip = page.locator('article.item', { has: page.locator('.item-code', { hasText: /^plan_trip$/ }) });
    await planTrip.locator('.run').click();
    await page.locator('section.request form').waitFor();
    const found: Record<string, unknown> = {};
    for (const tab of TABS) {
      await page.locator(`#tab-${tab}`).click();
      // A tab's code may still be loading: until it is in, the tab holds only its placeholder paragraph.
      await page.waitForFunction((key) => {
        const panel = document.getElementById(`panel-${key}`);
        return panel !== null && [...panel.children].some((child) => child.checkVisibility() && !child.matches('p.muted:not(.empty)'));
      }, tab);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[tab] = violations;
    }
    expect(found).toEqual({});
    await page.locator('#tab-inbox').click();
    await page.keyboard.press('Escape');
  });
});
