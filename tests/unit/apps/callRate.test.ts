import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_CALLS_PER_SECOND, APP_CALLS_WAITING, AppRateError, CallRate } from '../../../lib/apps/callRate';

afterEach(() => vi.useRealTimers());

describe('an app’s pace', () => {
  it(`lets ${APP_CALLS_PER_SECOND} go at once, then ${APP_CALLS_PER_SECOND} a second, and refuses past ${APP_CALLS_WAITING} waiting`, async () => {
    vi.useFakeTimers();
    const rate = new CallRate();
    const went: number[] = [];
    const outcomes = Array.from({ length: 400 }, (_, index) =>
      rate.take().then(
        () => went.push(index),
        (error: unknown) => error,
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(went).toHaveLength(APP_CALLS_PER_SECOND);
    expect(rate.refused).toBe(400 - APP_CALLS_PER_SECOND - APP_CALLS_WAITING);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(went).toHaveLength(2 * APP_CALLS_PER_SECOND);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(went).toHaveLength(APP_CALLS_PER_SECOND + APP_CALLS_WAITING);
    // In the order asked.
    expect(went).toEqual([...went].sort((a, b) => a - b));
    const refused = (await Promise.all(outcomes)).filter((outcome) => outcome instanceof AppRateError);
    expect(refused).toHaveLength(400 - APP_CALLS_PER_SECOND - APP_CALLS_WAITING);
  });

  it('never lets more than the rate through in any second', async () => {
    vi.useFakeTimers();
    const rate = new CallRate();
    const at: number[] = [];
    for (let index = 0; index < 30; index += 1)
      void rate.take().then(
        () => at.push(Date.now()),
        () => {},
      );
    await vi.advanceTimersByTimeAsync(5_000);
    for (const time of at) expect(at.filter((other) => other >= time && other < time + 1_000).length).toBeLessThanOrEqual(APP_CALLS_PER_SECOND);
  });

  it('refuses what still waits when the app goes', async () => {
    const rate = new CallRate(1, 5);
    await rate.take();
    const waiting = rate.take();
    rate.close(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
  });
});
