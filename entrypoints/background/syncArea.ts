/** The browser's `storage.sync`, as lib/sync asks for it (lib/sync/area.ts): the area, and its changes. */
import browser from 'webextension-polyfill';
import type { SyncArea } from '@/lib/sync';

/**
 * Made as the worker starts: its listener is added in the worker's first turn, so a change
 * another browser syncs wakes a stopped worker (MV3 dispatches an event only to listeners added
 * then). A change heard before sync listens is read by its start anyway. The area's own
 * `onChanged`, not `storage.onChanged`: that one would copy every storage.session write (each
 * call's activity) into the worker too, 5 ms a tools/call in the bench (see index.ts).
 */
export function syncArea(): SyncArea {
  const area = browser.storage.sync;
  const listeners = new Set<Parameters<SyncArea['onChanged']>[0]>();
  area.onChanged.addListener((changes) => {
    for (const listener of listeners) listener(changes);
  });
  return {
    get: () => area.get(null),
    set: (items) => area.set(items),
    remove: (keys) => area.remove(keys),
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
