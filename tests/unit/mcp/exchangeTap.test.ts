import { describe, expect, it, vi } from 'vitest';
import { type BodyWatch, type Tap, tapExchanges } from '../../../lib/mcp/exchangeTap';

const encoder = new TextEncoder();

/** A fetch answering the chunks given (as bytes, each enqueued as it is), with `type`; `ended` once the last was read. */
function serving(chunks: string[], type = 'text/event-stream') {
  const read = { ended: false };
  const fetch = vi.fn(async () => {
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at < chunks.length) controller.enqueue(encoder.encode(chunks[at++]));
        else {
          read.ended = true;
          controller.close();
        }
      },
    });
    return new Response(body, { headers: { 'content-type': type } });
  });
  return { fetch, read };
}

/** Every chunk of the body as the consumer gets it. */
async function chunksOf(response: Response): Promise<string[]> {
  const decoder = new TextDecoder();
  const out: string[] = [];
  for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) out.push(decoder.decode(chunk));
  return out;
}

const watching =
  (body: BodyWatch): Tap =>
  () => ({ response: () => body });

describe('tapExchanges', () => {
  it('passes an SSE chunk that ends on an event’s end as it came, and writes back only around what was taken out', async () => {
    const chunks = [
      'id: 1\nevent: message\ndata:{"a":1}\n\n',
      ': ping\n\n',
      'data: {"drop":1}\n\ndata: {"b":2}\n\n',
      'data: {"c"',
      ':3}\n\n',
      'data: {"d":4}\n\n',
    ];
    const { fetch } = serving(chunks);
    const tapped = tapExchanges(fetch, [watching({ admit: (event) => !event.data.includes('drop') })]);
    expect(await chunksOf(await tapped('http://127.0.0.1/mcp', {}))).toEqual([
      'id: 1\nevent: message\ndata:{"a":1}\n\n',
      ': ping\n\n',
      'data: {"b":2}\n\n',
      'data: {"c":3}\n\n',
      'data: {"d":4}\n\n',
    ]);
  });

  it('tells later watchers nothing of an event an earlier one took out', async () => {
    const { fetch } = serving(['data: 1\n\ndata: 2\n\n']);
    const second: string[] = [];
    const tapped = tapExchanges(fetch, [
      watching({ admit: (event) => event.data !== '1' }),
      watching({ event: (event) => void second.push(event.data) }),
    ]);
    expect(await (await tapped('http://127.0.0.1/mcp', {})).text()).toBe('data: 2\n\n');
    expect(second).toEqual(['2']);
  });

  it('reads a body to its end though nobody reads it, and tells its watchers how it ended', async () => {
    const { fetch, read } = serving(['{"jsonrpc":"2.0",', '"id":1,"result":{}}'], 'application/json');
    const chunks: string[] = [];
    const end = vi.fn();
    const tapped = tapExchanges(fetch, [watching({ chunk: (bytes) => void chunks.push(new TextDecoder().decode(bytes)), end })]);
    const response = await tapped('http://127.0.0.1/mcp', {});
    await vi.waitFor(() => expect(end).toHaveBeenCalledWith(true));
    expect(read.ended).toBe(true);
    expect(chunks.join('')).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('tells a cancelled body’s watchers it did not end', async () => {
    const source = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const end = vi.fn();
    const tapped = tapExchanges(async () => new Response(source, { headers: { 'content-type': 'text/event-stream' } }), [watching({ end })]);
    await (await tapped('http://127.0.0.1/mcp', {})).body!.cancel();
    expect(end).toHaveBeenCalledWith(false);
  });

  it('sends nothing when a watcher refuses the request, and tells those before it', async () => {
    const { fetch } = serving([]);
    const failed = vi.fn();
    const refusal = new Error('aborted while waiting');
    const tapped = tapExchanges(fetch, [
      () => ({ failed }),
      () => {
        throw refusal;
      },
    ]);
    await expect(tapped('http://127.0.0.1/mcp', {})).rejects.toBe(refusal);
    expect(fetch).not.toHaveBeenCalled();
    expect(failed).toHaveBeenCalledWith(refusal);
  });

  it('leaves a response nobody watches as it came', async () => {
    const response = new Response('{}');
    expect(await tapExchanges(async () => response, [() => ({})])('http://127.0.0.1/mcp', {})).toBe(response);
  });
});
