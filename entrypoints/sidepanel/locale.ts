/**
 * The panel's language, set before any component is imported (main.tsx imports this first):
 * the catalog the browser picked for its own UI language (docs/i18n.md), and `lang` and `dir`
 * on the document from it, so that a right-to-left language mirrors the whole layout.
 */
import { browser } from 'wxt/browser';
import { browserCatalog, setCatalog, uiDirection, uiLocale } from '@/lib/i18n';

// WXT types getMessage with the names it knows of (public/_locales); ours are built from locales/.
const i18n = browser.i18n as unknown as { getMessage(name: string): string };
setCatalog(browserCatalog((name) => i18n.getMessage(name)));
document.documentElement.lang = uiLocale();
document.documentElement.dir = uiDirection();
