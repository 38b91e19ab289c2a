/** The worker's language (the words lib/ writes: notifications, errors), the same catalog the panel has (docs/i18n.md). */
import { browser } from 'wxt/browser';
import { browserCatalog, setCatalog, uiLocale } from '@/lib/i18n';
import { PICKED_LOCALE_KEY } from '@/lib/i18n/firstPart';

// WXT types getMessage with the names it knows of (public/_locales); ours are built from locales/.
const i18n = browser.i18n as unknown as { getMessage(name: string): string };
setCatalog(browserCatalog((name) => i18n.getMessage(name)));
// The panel reads its first part of the catalog by this (entrypoints/sidepanel/locale.ts). The
// session area: the browser's language can change only with a restart, which empties it.
void browser.storage.session.set({ [PICKED_LOCALE_KEY]: uiLocale() }).catch(() => undefined);
