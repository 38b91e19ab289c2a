/** What the panel is shown of sync: plain data, as lib/state.ts's other views (no imports, so the state can name it). */

export type SyncKind = 'server' | 'settings' | 'call' | 'pins';

/** An entry that stays in this browser: too large for one entry of the area, or no room left in it. */
export interface LocalOnly {
  key: string;
  kind: SyncKind;
  name: string;
  reason: 'too-large' | 'full';
  bytes: number;
}

/** Two browsers changed one entry at once: which change was kept, and when the other was made. */
export interface SyncConflictView {
  key: string;
  kind: SyncKind;
  name: string;
  kept: 'here' | 'there';
  /** When the change that was not kept was made. */
  otherAt: number;
  /** When this browser found out. */
  at: number;
}

export interface SyncView {
  enabled: boolean;
  /** When this browser and the area last agreed (a merge, or a write that ended). */
  syncedAt?: number;
  /** What the browser said when it refused a write (its quota, its write rate) or a read, until one succeeds; writes are tried again. */
  problem?: string;
  localOnly: LocalOnly[];
  /** Newest first, until dismissed. */
  conflicts: SyncConflictView[];
  /** Entries another browser (or a person, by hand) wrote that this one cannot use; left as they are. */
  unreadable: Array<{ key: string; kind: SyncKind; name: string; reason: string }>;
  /** Servers that came through sync and wait, turned off, for secrets only the person has. */
  needsSecrets: Array<{ serverId: string; name: string; headers: string[]; clientSecret: boolean }>;
  usage: { bytes: number; items: number; quotaBytes: number; maxItems: number };
}
