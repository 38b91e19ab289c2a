import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { type EventJudge, type EventStream, eventFilter } from '../../../lib/mcp/eventFilter';
import { tapExchanges } from '../../../lib/mcp/exchangeTap';

/** `fetch` with only the event filter on it, replies going by the same `fetch`. */
const filterEventStreams = (fetch: FetchLike, judge: EventJudge) => tapExchanges(fetch, [eventFilter(fetch, judge)]);

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

describe('eventFilter', () => {
  it('takes out only the events refused, however the stream is cut, and keeps names, ids, multi-line data, retry and comments', async () => {
    const stream = 'retry: 500\n\n: keep-alive\n\nevent: message\nid: 1\ndata: {"keep":1}\n\nid: 2\ndata: {"drop":2}\n\ndata: {"keep":\ndata: 3}\n\n';
    // Cut in every place, one character at a time.
    const fetch = filterEventStreams(serving([...stream]), { admit: (data) => !data.includes('drop') });
    const text = await (await fetch('http://127.0.0.1/mcp', {})).text();
    expect(text).toBe('retry: 500\n\n: keep-alive\n\nevent: message\nid: 1\ndata: {"keep":1}\n\ndata: {"keep":\ndata: 3}\n\n');
  });

  it('leaves any other response as it came', async () => {
    const fetch = filterEventStreams(serving(['{"drop":1}'], 'application/json'), { admit: () => false });
    expect(await (await fetch('http://127.0.0.1/mcp', {})).text()).toBe('{"drop":1}');
  });
});

describe('eventFilter replies', () => {
  it('answers an event where it came from: a POST of JSON to the stream’s URL with its session and authorization, one at a time', async () => {
    const posts: Array<{ url: string; headers: Headers; body: unknown }> = [];
    let open = 0;
    let most = 0;
    const events = [1, 2, 3].map((id) => `data: {"ask":${id}}\n\n`).join('');
    const base = async (url: string | URL, init?: RequestInit) => {
      if (init?.method !== 'POST' || typeof init.body !== 'string' || !init.body.includes('error')) return serving([events])();
      open += 1;
      most = Math.max(most, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      posts.push({ url: String(url), headers: new Headers(init.headers), body: JSON.parse(init.body) });
      open -= 1;
      return new Response(null, { status: 202 });
    };
    const sent: string[] = [];
    const fetch = filterEventStreams(base, {
      admit: (data, stream) => {
        stream.reply({ jsonrpc: '2.0', id: JSON.parse(data).ask, error: { code: -32603, message: 'no' } });
        return false;
      },
      sent: (body, session) => void sent.push(`${session}:${body}`),
    });
    const headers = { 'mcp-session-id': 'abc', authorization: 'Bearer t', 'last-event-id': '7', accept: 'text/event-stream' };
    expect(await (await fetch('http://127.0.0.1/mcp', { method: 'POST', headers, body: '{"call":1}' })).text()).toBe('');
    await vi.waitFor(() => expect(posts).toHaveLength(3));
    expect(most).toBe(1);
    expect(posts.map((post) => post.body)).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'no' } })));
    const [first] = posts;
    expect(first!.url).toBe('http://127.0.0.1/mcp');
    expect(Object.fromEntries(first!.headers)).toEqual({
      'mcp-session-id': 'abc',
      authorization: 'Bearer t',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    expect(sent).toEqual(['abc:{"call":1}']);
  });

  it('answers on the old transport’s endpoint, only when that is on the stream’s own origin', async () => {
    const urls: string[] = [];
    const stream = (endpoint: string) => async (url: string | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        urls.push(String(url));
        return new Response(null, { status: 202 });
      }
      return serving([`event: endpoint\ndata: ${endpoint}\n\ndata: {"ask":1}\n\n`])();
    };
    const judge = {
      admit: (data: string, on: EventStream) => {
        if (!data.startsWith('{')) return true;
        on.reply({ id: 1 });
        return false;
      },
    };
    await (await filterEventStreams(stream('/messages?session=1'), judge)('http://127.0.0.1:9/sse', {})).text();
    await (await filterEventStreams(stream('http://evil.example/steal'), judge)('http://127.0.0.1:9/sse', {})).text();
    await vi.waitFor(() => expect(urls).toHaveLength(2));
    expect(urls).toEqual(['http://127.0.0.1:9/messages?session=1', 'http://127.0.0.1:9/sse']);
  });
});
