import { describe, expect, it } from 'vitest';
import { readRpcMessage, rpcMessage } from '../../../lib/mcp/jsonRpc';

describe('reading a JSON-RPC message', () => {
  it('tells a request, a notification and a response (a result or an error) apart, with their ids, methods and params', () => {
    expect(rpcMessage({ jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { message: 'Where?' } })).toEqual({
      kind: 'request',
      id: 7,
      method: 'elicitation/create',
      params: { message: 'Where?' },
    });
    expect(rpcMessage({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'a' } })).toEqual({
      kind: 'notification',
      method: 'notifications/cancelled',
      params: { requestId: 'a' },
    });
    expect(rpcMessage({ jsonrpc: '2.0', id: 'a', result: {} })).toEqual({ kind: 'response', id: 'a', failed: false });
    expect(readRpcMessage('{"jsonrpc":"2.0","id":0,"error":{"code":-32603,"message":"no"}}')).toEqual({ kind: 'response', id: 0, failed: true });
  });

  it('reads nothing from what is not one message: not JSON, a batch, a scalar, ids of another type, neither method nor result', () => {
    for (const text of ['{', '[{"jsonrpc":"2.0","id":1,"result":{}}]', '42', '"x"', 'null']) expect(readRpcMessage(text), text).toBeUndefined();
    for (const value of [
      { id: null, method: 'x' },
      { id: { a: 1 }, method: 'x' },
      { id: [1], result: {} },
      { id: null, error: {} },
      { id: 1 },
      { method: 7, id: 1 },
    ])
      expect(rpcMessage(value), JSON.stringify(value)).toBeUndefined();
    // Params that are not an object are not handed on as params.
    expect(rpcMessage({ id: 1, method: 'x', params: [1] })).toEqual({ kind: 'request', id: 1, method: 'x' });
  });
});
