/**
 * The offset between this runtime's wall clock and the server's, NTP-style: ask `/clock`
 * several times and keep the sample with the shortest round trip; the true offset lies
 * within ± half that round trip. Self-contained so the page runs the same code as Node.
 */

export interface ClockOffset {
  /** Server clock minus ours, in ms: a server time `S` is our time `S - offsetMs`. */
  offsetMs: number;
  /** Half the best round trip: the offset is exact to within this. */
  errorMs: number;
}

export async function measureClockOffset({ clockUrl, samples }: { clockUrl: string; samples: number }): Promise<ClockOffset> {
  const now = () => performance.timeOrigin + performance.now();
  let best: ClockOffset | undefined;
  for (let i = 0; i < samples; i += 1) {
    const sent = now();
    const response = await fetch(clockUrl, { cache: 'no-store' });
    const { now: server } = (await response.json()) as { now: number };
    const received = now();
    const errorMs = (received - sent) / 2;
    if (!best || errorMs < best.errorMs) best = { offsetMs: server - (sent + received) / 2, errorMs };
  }
  if (!best) throw new Error('No clock samples.');
  return best;
}

/** The smallest step `performance.now()` takes here (Chromium coarsens it; Node does not). */
export function timerResolution(): number {
  let smallest = Infinity;
  for (let i = 0; i < 200; i += 1) {
    const start = performance.now();
    let next = performance.now();
    while (next === start) next = performance.now();
    smallest = Math.min(smallest, next - start);
  }
  return smallest;
}
