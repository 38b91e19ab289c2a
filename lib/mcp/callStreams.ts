/**
 * Which 2025-11-25 server requests came with a call that has since ended. A server sends
 * `elicitation/create` for a call on that call's own POST response stream (spec transports:
 * such requests SHOULD relate to the originating request), and once the call's response is on
 * that stream the server reads no answer any more. Most servers cancel what they no longer
 * wait for (`notifications/cancelled`); some do not (mcp-lite times its elicitation out, then
 * fails the call), which left a Request in the inbox whose answer nobody would read.
 *
 * The SDK does not say which stream a message came on, so this watches each POST's SSE
 * stream beside it (a tee: the SDK reads the same bytes) and reports the server requests it
 * carried once the stream ended with its call over.
 */
import { createParser } from 'eventsource-parser';
import type { FetchLike as Fetch } from '@modelcontextprotocol/client';
import { isRpcId, parseRecord, type RpcId } from '../json';

/** Events larger than this are not parsed (a big result, not a question); they count as the call's response. */
const MAX_PARSED = 1_000_000;

/** The JSON-RPC id of the one request a POST carries (the SDK sends one message per POST). */
function requestId(body: unknown): RpcId | undefined {
  const message = typeof body === 'string' ? parseRecord(body) : undefined;
  return typeof message?.method === 'string' && isRpcId(message.id) ? message.id : undefined;
}

export function watchCallStreams(fetch: Fetch, onCallEnded: (requests: RpcId[]) => void): Fetch {
  return async (url, init) => {
    const response = await fetch(url, init);
    const sse = response.headers.get('content-type')?.toLowerCase().startsWith('text/event-stream');
    if (init?.method !== 'POST' || !sse || !response.body) return response;
    const call = requestId(init.body);
    if (call === undefined) return response;
    const requests: RpcId[] = [];
    let answered = false;
    const parser = createParser({
      onEvent(event) {
        if (answered || (event.event && event.event !== 'message')) return;
        if (event.data.length > MAX_PARSED) {
          answered = true;
          return;
        }
        // What is not a message the SDK reports; here it only means no request to watch.
        const message = parseRecord(event.data);
        if (!message || !isRpcId(message.id)) return;
        if (typeof message.method === 'string') requests.push(message.id);
        else if (message.id === call && ('result' in message || 'error' in message)) answered = true;
      },
    });
    const decoder = new TextDecoder();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          if (!answered) parser.feed(decoder.decode(chunk, { stream: true }));
        },
        flush() {
          // A stream that ends without the call's response is a lost connection or one the SDK
          // resumes: the connection's own checks speak for those.
          if (requests.length > 0 && answered) onCallEnded(requests);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
