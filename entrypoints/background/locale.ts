/** The worker's language (the words lib/ writes: notifications, errors), the same catalog the panel has (docs/i18n.md). */
import { browser } from 'wxt/browser';
import { browserCatalog, setCatalog } from '@/lib/i18n';

// WXT types getMessage with the names it knows of (public/_locales); ours are built from locales/.
const i18n = browser.i18n as unknown as { getMessage(name: string): string };
setCatalog(browserCatalog((name) => i18n.getMessage(name)));
