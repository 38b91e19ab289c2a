/** Percentiles and the number formats the results use. */

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

/** Linear interpolation between closest ranks (the usual "type 7"), on sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low]!;
  const b = sorted[high]!;
  return a + (b - a) * (rank - low);
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('No samples to summarize.');
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0]!,
    max: sorted.at(-1)!,
    mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length,
  };
}

/** Milliseconds with precision that suits the magnitude (µs shown below 1 ms). */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value < 1) return `${(value * 1000).toFixed(0)} µs`;
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(0)} ms`;
}

export function bytes(value: number): string {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(2)} MB`;
}

export const ratio = (a: number, b: number) => (b === 0 ? '—' : `${(a / b).toFixed(2)}×`);

/** Runs `steps` in `rounds` rounds, rotating their order each round so drift hits all of them alike. */
export async function interleave(rounds: number, steps: Array<() => Promise<void>>): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < steps.length; i += 1) await steps[(round + i) % steps.length]!();
  }
}

/** Rejects after `timeoutMs` so no wait in the harness is unbounded. */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms: ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
