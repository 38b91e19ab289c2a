import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { openRequestLimit } from '../../../lib/mcp/connectionLimit';
import { tapExchanges } from '../../../lib/mcp/exchangeTap';

const limitOpenRequests = (fetch: FetchLike) => tapExchanges(fetch, [openRequestLimit()]);

/** A fetch whose responses end when the test says, counting how many are outstanding at once. */
function heldFetch() {
  let open = 0;
  let most = 0;
  const pending: Array<() => void> = [];
  const fetchLike = async () => {
    open += 1;
    most = Math.max(most, open);
    await new Promise<void>((resolve) => pending.push(resolve));
    open -= 1;
    return new Response(null, { status: 202 });
  };
  const settle = async () => {
    while (pending.length > 0) {
      for (const resolve of pending.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { fetchLike, settle, most: () => most };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
let origin = 0;

describe('openRequestLimit', () => {
  it('queues a flood of answers (error replies to refused elicitations): at most 32 outstanding per origin, all delivered', async () => {
    const held = heldFetch();
    const fetchLimited = limitOpenRequests(held.fetchLike);
    const url = `http://127.0.0.1:${9000 + (origin += 1)}/mcp`;
    const answers = Array.from({ length: 500 }, (_, id) => fetchLimited(url, post({ jsonrpc: '2.0', id, error: { code: -32603, message: 'no' } })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await held.settle();
    const responses = await Promise.all(answers);
    expect(responses.every((response) => response.status === 202)).toBe(true);
    expect(held.most()).toBe(32);
  });

  it('keeps requests that may stay open to 4 per origin, and never counts a connection’s own stream', async () => {
    const held = heldFetch();
    const fetchLimited = limitOpenRequests(held.fetchLike);
    const url = `http://127.0.0.1:${9000 + (origin += 1)}/mcp`;
    const calls = Array.from({ length: 10 }, (_, id) => fetchLimited(url, post({ jsonrpc: '2.0', id, method: 'tools/call', params: {} })));
    const streams = [fetchLimited(url, { method: 'GET' }), fetchLimited(url, post({ jsonrpc: '2.0', id: 99, method: 'subscriptions/listen' }))];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(held.most()).toBe(6);
    await held.settle();
    await Promise.all([...calls, ...streams]);
    expect(held.most()).toBe(6);
  });
});
