/**
 * The person's own ways back to a tool: saved calls and pinned tools. Both name their server by
 * URL and are kept in storage.local, so they outlive removing a server and a restarted worker.
 */
import type { HubOptions } from './options';
import { PinnedToolStore } from './pinnedToolStore';
import { SavedCallStore } from './savedCallStore';

export function shortcutStores(options: Pick<HubOptions, 'savedCalls' | 'pinnedTools'>, changed: () => void) {
  return { savedCalls: new SavedCallStore(options.savedCalls, changed), pins: new PinnedToolStore(options.pinnedTools, changed) };
}
