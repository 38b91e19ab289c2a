import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAliveWhile } from '../../../lib/worker/keepAlive';

afterEach(() => vi.useRealTimers());

describe('keepAliveWhile', () => {
  it('pings every interval while busy and stops once idle', () => {
    vi.useFakeTimers();
    let busy = false;
    const ping = vi.fn();
    const update = keepAliveWhile(() => busy, ping, 20_000);
    update();
    vi.advanceTimersByTime(60_000);
    expect(ping).not.toHaveBeenCalled();

    busy = true;
    update();
    update(); // a second update while busy must not start a second timer
    vi.advanceTimersByTime(60_000);
    expect(ping).toHaveBeenCalledTimes(3);

    busy = false;
    update();
    vi.advanceTimersByTime(60_000);
    expect(ping).toHaveBeenCalledTimes(3);
  });
});
