/** What the Hub's tests, unit and integration, share: the Hub as they build it, stored values in memory, waiting for a state. */
import { Hub, type HubOptions, type SavedServer, type Stored } from '../lib/hub';
import type { HubState } from '../lib/state';

/** What a test sets of its Hub: the saved servers as a list (kept in memory) or a store of its own; the rest as in HubOptions. */
export type TestHubOptions = Omit<HubOptions, 'servers'> & { servers?: SavedServer[] | Stored<SavedServer[]> };

/** A Hub as the tests build it: its saved servers in memory (those given, else none), every other option as given. */
export function testHub({ servers = [], ...options }: TestHubOptions = {}): Hub {
  return new Hub({ servers: Array.isArray(servers) ? memory(servers) : servers, ...options });
}

/** A `Stored<T>` in memory; `value()` shows what was last saved. */
export function memory<T>(initial: T) {
  let value = structuredClone(initial);
  return {
    load: async () => structuredClone(value),
    save: async (next: T) => void (value = structuredClone(next)),
    value: () => value,
  };
}

/** Resolves with the first state (now or later) that satisfies `predicate`. */
export function until(hub: Hub, predicate: (state: HubState) => boolean): Promise<HubState> {
  if (predicate(hub.state())) return Promise.resolve(hub.state());
  return new Promise((resolve) => {
    const stop = hub.subscribe((state) => {
      if (predicate(state)) {
        stop();
        resolve(state);
      }
    });
  });
}

/**
 * A `Stored<T>` that refuses a save bigger than `quota()` bytes of JSON, as `storage.local`
 * refuses one past its 10 MiB (`QUOTA_BYTES`); `value()` shows what was last saved.
 */
export function quotaArea<T>(initial: T, quota: () => number = () => 10 * 1024 * 1024) {
  const area = memory(initial);
  return {
    ...area,
    save: async (next: T) => {
      const bytes = new TextEncoder().encode(JSON.stringify(next)).length;
      if (bytes > quota()) throw new Error(`Resource::kQuotaBytes quota exceeded (${bytes} bytes)`);
      await area.save(next);
    },
  };
}

/**
 * The browser's managed storage as a test sets it: `source` for HubOptions.policy; `set` is an
 * admin changing the policy (the browser then says so, as Chrome's storage.onChanged does).
 */
export function managedStorage(initial: unknown = {}) {
  let value = initial;
  let listener: (() => void) | undefined;
  return {
    source: {
      read: async () => value,
      onChange: (next: () => void) => void (listener = next),
    },
    set(next: unknown) {
      value = next;
      listener?.();
    },
  };
}
