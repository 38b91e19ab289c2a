import { describe, expect, it } from 'vitest';
import { tapExchanges } from '../../../lib/mcp/exchangeTap';
import { type ProtocolRecord, protocolRecorder, QUIET_MS } from '../../../lib/mcp/protocolLog';

const settled = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS + 50));

describe('protocolRecorder', () => {
  it('records a response without a body as its exchange alone, and a JSON body as one message in', async () => {
    const records: ProtocolRecord[] = [];
    const responses = [new Response(null, { status: 205 }), Response.json({ jsonrpc: '2.0', id: 1, result: {} })];
    const fetch = tapExchanges(async () => responses.shift()!, [protocolRecorder((record) => records.push(record))]);
    await (await fetch('http://127.0.0.1/mcp', { method: 'GET' })).text();
    await (await fetch('http://127.0.0.1/mcp', { method: 'GET' })).text();
    await settled();
    expect(
      records.map((record) => (record.kind === 'http' ? `http ${record.status}` : `${record.direction} ${JSON.stringify(record.message)}`)),
    ).toEqual(['http 205', 'http 200', 'in {"jsonrpc":"2.0","id":1,"result":{}}']);
  });
});
