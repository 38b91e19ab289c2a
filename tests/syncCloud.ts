/**
 * `storage.sync` for tests, two-sided: each browser has its own area, written at once and told
 * through `onChanged` ({oldValue, newValue}, its own writes included, as Chrome does), and the
 * "cloud" carries each browser's writes to the others when `deliver()` is called, the last write
 * to reach it winning, as the browsers' sync servers settle one entry. Quotas as Chrome's: a
 * write past QUOTA_BYTES_PER_ITEM, QUOTA_BYTES, MAX_ITEMS or the per-minute write rate is
 * refused with Chrome's own words, and changes nothing.
 */
import type { SyncArea } from '../lib/sync/area';
import { SYNC_QUOTA, type SyncQuota, itemBytes } from '../lib/sync/quota';

type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;

export interface TestArea extends SyncArea {
  /** What this browser's area holds now. */
  items(): Record<string, unknown>;
  /** How many set/remove calls it was asked for. */
  writes(): number;
  /** Makes the next write fail with `message` (a quota error the tests cannot cause otherwise). */
  failNext(message: string): void;
}

export function syncCloud(quota: SyncQuota = SYNC_QUOTA) {
  const cloud = new Map<string, unknown>();
  const browsers: Array<{ items: Map<string, unknown>; tell: (changes: Changes) => void; sent: Array<[string, unknown]> }> = [];

  function browser(): TestArea {
    const items = new Map<string, unknown>(cloud);
    const listeners = new Set<(changes: Changes) => void>();
    const sent: Array<[string, unknown]> = [];
    const writeTimes: number[] = [];
    let writes = 0;
    let failure: string | undefined;
    const tell = (changes: Changes) => {
      if (Object.keys(changes).length === 0) return;
      // Chrome tells listeners after the write's promise settles, on a task of its own.
      setTimeout(() => {
        for (const listener of listeners) listener(structuredClone(changes));
      }, 0);
    };
    const admit = () => {
      writes += 1;
      if (failure) {
        const message = failure;
        failure = undefined;
        throw new Error(message);
      }
      const now = Date.now();
      if (writeTimes.filter((time) => time > now - 60_000).length >= quota.writesPerMinute) {
        throw new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.');
      }
      writeTimes.push(now);
    };
    const own = { items, tell, sent };
    browsers.push(own);
    return {
      get: async () => Object.fromEntries(structuredClone([...items])),
      async set(values) {
        admit();
        const after = new Map(items);
        for (const [key, value] of Object.entries(values)) {
          const copy = JSON.parse(JSON.stringify(value)) as unknown;
          if (itemBytes(key, copy) > quota.perItem) throw new Error('QUOTA_BYTES_PER_ITEM quota exceeded');
          after.set(key, copy);
        }
        if (after.size > quota.items) throw new Error('MAX_ITEMS quota exceeded');
        if ([...after].reduce((total, [key, value]) => total + itemBytes(key, value), 0) > quota.bytes) throw new Error('QUOTA_BYTES quota exceeded');
        const changes: Changes = {};
        for (const key of Object.keys(values)) {
          changes[key] = { oldValue: items.get(key), newValue: after.get(key) };
          items.set(key, after.get(key));
          sent.push([key, after.get(key)]);
        }
        tell(changes);
      },
      async remove(keys) {
        admit();
        const changes: Changes = {};
        for (const key of keys) {
          if (!items.has(key)) continue;
          changes[key] = { oldValue: items.get(key) };
          items.delete(key);
          sent.push([key, undefined]);
        }
        tell(changes);
      },
      onChanged(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      items: () => Object.fromEntries(items),
      writes: () => writes,
      failNext: (message) => void (failure = message),
    };
  }

  /** Carries every browser's writes to the cloud, in the order given (the last to arrive wins), then the cloud to every browser. */
  function deliver(order: number[] = browsers.map((_, index) => index)): void {
    for (const index of order) {
      for (const [key, value] of browsers[index]!.sent.splice(0)) {
        if (value === undefined) cloud.delete(key);
        else cloud.set(key, value);
      }
    }
    for (const { items, tell } of browsers) {
      const changes: Changes = {};
      for (const key of new Set([...items.keys(), ...cloud.keys()])) {
        const before = items.get(key);
        const after = cloud.get(key);
        if (JSON.stringify(before) === JSON.stringify(after)) continue;
        changes[key] = { oldValue: before, newValue: after };
        if (after === undefined) items.delete(key);
        else items.set(key, after);
      }
      tell(changes);
    }
  }

  return { browser, deliver, cloud: () => Object.fromEntries(cloud) };
}
