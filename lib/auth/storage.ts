/**
 * Where OAuth state lives. Two areas with different lifetimes: `local` keeps what should
 * survive a browser restart (client registrations, tokens), `session` keeps what belongs
 * to one sign-in in progress (PKCE verifier, `state`, discovery), so a crash or restart
 * never leaves a half-finished flow that could be resumed.
 *
 * In the extension these are `browser.storage.local` / `browser.storage.session` through
 * {@link webExtensionArea} (read from memory, see {@link cachedArea}); in Node, {@link memoryArea}.
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

/**
 * Tells `listener` which keys of an area changed, whoever changed them (in the extension,
 * `browser.storage.local.onChanged`, which also reports this context's own writes).
 */
export type AreaChanges = (listener: (keys: string[]) => void) => void;

/**
 * `area`, with every value kept in memory once read. The transport asks for the access token
 * before every MCP request, and each read of browser storage is a round trip to the browser
 * process (0.1–0.4 ms in the worker, five of them per connect). Writes go to `area` and to
 * memory; a key that `changes` reports is read again next time, so a change made elsewhere
 * (another extension page, DevTools, `storage.local.clear()`) is followed as soon as the
 * browser reports it. Values are copied in and out, as browser storage copies them: callers
 * may change what they get.
 */
export function cachedArea(area: KeyValueArea, changes: AreaChanges): KeyValueArea {
  const values = new Map<string, unknown>();
  // Bumped on every write and reported change: a read that started before one must not
  // fill the cache with what it found.
  const versions = new Map<string, number>();
  const version = (key: string) => versions.get(key) ?? 0;
  const forget = (key: string) => {
    versions.set(key, version(key) + 1);
    values.delete(key);
  };
  changes((keys) => keys.forEach(forget));
  async function write(key: string, value: unknown, send: () => Promise<void>): Promise<void> {
    forget(key);
    values.set(key, structuredClone(value));
    try {
      await send();
    } catch (error) {
      forget(key);
      throw error;
    }
  }
  return {
    async get(key) {
      if (values.has(key)) return structuredClone(values.get(key));
      const started = version(key);
      const value = await area.get(key);
      if (version(key) === started) values.set(key, structuredClone(value));
      return value;
    },
    set: (key, value) => write(key, value, () => area.set(key, value)),
    remove: (key) => write(key, undefined, () => area.remove(key)),
  };
}

/** The shape of `browser.storage.local` / `.session` this module needs (no polyfill types required). */
export interface WebExtensionStorageArea {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string): Promise<void>;
  onChanged?: { addListener(listener: (changes: Record<string, unknown>) => void): void };
}

/**
 * Adapts a WebExtension storage area, e.g. `webExtensionArea(browser.storage.session)`, read
 * through {@link cachedArea} and kept fresh by the area's own `onChanged`. An area without
 * `onChanged` is read directly every time: nothing would tell a cache of changes made elsewhere.
 */
export function webExtensionArea(area: WebExtensionStorageArea): KeyValueArea {
  const direct: KeyValueArea = {
    get: async (key) => (await area.get(key))[key],
    set: (key, value) => area.set({ [key]: value }),
    remove: (key) => area.remove(key),
  };
  const { onChanged } = area;
  if (!onChanged) return direct;
  return cachedArea(direct, (listener) => onChanged.addListener((changes) => listener(Object.keys(changes))));
}
