/** What the Hub tests share: an in-memory stored value, and waiting for a state. */
import type { Hub } from '../../lib/hub';
import type { HubState } from '../../lib/state';

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
