/** The worker's storage, as the typed values lib/ asks for (lib/stored.ts). */
import browser from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import type { WebExtensionStorageArea } from '@/lib/auth';
import type { HistoryEntry } from '@/lib/history';
import type { SavedServer } from '@/lib/hub';
import { originRulesSync, serverOrigin } from '@/lib/originRules';
import { recordChanges, type Stored } from '@/lib/stored';

type Area = 'local' | 'session';

/**
 * Everything the worker keeps, read in one pass as it starts: one `get` of each area, which
 * each key's first read is answered from. A cold start made 14 reads one after another for 3
 * servers and 31 for 20 (bench/findings.md). A key this worker has written, or read once
 * already, is read from its area, as are keys read after the start.
 */
export class StartRead {
  readonly #all: Record<Area, Promise<Record<string, unknown>>>;
  /** `area:key` (or `area:prefix*`) read or written since the start's read: the area has the latest. */
  readonly #used = new Set<string>();

  constructor() {
    this.#all = { local: browser.storage.local.get(null), session: browser.storage.session.get(null) };
  }

  /** `key`'s value: the start's, the first time it is asked for unless written since; else the area's. */
  async read(area: Area, key: string): Promise<unknown> {
    if (this.#take(`${area}:${key}`)) return (await this.#all[area])[key];
    return (await browser.storage[area].get(key))[key];
  }

  /** Every key that starts with `prefix`, likewise. */
  async readPrefix(area: Area, prefix: string): Promise<Record<string, unknown>> {
    const all = this.#take(`${area}:${prefix}*`) ? await this.#all[area] : await browser.storage[area].get(null);
    return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(prefix)));
  }

  /** This worker writes `key` (of a prefix read, the prefix): later reads go to the area. */
  written(area: Area, key: string): void {
    this.#used.add(`${area}:${key}`);
  }

  /** The area as lib/auth reads it: each key from the start's read the first time. */
  area(area: Area): WebExtensionStorageArea {
    const storage = browser.storage[area];
    return {
      get: async (key) => ({ [key]: await this.read(area, key) }),
      set: (items) => {
        for (const key of Object.keys(items)) this.written(area, key);
        return storage.set(items);
      },
      remove: (key) => {
        this.written(area, key);
        return storage.remove(key);
      },
      // A cache over it (lib/auth cachedArea) follows changes made elsewhere.
      ...(area === 'local' && { onChanged: storage.onChanged }),
    };
  }

  #take(name: string): boolean {
    if (this.#used.has(name)) return false;
    this.#used.add(name);
    return true;
  }
}

/**
 * One storage key as a typed value: `local` for the person's data (survives browser
 * restarts), `session` for what only needs to outlive a stopped worker.
 */
export function stored<T>(start: StartRead, key: string, fallback: T, area: Area = 'local'): Stored<T> {
  return {
    async load() {
      return ((await start.read(area, key)) as T | undefined) ?? fallback;
    },
    save: (value) => {
      start.written(area, key);
      return browser.storage[area].set({ [key]: value });
    },
  };
}

/** Tombstones (keys set to null) cleared from the area once this many have gathered. */
const TOMBSTONES_CLEARED_AT = 32;

/**
 * A list kept one item per key (`<prefix><id>`), for lists that change an item at a time while
 * they are long: each save writes, in one `set`, only the items that changed since the last
 * one, and `null` for those gone (lib/stored.ts `recordChanges`), so a save stays one change
 * as a whole-list write was. Saves come one at a time (durableMirror); the nulls are removed
 * now and then, and when the list is next read.
 */
export function storedRecords<T>(start: StartRead, prefix: string, idOf: (item: T) => string, area: Area = 'session'): Stored<T[]> {
  const storage = browser.storage[area];
  const keyOf = (item: T) => `${prefix}${idOf(item)}`;
  /** What the area holds, as of the last save or load. */
  let written = new Map<string, T>();
  let tombstones: string[] = [];
  return {
    async load() {
      const records = await start.readPrefix(area, prefix);
      const dead = Object.keys(records).filter((key) => records[key] === null || records[key] === undefined);
      start.written(area, `${prefix}*`);
      if (dead.length > 0) void storage.remove(dead).catch(() => {});
      written = new Map(Object.entries(records).filter(([, value]) => value !== null && value !== undefined) as Array<[string, T]>);
      return [...written.values()];
    },
    async save(list) {
      const changes = recordChanges(written, list, keyOf);
      const keys = Object.keys(changes);
      if (keys.length === 0) return;
      written = new Map(list.map((item) => [keyOf(item), item]));
      try {
        await storage.set(changes);
      } catch (error) {
        // Not knowing what the area holds now, the next save writes the whole list.
        written = new Map();
        throw error;
      }
      tombstones.push(...keys.filter((key) => changes[key] === null));
      if (tombstones.length >= TOMBSTONES_CLEARED_AT) {
        // A key written again since it was nulled is live.
        const cleared = tombstones.filter((key) => !written.has(key));
        tombstones = [];
        await storage.remove(cleared);
      }
    },
  };
}

/**
 * History, one entry per key (`history:<request id>`): an answer writes its own entry, where
 * the whole list (up to 2 MiB, lib/history.ts HISTORY_BYTES) used to be written again. The one
 * list an earlier version kept (`history`) is read once, written the new way, and removed.
 */
export function storedHistory(start: StartRead): Stored<HistoryEntry[]> {
  const entries = storedRecords<HistoryEntry>(start, 'history:', (entry) => entry.requestId, 'local');
  const whole = stored<HistoryEntry[] | null>(start, 'history', null);
  return {
    async load() {
      const [kept, before] = await Promise.all([entries.load(), whole.load()]);
      const ids = new Set(kept.map((entry) => entry.requestId));
      // Keys come back in no promised order; History lists the newest first.
      const list = [...kept, ...(before ?? []).filter((entry) => !ids.has(entry.requestId))].sort((a, b) => b.answeredAt - a.answeredAt);
      if (before) {
        try {
          await entries.save(list);
          await browser.storage.local.remove('history');
        } catch {
          // A write the quota refuses leaves the old list to be moved at the next start.
        }
      }
      return list;
    },
    save: entries.save,
  };
}

/**
 * The saved servers, and the Origin rules (lib/originRules.ts) for those of them that refused
 * the extension's Origin, brought in line on every load and save and whenever another server
 * refuses it. Which origins refused is kept (`originRefused`, storage.local), so a restarted
 * browser, whose session rules are gone, puts them back before the first connect.
 */
export function serversWithOriginRules(start: StartRead): { servers: Stored<SavedServer[]>; originRefused: (serverUrl: string) => Promise<void> } {
  const servers = stored<SavedServer[]>(start, 'servers', []);
  const refused = stored<string[]>(start, 'originRefused', []);
  const dnr = chromeApi.declarativeNetRequest;
  // Firefox: the initiator is moz-extension://<internal UUID>, which is this host too.
  const sync = dnr ? originRulesSync(dnr, new URL(browser.runtime.getURL('/')).host) : async () => {};
  let saved: SavedServer[] = [];
  /** Brings the rules in line; resolves once the servers that need a rule have it (at once when none does). */
  const apply = async (list: SavedServer[]) => {
    saved = list;
    const origins = new Set(await refused.load());
    const needing = list.map((server) => server.url).filter((url) => origins.has(serverOrigin(url) ?? ''));
    const synced = sync(needing);
    // With no rule wanted, the sync only clears stale ones: no connect waits on it.
    if (needing.length > 0) await synced;
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
