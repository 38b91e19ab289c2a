/**
 * Sync: what follows the person through their browser's `storage.sync`, never a secret. The
 * hub makes one `Sync` (lib/hub/wire.ts), tells it of each save (`toldOnSave`) and shows its
 * view; entrypoints/background/syncArea.ts hands it the browser's area.
 */
export type { SyncArea, SyncState } from './area';
export { Sync } from './engine';
export { toldOnSave } from './watch';
