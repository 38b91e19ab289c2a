import { describe, expect, it } from 'vitest';
import { TraceRecorder } from '../../../lib/auth/trace';
import {
  ALL_PROTOCOL_LOGS_CHARS,
  MAX_RECORD_CHARS,
  PROTOCOL_LOG_CHARS,
  PROTOCOL_LOG_LENGTH,
  ProtocolRecords,
  SIGN_IN_ATTEMPTS,
} from '../../../lib/hub/protocolRecords';
import type { ProtocolLogEntry, ProtocolRecord } from '../../../lib/mcp/protocolLog';

const message = (exchange: number, text = 'hi'): ProtocolRecord => ({ kind: 'message', exchange, at: 0, direction: 'out', message: { text } });

describe('each server’s protocol records', () => {
  it('are recorded while recording is on, per server, the newest kept, each message cut', () => {
    let on = true;
    const records = new ProtocolRecords(() => on);
    const record = records.recorder()!;
    for (let exchange = 0; exchange <= PROTOCOL_LOG_LENGTH; exchange += 1) record('s1', message(exchange));
    record('s2', message(0, 'x'.repeat(MAX_RECORD_CHARS + 1)));
    const [note, ...kept] = records.list('s1');
    expect(note).toMatchObject({ kind: 'dropped', count: 1 });
    expect(kept).toHaveLength(PROTOCOL_LOG_LENGTH);
    expect(kept[0]).toMatchObject({ exchange: 1 });
    expect(records.list('s2')[0]).toMatchObject({ message: { cut: expect.stringContaining('characters') } });
    on = false;
    expect(records.recorder()).toBeUndefined();
    records.clear('s1');
    expect(records.list('s1')).toEqual([]);
  });
});

/** A tools/call's answer as big as a server may send: cut to `MAX_RECORD_CHARS` as it is kept. */
const big = (exchange: number): ProtocolRecord => message(exchange, 'y'.repeat(20_000));
const chars = (entries: ProtocolLogEntry[]) => entries.reduce((sum, entry) => sum + JSON.stringify(entry).length, 0);

describe('the protocol log’s bounds in size', () => {
  it('keep one server’s log within its characters, oldest dropped first, and say at its head how many went and when', () => {
    const records = new ProtocolRecords();
    for (let exchange = 1; exchange <= 400; exchange += 1) records.add('s1', big(exchange));
    const [note, ...kept] = records.list('s1');
    expect(kept.length).toBeLessThan(PROTOCOL_LOG_LENGTH);
    expect(chars(kept)).toBeLessThanOrEqual(PROTOCOL_LOG_CHARS);
    expect(note).toEqual({ kind: 'dropped', at: expect.any(Number), count: 400 - kept.length });
    expect(kept[0]).toMatchObject({ exchange: 400 - kept.length + 1 });
    expect(kept.at(-1)).toMatchObject({ exchange: 400 });
    // Cleared, the log starts again with nothing dropped.
    records.clear('s1');
    records.add('s1', message(401));
    expect(records.list('s1')).toEqual([message(401)]);
  });

  it('keep all servers’ logs within theirs together: 20 busy servers share it, and a quiet one keeps its records', () => {
    const records = new ProtocolRecords();
    records.add('quiet', message(0));
    for (let exchange = 1; exchange <= 200; exchange += 1) for (let server = 0; server < 20; server += 1) records.add(`busy${server}`, big(exchange));
    expect(records.held().chars).toBeLessThanOrEqual(ALL_PROTOCOL_LOGS_CHARS);
    const all = ['quiet', ...Array.from({ length: 20 }, (_, server) => `busy${server}`)].map((serverId) => records.list(serverId));
    expect(chars(all.flat())).toBeLessThanOrEqual(ALL_PROTOCOL_LOGS_CHARS);
    expect(records.list('quiet')).toEqual([message(0)]);
    // Each busy server keeps a share, its newest, and says what it lost.
    for (const [note, ...kept] of all.slice(1)) {
      expect(note).toMatchObject({ kind: 'dropped', count: 200 - kept.length });
      expect(kept.length).toBeGreaterThan(10);
      expect(kept.at(-1)).toMatchObject({ exchange: 200 });
    }
    for (let server = 0; server < 20; server += 1) records.clear(`busy${server}`);
    expect(records.held()).toEqual({ records: 1, chars: expect.any(Number) });
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
