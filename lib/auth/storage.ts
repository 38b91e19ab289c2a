/**
 * Where OAuth state lives. Two areas with different lifetimes: `local` keeps what should
 * survive a browser restart (client registrations, tokens), `session` keeps what belongs
 * to one sign-in in progress (PKCE verifier, `state`, discovery), so a crash or restart
 * never leaves a half-finished flow that could be resumed.
 *
 * In the extension these are `browser.storage.local` / `browser.storage.session` through
 * {@link webExtensionArea}; in Node, {@link memoryArea}.
 */
export interface KeyValueArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

export interface AuthStorage {
  local: KeyValueArea;
  session: KeyValueArea;
}

/** An area in memory: for tests and the Node harness. Values are copied, as browser storage copies them. */
export function memoryArea(entries: Map<string, unknown> = new Map()): KeyValueArea & { entries: Map<string, unknown> } {
  return {
    entries,
    get: async (key) => (entries.has(key) ? structuredClone(entries.get(key)) : undefined),
    set: async (key, value) => {
      entries.set(key, structuredClone(value));
    },
    remove: async (key) => {
      entries.delete(key);
    },
  };
}

/** The shape of `browser.storage.local` / `.session` this module needs (no polyfill types required). */
export interface WebExtensionStorageArea {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string): Promise<void>;
}

/** Adapts a WebExtension storage area, e.g. `webExtensionArea(browser.storage.session)`. */
export function webExtensionArea(area: WebExtensionStorageArea): KeyValueArea {
  return {
    get: async (key) => (await area.get(key))[key],
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
  };
}
