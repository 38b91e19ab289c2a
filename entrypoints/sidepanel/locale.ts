/**
 * The panel's language, set before anything renders (main.tsx waits for `catalogReady`): the
 * catalog the browser picked for its own UI language (docs/i18n.md), and `lang` and `dir` on the
 * document from it, so that a right-to-left language mirrors the whole layout.
 *
 * The first render reads only the first part of that catalog (lib/i18n/firstPart.ts), a small
 * file, by the language the worker found the browser picked; asking the browser's catalog
 * instead reads the whole of it and English's beside it. What renders later asks the browser's.
 */
import { browser, type PublicPath } from 'wxt/browser';
import { CATALOG_LOCALE, setCatalog, uiDirection, uiLocale, type Catalog } from '@/lib/i18n';
import { type FirstEntry, firstPartPath, isLocaleTag, PICKED_LOCALE_KEY } from '@/lib/i18n/firstPart';

// WXT types getMessage with the names it knows of (public/_locales); ours are built from locales/.
const i18n = browser.i18n as unknown as { getMessage(name: string): string };
const getMessage = (name: string) => i18n.getMessage(name);

/**
 * The language this panel last opened in, kept by the page itself: read at once, where asking the
 * worker's storage first cost a round trip to the browser before the file's (bench 3a). Checked
 * against the worker's after the first render (`checkLanguage`).
 */
const REMEMBERED = 'toolnexus.catalogLocale';

/** The language the worker saw picked; none when the worker has not said yet. */
async function workerLocale(): Promise<string | undefined> {
  const saved = (await browser.storage.session.get(PICKED_LOCALE_KEY).catch((): Record<string, unknown> => ({})))[PICKED_LOCALE_KEY];
  return isLocaleTag(saved) ? saved : undefined;
}

/** The browser's pick asked of its catalog itself, which reads it whole: only when nothing else says it. */
const browserLocale = () => getMessage(CATALOG_LOCALE) || 'en';

async function firstPart(locale: string): Promise<FirstEntry[]> {
  const response = await fetch(browser.runtime.getURL(firstPartPath(locale) as PublicPath));
  if (!response.ok) throw new Error(`No first part of the catalog for ${locale} (${response.status}).`);
  return (await response.json()) as FirstEntry[];
}

async function load(): Promise<Catalog> {
  // `wxt` in development builds no first part: the code asks everything by key.
  if (import.meta.env.DEV) return { locale: browserLocale(), message: getMessage };
  const remembered = localStorage.getItem(REMEMBERED);
  const locale = isLocaleTag(remembered) ? remembered : ((await workerLocale()) ?? browserLocale());
  // A language this build has no file for (remembered from another build): the browser's own pick, which it has.
  const first = await firstPart(locale).catch(() => undefined);
  if (first) return { locale, message: getMessage, first };
  const picked = browserLocale();
  return { locale: picked, message: getMessage, first: await firstPart(picked) };
}

export const catalogReady: Promise<void> = load().then((catalog) => {
  setCatalog(catalog);
  localStorage.setItem(REMEMBERED, catalog.locale);
  document.documentElement.lang = uiLocale();
  document.documentElement.dir = uiDirection();
});

/**
 * Whether the browser still picks the language this panel opened in: after a restart in another
 * language, the worker says the new one, and the panel opens again in it (once).
 */
export async function checkLanguage(): Promise<void> {
  const picked = await workerLocale();
  if (picked === undefined || picked === uiLocale()) return;
  localStorage.setItem(REMEMBERED, picked);
  location.reload();
}
