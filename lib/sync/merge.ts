/**
 * What to do with one entry, given what this browser has (`local`), what the area holds
 * (`remote`) and what the two last agreed on (`base`). Pure: lib/sync/engine.ts acts on it.
 *
 * - The area changed and this browser did not: take the area's.
 * - This browser changed and the area did not: write this browser's.
 * - Both changed (two browsers edited the same entry at once): the newer change wins, by the
 *   writer's clock then its id, the same answer in every browser; the loser is reported.
 * - A removal is a tombstone (an entry saying `removed`) that expires after TOMBSTONE_TTL_MS;
 *   an expired one is still obeyed, then deleted from the area.
 * - Turning sync on removes nothing here: an entry this browser has and the area removed is
 *   written back; where both hold the same entry differently, the area's wins (it is what the
 *   person's other browsers show), reported.
 */
import { bodyOf, digestOf, isNewer, itemOf, prevOf, type ReadItem, sameVersion, type SyncItem, unknownFields, type Version } from './items';
import { KNOWN_FIELDS, kindOf } from './syncable';
import type { SyncKind } from './view';

/**
 * 30 days: a browser left off for a month and started again still sees a removal; one off for
 * longer writes back what it has (nothing is lost, a removed server may come back). Shorter
 * brought more of those back; longer keeps more tombstones, ~70 bytes and one of 512 items each.
 */
export const TOMBSTONE_TTL_MS = 30 * 24 * 60 * 60_000;

/** What this browser and the area last agreed on for one entry. */
export interface BaseEntry extends Version {
  digest: string;
  /** The fields of the last entry seen that this version does not know, written back untouched. */
  kept?: Record<string, unknown>;
  /** The format version of the last entry seen. */
  v?: number;
  /** For a server: its id in this browser, when it differs from the one in the key (linked by URL as sync was turned on). */
  localId?: string;
}

/** One entry as this browser has it. */
export interface LocalEntity {
  key: string;
  kind: SyncKind;
  /** What the panel calls it. */
  name: string;
  body: Record<string, unknown>;
  localId?: string;
}

export interface KeyState {
  key: string;
  base?: BaseEntry;
  /** Absent: this browser has no such entry (never had, or removed it). */
  local?: LocalEntity;
  /** When this browser's change not yet written was made, when known. */
  localChangedAt?: number;
  /** Absent: the area has no such entry. */
  remote?: ReadItem;
}

/** Two changes of one entry at once: which was kept, and the version of the other. */
export interface Conflict {
  kept: 'here' | 'there';
  other: Version;
}

export type Decision =
  | { do: 'nothing'; base?: BaseEntry; drop?: true }
  | { do: 'push'; item: SyncItem; base: BaseEntry; conflict?: Conflict }
  | { do: 'apply'; item: SyncItem; body: Record<string, unknown> | null; base: BaseEntry; conflict?: Conflict; drop?: true }
  | { do: 'unreadable'; reason: string }
  | { do: 'forget'; drop?: true };

export interface MergeContext {
  writer: string;
  now: number;
  /** The first merge after sync is turned on: nothing agreed yet. */
  turningOn: boolean;
}

/** The entry's fields this version knows: what is compared, as the local entity is made of nothing else. */
function knownBody(key: string, item: SyncItem): Record<string, unknown> | null {
  if (item.removed) return null;
  const known = KNOWN_FIELDS[kindOf(key) ?? 'settings'];
  return Object.fromEntries(Object.entries(bodyOf(item)).filter(([field]) => known.has(field)));
}

export function decide(state: KeyState, { writer, now, turningOn }: MergeContext): Decision {
  const { key, base, local } = state;
  const localBody = local?.body ?? null;
  const localDigest = digestOf(localBody);
  const localChanged = base ? localDigest !== base.digest : local !== undefined;
  const localVersion: Version | undefined = localChanged ? { at: state.localChangedAt ?? now, by: writer } : base;
  const localId = local?.localId ?? base?.localId;
  const push = (conflict?: Conflict): Decision => {
    // A write-back of an unchanged entry keeps the `prev` it was written with; a change names the version it changed.
    const prev = localChanged ? base : undefined;
    const item = itemOf(localBody, localVersion!, { fields: base?.kept, v: base?.v, prev });
    return { do: 'push', item, base: { at: item.at, by: item.by, digest: localDigest, kept: base?.kept, v: item.v, localId }, conflict };
  };
  if (state.remote && 'unreadable' in state.remote) return { do: 'unreadable', reason: state.remote.unreadable };
  const remote = state.remote?.item;
  if (!remote) {
    if (local) return push();
    // Removed here since it was agreed: the other browsers must hear of it.
    if (base && base.digest !== digestOf(null)) return push();
    return { do: 'forget' };
  }
  const drop = remote.removed && now - remote.at > TOMBSTONE_TTL_MS ? (true as const) : undefined;
  const body = knownBody(key, remote);
  const remoteDigest = digestOf(body);
  const remoteBase: BaseEntry = {
    at: remote.at,
    by: remote.by,
    digest: remoteDigest,
    kept: unknownFields(remote, KNOWN_FIELDS[kindOf(key) ?? 'settings']),
    v: remote.v,
    localId,
  };
  const apply = (conflict?: Conflict): Decision => ({ do: 'apply', item: remote, body, base: remoteBase, conflict, drop });
  const other = (kept: Conflict['kept'], version: Version): Conflict | undefined => (remote.by === writer ? undefined : { kept, other: version });

  if (base && sameVersion(remote, base)) return localChanged ? push() : drop ? { do: 'forget', drop } : { do: 'nothing' };
  // The area changed since this browser last agreed with it.
  if (remoteDigest === localDigest) return drop ? { do: 'forget', drop } : { do: 'nothing', base: remoteBase };
  if (!localChanged) {
    // An older write reached the area after this browser's (the browsers' sync settles on one): write the newer back.
    if (base && isNewer(base, remote)) return push(other('here', remote));
    // This browser's own change was written, and the newer one was made without seeing it: it was lost.
    const previous = prevOf(remote);
    const lost = base && base.by === writer && !(previous && sameVersion(previous, base));
    return apply(lost ? other('there', base) : undefined);
  }
  if (turningOn) return remote.removed ? push() : apply(local ? other('there', localVersion!) : undefined);
  return isNewer(localVersion!, remote) ? push(other('here', remote)) : apply(other('there', localVersion!));
}
