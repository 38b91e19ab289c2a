import { describe, expect, it } from 'vitest';
import { type CpuProfile, summarizeProfile, UNSAMPLED_PAST_MS } from '../../../bench/cpu-profile';

/** A profile of `work` sampled every 0.2 ms, then once after a gap of `gapMs`, then idle. */
function profile(gapMs: number): CpuProfile {
  const frame = (id: number, functionName: string) => ({ id, callFrame: { functionName, url: '', lineNumber: 0, columnNumber: 0, scriptId: '0' } });
  const nodes = [frame(1, '(root)'), frame(2, 'work'), frame(3, 'tick'), frame(4, '(idle)')];
  const samples = [2, 2, 2, 2, 2, 3, 4];
  const timeDeltas = [200, 200, 200, 200, 200, gapMs * 1000, 200];
  return { nodes, samples, timeDeltas, startTime: 0, endTime: 0 } as unknown as CpuProfile;
}

describe('summarizeProfile', () => {
  it('counts a gap between two samples as unsampled, not as the work of the sample after it', () => {
    const summary = summarizeProfile(profile(197), {});
    const tick = summary.byFunction.find((line) => line.name.startsWith('tick'));
    expect(tick?.selfMs).toBe(UNSAMPLED_PAST_MS);
    expect(summary.gapMs).toBeCloseTo(197 - UNSAMPLED_PAST_MS);
    expect(summary.totalMs - summary.idleMs).toBeCloseTo(1 + UNSAMPLED_PAST_MS);
  });

  it('keeps every sample within the sampling rhythm as it is', () => {
    const summary = summarizeProfile(profile(0.2), {});
    expect(summary.gapMs).toBe(0);
    expect(summary.byFunction.find((line) => line.name.startsWith('work'))?.selfMs).toBeCloseTo(1);
  });
});
