/** Which of the hub's saves sync follows: it is told after each one, and looks for what changed. */
import type { Stored } from '../stored';

type SyncedStores = 'servers' | 'settings' | 'savedCalls' | 'pinnedTools';

/**
 * `options` with each store sync follows (servers, settings, saved calls, pins) telling `saved`
 * after every save; a store not given is one that keeps nothing, and tells all the same.
 */
export function toldOnSave<T extends { [Name in SyncedStores]?: Stored<unknown> }>(options: T, saved: () => void): T {
  const told = { ...options };
  for (const name of ['servers', 'settings', 'savedCalls', 'pinnedTools'] as const) {
    const stored = options[name] as Stored<unknown> | undefined;
    (told as Record<SyncedStores, Stored<unknown>>)[name] = {
      load: async () => stored?.load(),
      save: async (value) => {
        await stored?.save(value);
        saved();
      },
    };
  }
  return told;
}
