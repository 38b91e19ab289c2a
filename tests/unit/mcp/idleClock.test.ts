import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleClock } from '../../../lib/mcp/idleClock';

describe('idleClock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs out once the allowance passes in silence, and not before', () => {
    const clock = idleClock(1_000);
    const onIdle = vi.fn();
    clock.watch(onIdle);
    vi.advanceTimersByTime(999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('starts the allowance again on touch', () => {
    const clock = idleClock(1_000);
    const onIdle = vi.fn();
    const watch = clock.watch(onIdle);
    vi.advanceTimersByTime(800);
    watch.touch();
    vi.advanceTimersByTime(800);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('never runs out while the person is asked, and gives every watch the full allowance afterwards', () => {
    const clock = idleClock(1_000);
    const first = vi.fn();
    const second = vi.fn();
    clock.watch(first);
    clock.watch(second);
    clock.pause();
    clock.pause();
    vi.advanceTimersByTime(60_000);
    clock.resume();
    vi.advanceTimersByTime(60_000);
    expect(first).not.toHaveBeenCalled();
    clock.resume();
    vi.advanceTimersByTime(999);
    expect(first).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });

  it('forgets a stopped watch', () => {
    const clock = idleClock(1_000);
    const onIdle = vi.fn();
    clock.watch(onIdle).stop();
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says the allowance as messages do', () => {
    expect(idleClock(60_000).allowance).toBe('60 s');
    expect(idleClock(400).allowance).toBe('400 ms');
  });
});
