import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttledMirror } from '../../lib/stored';

afterEach(() => vi.useRealTimers());

describe('throttledMirror', () => {
  it('writes a change at once, then what follows within the interval together, ending with the latest', () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const write = throttledMirror({ load: async () => 0, save: async (value: number) => void saved.push(value) }, 200);
    write(1);
    expect(saved).toEqual([1]);
    write(2);
    write(3);
    expect(saved).toEqual([1]);
    vi.advanceTimersByTime(200);
    expect(saved).toEqual([1, 3]);
    vi.advanceTimersByTime(200);
    expect(saved).toEqual([1, 3]);
    write(4);
    expect(saved).toEqual([1, 3, 4]);
  });

  it('does nothing without a store', () => {
    expect(() => throttledMirror<number>(undefined)(1)).not.toThrow();
  });
});
