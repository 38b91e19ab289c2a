import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { callStreamWatch } from '../../../lib/mcp/callStreams';
import { tapExchanges } from '../../../lib/mcp/exchangeTap';

const watchCallStreams = (fetch: FetchLike, onCallEnded: Parameters<typeof callStreamWatch>[0]) =>
  tapExchanges(fetch, [callStreamWatch(onCallEnded)]);

const sse = (...events: string[]) => events.map((event) => `${event}\n\n`).join('');
const message = (value: unknown, id?: string) => `${id ? `id: ${id}\n` : ''}event: message\ndata: ${JSON.stringify(value)}`;
const ask = (id: string | number) => message({ jsonrpc: '2.0', id, method: 'elicitation/create', params: {} });
const result = message({ jsonrpc: '2.0', id: 1, result: { content: [] } });

/** A fetch whose POST answers `body` as an SSE stream, in chunks of `size` bytes. */
function serving(body: string, { size = 7, type = 'text/event-stream' } = {}) {
  return async () => {
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': type } });
  };
}

async function post(fetch: ReturnType<typeof watchCallStreams>) {
  const response = await fetch('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call' }) });
  return response.text();
}

describe('callStreamWatch', () => {
  it('passes the stream through unchanged, and reports the requests of a call whose response came', async () => {
    const body = sse(ask('e1'), ask(7), result);
    const ended = vi.fn();
    expect(await post(watchCallStreams(serving(body), ended))).toBe(body);
    expect(ended).toHaveBeenCalledWith(['e1', 7]);
  });

  it('counts only the response to its own request', async () => {
    const ended = vi.fn();
    const other = message({ jsonrpc: '2.0', id: 99, result: {} });
    await post(watchCallStreams(serving(sse(message({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create' }, 'ev-1'), other)), ended));
    expect(ended).not.toHaveBeenCalled();
  });

  it('reports nothing for a stream that carried no request, or that is not SSE', async () => {
    const ended = vi.fn();
    await post(watchCallStreams(serving(sse(result)), ended));
    await post(watchCallStreams(serving(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }), { type: 'application/json' }), ended));
    expect(ended).not.toHaveBeenCalled();
  });

  it('leaves the requests of a stream that ended without its response: a lost connection, or one the SDK resumes', async () => {
    const ended = vi.fn();
    await post(watchCallStreams(serving(sse(message({ jsonrpc: '2.0', id: 'e1', method: 'elicitation/create' }, 'ev-1'))), ended));
    await post(watchCallStreams(serving(sse(ask('e2'))), ended));
    expect(ended).not.toHaveBeenCalled();
  });

  it('takes an event too big to parse for the response, and ignores notifications and unreadable data', async () => {
    const ended = vi.fn();
    const big = message({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(1_100_000) }] } });
    const notification = message({ jsonrpc: '2.0', method: 'notifications/progress', params: {} });
    await post(watchCallStreams(serving(sse(ask('e1'), notification, 'data: {not json', big, ask('late')), { size: 65_536 }), ended));
    expect(ended).toHaveBeenCalledWith(['e1']);
  });

  it('does not touch GET streams', async () => {
    const ended = vi.fn();
    const fetch = watchCallStreams(serving(sse(ask('e1'), result)), ended);
    await (await fetch('http://127.0.0.1/mcp', { method: 'GET' })).text();
    expect(ended).not.toHaveBeenCalled();
  });
});
