/** The worker's storage, as the typed values lib/ asks for (lib/stored.ts). */
import browser from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import type { SavedServer } from '@/lib/hub';
import { originRulesSync, serverOrigin } from '@/lib/originRules';
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
 * The saved servers, and the Origin rules (lib/originRules.ts) for those of them that refused
 * the extension's Origin, brought in line on every load and save and whenever another server
 * refuses it. Which origins refused is kept (`originRefused`, storage.local), so a restarted
 * browser, whose session rules are gone, puts them back before the first connect.
 */
export function serversWithOriginRules(): { servers: Stored<SavedServer[]>; originRefused: (serverUrl: string) => Promise<void> } {
  const servers = stored<SavedServer[]>('servers', []);
  const refused = stored<string[]>('originRefused', []);
  const dnr = chromeApi.declarativeNetRequest;
  // Firefox: the initiator is moz-extension://<internal UUID>, which is this host too.
  const sync = dnr ? originRulesSync(dnr, new URL(browser.runtime.getURL('/')).host) : async () => {};
  let saved: SavedServer[] = [];
  const apply = async (list: SavedServer[]) => {
    saved = list;
    const origins = new Set(await refused.load());
    await sync(list.map((server) => server.url).filter((url) => origins.has(serverOrigin(url) ?? '')));
  };
  return {
    servers: {
      async load() {
        const list = await servers.load();
        await apply(list);
        return list;
      },
      async save(list) {
        await servers.save(list);
        await apply(list);
      },
    },
    async originRefused(serverUrl) {
      const origin = serverOrigin(serverUrl);
      if (origin === null) return;
      const origins = await refused.load();
      // Forget origins no saved server has any more: the list only says what a rule is for.
      const live = new Set(saved.map((server) => serverOrigin(server.url)));
      await refused.save([...new Set([...origins, origin])].filter((kept) => kept === origin || live.has(kept)));
      await apply(saved);
    },
  };
}
