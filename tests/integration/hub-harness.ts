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
