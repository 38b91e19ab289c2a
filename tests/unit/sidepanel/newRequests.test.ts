import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchNewRequests } from '../../../entrypoints/sidepanel/newRequests';

const ids = (...names: string[]) => names.map((id) => ({ id }));
/** The watcher, telling `onNewest` what to focus and counting arrivals. */
function watcher(onNewest: (id: string | undefined) => void, quietMs?: number) {
  const arrivals = vi.fn();
  return Object.assign(watchNewRequests({ onArrival: arrivals, onNewest }, quietMs), { arrivals });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('watchNewRequests', () => {
  it('does not count what the panel opens onto as new', () => {
    const onNewest = vi.fn();
    const watch = watcher(onNewest);
    watch(ids('a', 'b'));
    vi.runAllTimers();
    expect(onNewest).not.toHaveBeenCalled();
    expect(watch.arrivals).not.toHaveBeenCalled();
  });

  it('passes on a Request that comes on its own at once', () => {
    const onNewest = vi.fn();
    const watch = watcher(onNewest, 150);
    watch(ids('a'));
    watch(ids('a', 'b'));
    expect(onNewest).toHaveBeenCalledExactlyOnceWith('b');
    vi.advanceTimersByTime(1_000);
    watch(ids('a', 'b', 'c'));
    expect(onNewest).toHaveBeenLastCalledWith('c');
    expect(onNewest).toHaveBeenCalledTimes(2);
  });

  it('passes on a burst once, its newest, when it has settled', () => {
    const onNewest = vi.fn();
    const watch = watcher(onNewest, 150);
    const pending = ['a'];
    watch(ids(...pending));
    for (let n = 0; n < 200; n += 1) {
      pending.push(`r${n}`);
      watch(ids(...pending));
      vi.advanceTimersByTime(20);
    }
    // The first of the burst came on its own; the rest wait for it to end, focus released meanwhile. Each is told at once.
    expect(onNewest.mock.calls).toEqual([['r0'], [undefined]]);
    expect(watch.arrivals).toHaveBeenCalledTimes(200);
    vi.advanceTimersByTime(150);
    expect(onNewest.mock.calls).toEqual([['r0'], [undefined], ['r199']]);
  });

  it('releases focus at once when a second Request comes soon after the first, then passes on the newest', () => {
    // The person ran two tools 80 ms apart: the Inbox comes back into view at the second, and
    // must not focus the first (a card never takes focus from a field, so the newest could not).
    const onNewest = vi.fn();
    const watch = watcher(onNewest, 150);
    watch(ids());
    watch(ids('a'));
    vi.advanceTimersByTime(80);
    watch(ids('a', 'b'));
    expect(onNewest.mock.calls).toEqual([['a'], [undefined]]);
    vi.advanceTimersByTime(150);
    expect(onNewest.mock.calls).toEqual([['a'], [undefined], ['b']]);
  });

  it('passes on at once a Request that comes right after the one before was answered', () => {
    const onNewest = vi.fn();
    const watch = watcher(onNewest, 150);
    watch(ids());
    for (let n = 0; n < 5; n += 1) {
      watch(ids(`r${n}`));
      vi.advanceTimersByTime(10);
      watch(ids());
      vi.advanceTimersByTime(10);
    }
    expect(onNewest.mock.calls).toEqual([['r0'], ['r1'], ['r2'], ['r3'], ['r4']]);
  });

  it('ignores states that bring nothing new, and Requests that leave', () => {
    const onNewest = vi.fn();
    const watch = watcher(onNewest, 150);
    watch(ids('a', 'b'));
    watch(ids('a', 'b'));
    watch(ids('b'));
    vi.runAllTimers();
    expect(onNewest).not.toHaveBeenCalled();
  });
});
