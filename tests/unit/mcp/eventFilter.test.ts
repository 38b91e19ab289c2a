import { describe, expect, it } from 'vitest';
import { filterEventStreams } from '../../../lib/mcp/eventFilter';

/** A fetch answering `body` in the given chunks, with `type`. */
const serving =
  (chunks: string[], type = 'text/event-stream') =>
  async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': type } });
  };

describe('filterEventStreams', () => {
  it('takes out only the events refused, however the stream is cut, and keeps names, ids, multi-line data, retry and comments', async () => {
    const stream = 'retry: 500\n\n: keep-alive\n\nevent: message\nid: 1\ndata: {"keep":1}\n\nid: 2\ndata: {"drop":2}\n\ndata: {"keep":\ndata: 3}\n\n';
    // Cut in every place, one character at a time.
    const fetch = filterEventStreams(serving([...stream]), (data) => !data.includes('drop'));
    const text = await (await fetch('http://127.0.0.1/mcp', {})).text();
    expect(text).toBe('retry: 500\n\n: keep-alive\n\nevent: message\nid: 1\ndata: {"keep":1}\n\ndata: {"keep":\ndata: 3}\n\n');
  });

  it('leaves any other response as it came', async () => {
    const fetch = filterEventStreams(serving(['{"drop":1}'], 'application/json'), () => false);
    expect(await (await fetch('http://127.0.0.1/mcp', {})).text()).toBe('{"drop":1}');
  });
});
