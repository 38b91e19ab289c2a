/**
 * The panel's first part of the catalog (docs/i18n.md, "What the panel's first load reads"): the
 * panel remembers its language in its own storage to read the file at once, and that memory
 * never decides alone. A browser restarted in another language opens the panel in the new one;
 * a remembered language the build has no file for, or a value that is no language, gives way to
 * the browser's pick, and the panel shows words, never a key or an empty label.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogMessages } from '../../locales/read';
import { type ExtensionBrowser, launchExtension } from './browser';

const REMEMBERED = 'toolnexus.catalogLocale';
const profile = mkdtempSync(join(tmpdir(), 'toolnexus-first-part-'));
let browser: ExtensionBrowser | undefined;
afterAll(async () => {
  await browser?.context.close();
  rmSync(profile, { recursive: true, force: true });
});

/** The panel's language and its Inbox tab's label once drawn; a reload on the way is waited out. */
async function shown(page: Page): Promise<[string, string]> {
  let seen: [string, string] = ['', ''];
  await expect
    .poll(
      async () => {
        seen = await page
          .evaluate(() => [document.documentElement.lang, document.querySelector('#tab-inbox')?.textContent ?? ''] as [string, string])
          .catch((): [string, string] => ['', '']);
        return seen[1];
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return seen;
}

describe("the panel's language, remembered by the panel and checked against the browser's", () => {
  it('follows the browser into another language after a restart, opening again in it', async () => {
    browser = await launchExtension(profile, { lang: 'de' });
    const german = await browser.openPanel();
    expect(await shown(german)).toEqual(['de', (await catalogMessages('de')).get('tabs_inbox')]);
    expect(await german.evaluate((key) => localStorage.getItem(key), REMEMBERED)).toBe('de');
    await browser.context.close();

    browser = await launchExtension(profile, { lang: 'ja' });
    const page = await browser.openPanel();
    const japanese = (await catalogMessages('ja')).get('tabs_inbox')!;
    // It may open in German, remembered, and then again in Japanese: what it ends in is the browser's.
    await expect.poll(async () => (await shown(page))[1], { timeout: 15_000 }).toBe(japanese);
    expect((await shown(page))[0]).toBe('ja');
    expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBERED)).toBe('ja');
  });

  it.each([
    ['a language this build has no file for', 'it'],
    ['a value that is no language', '../../manifest'],
  ])('gives way to the browser’s pick over %s', async (_what, remembered) => {
    const page = await browser!.openPanel();
    await shown(page);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [REMEMBERED, remembered]);
    await page.reload();
    expect(await shown(page)).toEqual(['ja', (await catalogMessages('ja')).get('tabs_inbox')]);
    expect(await page.evaluate((key) => localStorage.getItem(key), REMEMBERED)).toBe('ja');
    await page.close();
  });
});
