import { describe, expect, it } from 'vitest';
import { itemOf } from '../../../lib/sync/items';
import { fitWrites, itemBytes, nextWriteAt, type PlannedWrite, SYNC_QUOTA } from '../../../lib/sync/quota';

const write = (key: string, kind: PlannedWrite['kind'], size: number, removed = false): PlannedWrite => ({
  key,
  kind,
  name: key,
  item: itemOf(removed ? null : { pad: 'x'.repeat(size) }, { at: 1, by: 'w' }),
});

describe('the sync quota', () => {
  it('counts an entry as Chrome does: its key and its JSON, in bytes', () => {
    expect(itemBytes('k€', { a: 'é' })).toBe(4 + JSON.stringify({ a: 'é' }).length + 1);
  });

  it('keeps an entry larger than 8 KB in this browser, saying so', () => {
    const { fit, left } = fitWrites(new Map(), [write('call:big', 'call', 9_000), write('server:s', 'server', 100)]);
    expect(fit.map((w) => w.key)).toEqual(['server:s']);
    expect(left).toEqual([expect.objectContaining({ key: 'call:big', reason: 'too-large' })]);
  });

  it('gives the room left to settings, then servers, then pins, then saved calls', () => {
    const area = new Map<string, unknown>([['call:old', { pad: 'x'.repeat(93_000) }]]);
    const { fit, left } = fitWrites(area, [
      write('call:new', 'call', 6_000),
      write('pins:u', 'pins', 4_000),
      write('server:s', 'server', 4_000),
      write('settings', 'settings', 100),
    ]);
    expect(fit.map((w) => w.key)).toEqual(['settings', 'server:s']);
    expect(left.map((l) => [l.key, l.reason])).toEqual([
      ['pins:u', 'full'],
      ['call:new', 'full'],
    ]);
  });

  it('always has room for a removal, and counts items', () => {
    const full = new Map<string, unknown>(Array.from({ length: SYNC_QUOTA.items }, (_, index) => [`call:${index}`, {}]));
    const { fit, left } = fitWrites(full, [write('call:1', 'call', 0, true), write('call:new', 'call', 10)]);
    expect(fit.map((w) => w.key)).toEqual(['call:1']);
    expect(left).toEqual([expect.objectContaining({ key: 'call:new', reason: 'full' })]);
  });

  it('waits before a write that would pass the rate per minute or per hour', () => {
    const now = 10_000_000;
    expect(nextWriteAt([], now)).toBe(now);
    const minute = Array.from({ length: 108 }, (_, index) => now - 59_000 + index);
    expect(nextWriteAt(minute, now)).toBe(minute[0]! + 60_000);
    const hour = Array.from({ length: 1_620 }, (_, index) => now - 3_500_000 + index * 2_000);
    expect(nextWriteAt(hour, now)).toBe(hour[0]! + 3_600_000);
  });
});
