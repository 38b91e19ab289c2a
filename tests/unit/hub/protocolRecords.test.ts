import { describe, expect, it } from 'vitest';
import { MAX_RECORD_CHARS, PROTOCOL_LOG_LENGTH, ProtocolRecords } from '../../../lib/hub/protocolRecords';
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
