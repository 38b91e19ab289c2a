/** The worker's storage, as the typed values lib/ asks for (lib/stored.ts). */
import browser from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import type { SavedServer } from '@/lib/hub';
import { originRulesSync } from '@/lib/originRules';
import type { Stored } from '@/lib/stored';

/**
 * One storage key as a typed value: `local` for the person's data (survives browser
 * restarts), `session` for what only needs to outlive a stopped worker.
 */
export function stored<T>(key: string, fallback: T, area: 'local' | 'session' = 'local'): Stored<T> {
  return {
    async load() {
      const { [key]: value } = await browser.storage[area].get(key);
      return (value as T | undefined) ?? fallback;
    },
    save: (value) => browser.storage[area].set({ [key]: value }),
  };
}

/**
 * The saved servers, with the Origin rules (lib/originRules.ts) brought in line on every load
 * and save. The hub saves before it connects, so a new server's rule is in place before its
 * first request.
 */
export function serversWithOriginRules(): Stored<SavedServer[]> {
  const servers = stored<SavedServer[]>('servers', []);
  const dnr = chromeApi.declarativeNetRequest;
  // Firefox: the initiator is moz-extension://<internal UUID>, which is this host too.
  const sync = dnr ? originRulesSync(dnr, new URL(browser.runtime.getURL('/')).host) : async () => {};
  return {
    async load() {
      const list = await servers.load();
      await sync(list.map((server) => server.url));
      return list;
    },
    async save(list) {
      await servers.save(list);
      await sync(list.map((server) => server.url));
    },
  };
}
