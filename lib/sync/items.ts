/**
 * One entry in `storage.sync` as toolnexus writes it: the entity's synced fields beside an
 * envelope that says when it was changed (`at`, the writer's clock) and by which browser
 * (`by`, its writer id), and whether it was removed (a tombstone). Pure.
 *
 * What another version (or a person, by hand) wrote is read as far as it can be, and what this
 * version does not know is kept: a write-back carries every field it did not write itself.
 */
import { t } from '../i18n';
import { isRecord } from '../json';

/** The item format this version writes. */
export const ITEM_VERSION = 1;

/** When, and by which browser, an entry was last changed: ordered by time, then by writer. */
export interface Version {
  at: number;
  by: string;
}

export interface SyncItem extends Version {
  v: number;
  removed?: true;
  /** The version of the entry its writer had when it made this change: a browser whose own write is not it knows its change was lost. */
  prev?: Version;
  [field: string]: unknown;
}

const ENVELOPE = new Set(['v', 'at', 'by', 'removed', 'prev']);

/** `a` is newer than `b`: later, or at the same millisecond by the writer whose id sorts last (every browser picks the same one). */
export const isNewer = (a: Version, b: Version): boolean => (a.at !== b.at ? a.at > b.at : a.by > b.by);

export const sameVersion = (a: Version, b: Version): boolean => a.at === b.at && a.by === b.by;

/** An entry as read from the area: the entry, or why it cannot be read (without a readable envelope nothing can be decided about it). */
export type ReadItem = { item: SyncItem } | { unreadable: string };

export function readItem(value: unknown): ReadItem {
  if (!isRecord(value)) return { unreadable: t('sync.unreadable.notObject') };
  const { v, at, by } = value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return { unreadable: t('sync.unreadable.noVersion') };
  if (typeof at !== 'number' || !Number.isFinite(at)) return { unreadable: t('sync.unreadable.noTime') };
  if (typeof by !== 'string' || by.length === 0) return { unreadable: t('sync.unreadable.noWriter') };
  return { item: value as SyncItem };
}

/** An entry's fields without the envelope. */
export function bodyOf(item: SyncItem): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !ENVELOPE.has(key)));
}

/** The fields of `item` this version does not know (`known`), to be written back untouched. */
export function unknownFields(item: SyncItem, known: ReadonlySet<string>): Record<string, unknown> | undefined {
  const kept = Object.entries(item).filter(([key]) => !ENVELOPE.has(key) && !known.has(key));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/**
 * The entry to write for `body` (or a tombstone for `null`) at `version`, carrying `kept` (the
 * fields the last entry seen had and this version does not know) and the higher of the two
 * format versions, so a newer browser reading it back finds its own fields where it left them.
 */
export function itemOf(
  body: Record<string, unknown> | null,
  version: Version,
  kept?: { fields?: Record<string, unknown>; v?: number; prev?: Version },
): SyncItem {
  const v = Math.max(ITEM_VERSION, kept?.v ?? 0);
  const prev = kept?.prev && { prev: { at: kept.prev.at, by: kept.prev.by } };
  if (body === null) return { v, at: version.at, by: version.by, ...prev, removed: true };
  return { ...kept?.fields, ...body, v, at: version.at, by: version.by, ...prev };
}

/** The `prev` an entry names, when it names a readable one. */
export function prevOf(item: SyncItem): Version | undefined {
  const { prev } = item;
  return isRecord(prev) && typeof prev.at === 'number' && typeof prev.by === 'string' ? { at: prev.at, by: prev.by } : undefined;
}

/** A string that is the same for equal bodies whatever their key order (JSON with sorted keys). */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The digest of a body kept in place of the body itself (a saved call's arguments may be 100,000 characters): cyrb53, and the length. */
export function digestOf(body: Record<string, unknown> | null): string {
  if (body === null) return 'removed';
  const text = stableJson(body);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}.${text.length}`;
}
