/**
 * What sync needs of the browser, as entrypoints/background/syncArea.ts hands it over, and what
 * this browser keeps of it. Types only.
 */
import type { BaseEntry } from './merge';
import type { MissingSecrets } from './secrets';

/** The browser's `storage.sync`. */
export interface SyncArea {
  /** Everything the area holds. */
  get(): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
  /** Calls `listener` with each change of the area (`storage.onChanged`, area `sync`), this browser's own included; returns the way to stop. */
  onChanged(listener: (changes: Record<string, { oldValue?: unknown; newValue?: unknown }>) => void): () => void;
}

/** What this browser keeps of sync (storage.local): whether it is on, its writer id, and what it last agreed with the area. */
export interface SyncState {
  enabled: boolean;
  writer?: string;
  base: Record<string, BaseEntry>;
  /** When each change not yet written was made, by key: a stopped worker's successor writes it with that time. */
  pending: Record<string, number>;
  /** Servers that came without their secrets, by id here. */
  awaiting: Record<string, MissingSecrets>;
}
