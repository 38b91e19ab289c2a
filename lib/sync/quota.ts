/**
 * The browser's limits on `storage.sync`, and which writes fit them. Pure.
 *
 * Chrome (developer.chrome.com, chrome.storage `sync`): QUOTA_BYTES 102,400 in all and
 * QUOTA_BYTES_PER_ITEM 8,192, each "measured by the JSON stringification of its value plus its
 * key's length"; MAX_ITEMS 512; MAX_WRITE_OPERATIONS_PER_MINUTE 120 and _PER_HOUR 1,800 (set,
 * remove and clear calls). Firefox (application-services webext_storage: SYNC_QUOTA_BYTES,
 * SYNC_QUOTA_BYTES_PER_ITEM 8,192, SYNC_MAX_ITEMS) has the same byte and item limits and no
 * write rate of its own; the same numbers hold for both, Chrome's being the stricter.
 */
import type { SyncItem } from './items';
import type { LocalOnly, SyncKind } from './view';

export interface SyncQuota {
  bytes: number;
  perItem: number;
  items: number;
  writesPerMinute: number;
  writesPerHour: number;
}

export const SYNC_QUOTA: SyncQuota = { bytes: 102_400, perItem: 8_192, items: 512, writesPerMinute: 120, writesPerHour: 1_800 };

/**
 * What is planned against, below the quota: the browser's JSON of a value may escape a character
 * this one writes as is, so 2% of the bytes is left; and a tenth of the write rate, for the
 * retries a refused write needs.
 */
const BYTES_USED = 0.98;
const WRITES_USED = 0.9;

const encoder = new TextEncoder();

/** An entry's size as Chrome counts it: its key and its value's JSON. */
export const itemBytes = (key: string, value: unknown): number => encoder.encode(key).length + encoder.encode(JSON.stringify(value) ?? '').length;

export interface PlannedWrite {
  key: string;
  kind: SyncKind;
  name: string;
  item: SyncItem;
}

/** Which kinds get the room first when there is not enough: a setting before a server, a server before its pins, pins before saved calls. */
const PRIORITY: Record<SyncKind, number> = { settings: 0, server: 1, pins: 2, call: 3 };

/**
 * Which of `writes` fit the area as it holds `area` now: each entry within the per-item bound,
 * and all within the total and the item count, the most needed first. A tombstone always fits
 * (it takes an entry's place, and is smaller).
 */
export function fitWrites(
  area: ReadonlyMap<string, unknown>,
  writes: readonly PlannedWrite[],
  quota: SyncQuota = SYNC_QUOTA,
): { fit: PlannedWrite[]; left: LocalOnly[] } {
  let bytes = 0;
  for (const [key, value] of area) bytes += itemBytes(key, value);
  let items = area.size;
  const fit: PlannedWrite[] = [];
  const left: LocalOnly[] = [];
  const ordered = [...writes].sort((a, b) => Number(!a.item.removed) - Number(!b.item.removed) || PRIORITY[a.kind] - PRIORITY[b.kind]);
  for (const write of ordered) {
    const size = itemBytes(write.key, write.item);
    const before = area.get(write.key);
    const sizeBefore = before === undefined ? 0 : itemBytes(write.key, before);
    const itemsAfter = items + (before === undefined ? 1 : 0);
    const { key, kind, name } = write;
    if (!write.item.removed && size > quota.perItem) left.push({ key, kind, name, reason: 'too-large', bytes: size });
    else if (!write.item.removed && (bytes - sizeBefore + size > quota.bytes * BYTES_USED || itemsAfter > quota.items)) {
      left.push({ key, kind, name, reason: 'full', bytes: size });
    } else {
      fit.push(write);
      bytes += size - sizeBefore;
      items = itemsAfter;
    }
  }
  return { fit, left };
}

/** The area's use, as the panel shows it beside the quota. */
export function usage(area: ReadonlyMap<string, unknown>): { bytes: number; items: number } {
  let bytes = 0;
  for (const [key, value] of area) bytes += itemBytes(key, value);
  return { bytes, items: area.size };
}

/**
 * When the next write operation may be made, given the times of those made (`recent`, any
 * order): at once while under both rates, else when the oldest write in the full window
 * leaves it.
 */
export function nextWriteAt(recent: readonly number[], now: number, quota: SyncQuota = SYNC_QUOTA): number {
  let at = now;
  for (const [windowMs, limit] of [
    [60_000, Math.floor(quota.writesPerMinute * WRITES_USED)],
    [3_600_000, Math.floor(quota.writesPerHour * WRITES_USED)],
  ] as const) {
    const inWindow = recent.filter((time) => time > now - windowMs).sort((a, b) => a - b);
    if (inWindow.length >= limit) at = Math.max(at, inWindow[inWindow.length - limit]! + windowMs);
  }
  return at;
}
