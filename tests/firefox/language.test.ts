/**
 * Issue 41 in Firefox: asked for German (`intl.locale.requested`), with Debian's German language
 * pack installed (firefox-esr-l10n-de, .ci/run), Firefox picks the extension's German catalog —
 * Firefox chooses among the languages it has installed, not any it is asked for — and the
 * panel and the manifest's words are German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n';
import { nodeCatalog } from '../../locales/read';
import { type FirefoxWithAddon, launchFirefox } from './browser';

let firefox: FirefoxWithAddon;

beforeAll(async () => {
  setCatalog(await nodeCatalog('de'));
  firefox = await launchFirefox({ 'intl.locale.requested': 'de' });
  await firefox.openPanel();
});

afterAll(() => firefox?.close());

describe('Firefox in German', () => {
  it('shows the panel in German: lang on the document, the tabs, the help button', async () => {
    const m = firefox.marionette;
    await expect
      .poll(() => m.execute<string | null>('return document.querySelector("#tab-inbox")?.textContent ?? null'), { timeout: 20_000 })
      .toBe(t('tabs.inbox'));
    expect(await m.execute('return [document.documentElement.lang, document.documentElement.dir]')).toEqual(['de', 'ltr']);
    expect(await m.execute('return [...document.querySelectorAll("[role=tab]")].map((tab) => tab.textContent)')).toEqual(
      ['inbox', 'tools', 'resources', 'prompts', 'servers', 'history'].map((tab) => t(`tabs.${tab}` as 'tabs.inbox')),
    );
    expect(await m.execute('return document.querySelector(".help-button").getAttribute("aria-label")')).toBe(t('shell.helpButton'));
  });

  it("gives the manifest's shortcut its German description", async () => {
    const commands = await firefox.marionette.execute<Array<{ name: string; description: string }>>('return browser.commands.getAll()');
    expect(commands.find((command) => command.name === 'open-inbox')?.description).toBe(t('manifest.openInbox'));
  });
});
