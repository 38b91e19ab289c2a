import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../lib/auth/trace';
import { MAX_RECORD_CHARS, PROTOCOL_LOG_LENGTH, ProtocolRecords, SIGN_IN_ATTEMPTS } from '../../../lib/hub/protocolRecords';
import type { ProtocolRecord } from '../../../lib/mcp/protocolLog';

const message = (exchange: number, text = 'hi'): ProtocolRecord => ({ kind: 'message', exchange, at: 0, direction: 'out', message: { text } });

describe('each server’s protocol records', () => {
  it('are recorded while recording is on, per server, the newest kept, each message cut', () => {
    let on = true;
    const records = new ProtocolRecords(() => on);
    const record = records.recorder()!;
    for (let exchange = 0; exchange <= PROTOCOL_LOG_LENGTH; exchange += 1) record('s1', message(exchange));
    record('s2', message(0, 'x'.repeat(MAX_RECORD_CHARS + 1)));
    expect(records.list('s1')).toHaveLength(PROTOCOL_LOG_LENGTH);
    expect(records.list('s1')[0]).toMatchObject({ exchange: 1 });
    expect(records.list('s2')[0]).toMatchObject({ message: { cut: expect.stringContaining('characters') } });
    on = false;
    expect(records.recorder()).toBeUndefined();
    records.clear('s1');
    expect(records.list('s1')).toEqual([]);
  });
});

describe('a removed server', () => {
  it('has nothing recorded for it once the hub no longer holds it, neither what its connection sent last nor a sign-in’s attempt', () => {
    const held = new Set(['s1']);
    const records = new ProtocolRecords(
      () => true,
      (serverId) => held.has(serverId),
    );
    const record = records.recorder()!;
    const keep = records.keeper('s1')!;
    record('s1', message(1));
    held.delete('s1');
    records.clear('s1');
    // Its session's DELETE, recorded a moment after it was removed, and a sign-in still under way.
    record('s1', message(2));
    keep(new TraceRecorder('late').attempt);
    expect(records.list('s1')).toEqual([]);
    expect(records.signInTrace('s1')).toEqual([]);
  });
});

describe('each server’s sign-in trace', () => {
  it('keeps the newest attempts per server as they grow, and goes with the protocol log: recorded while it is, cleared with it', () => {
    let on = true;
    const records = new ProtocolRecords(() => on);
    const keep = records.keeper('s1')!;
    const attempts = Array.from({ length: SIGN_IN_ATTEMPTS + 1 }, (_, index) => new TraceRecorder(`attempt ${index}`));
    for (const attempt of attempts) keep(attempt.attempt);
    // An attempt is kept as it starts and shown as it has grown since.
    attempts.at(-1)!.step('consent', 'running', 'Asked you');
    const trace = records.signInTrace('s1');
    expect(trace).toHaveLength(SIGN_IN_ATTEMPTS);
    expect(trace[0]!.reason).toBe('attempt 1');
    expect(trace.at(-1)!.steps.map((step) => step.kind)).toEqual(['consent']);
    expect(records.signInTrace('s2')).toEqual([]);
    records.add('s1', message(1));
    records.clear('s1');
    expect(records.signInTrace('s1')).toEqual([]);
    on = false;
    expect(records.keeper('s1')).toBeUndefined();
  });
});
