/** The browser's `storage.sync`, as lib/sync asks for it (lib/sync/area.ts): the area, and its changes. */
import browser from 'webextension-polyfill';
import type { SyncArea } from '@/lib/sync';

/**
 * Made as the worker starts: its `storage.onChanged` listener is added in the worker's first
 * turn, so a change another browser syncs wakes a stopped worker (MV3 dispatches an event only
 * to listeners added then). A change heard before sync listens is read by its start anyway.
 */
export function syncArea(): SyncArea {
  const area = browser.storage.sync;
  const listeners = new Set<Parameters<SyncArea['onChanged']>[0]>();
  browser.storage.onChanged.addListener((changes, areaName) => {
    if (areaName !== 'sync') return;
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
