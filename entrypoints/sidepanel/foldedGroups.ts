import { effect } from '@preact/signals';
import { browser } from 'wxt/browser';
import { collapsedGroups, MAX_REMEMBERED_GROUPS } from '@/components/shared/groups';

const KEY = 'collapsedGroups';

/**
 * Keeps which servers' groups the person folded (components/shared/groups.ts) in
 * storage.local, by server URL, so a panel opened later (or after a browser restart) shows
 * them folded. The panel's own layout: the worker never needs it.
 */
export function rememberFoldedGroups(): void {
  let loaded = false;
  void browser.storage.local.get(KEY).then(({ [KEY]: kept }) => {
    const folded = Array.isArray(kept) ? kept.filter((key): key is string => typeof key === 'string') : [];
    loaded = true;
    // What was folded while the read was under way counts too.
    collapsedGroups.value = new Set([...folded, ...collapsedGroups.peek()].slice(-MAX_REMEMBERED_GROUPS));
  });
  effect(() => {
    const folded = [...collapsedGroups.value];
    if (loaded) void browser.storage.local.set({ [KEY]: folded }).catch(() => {});
  });
}
