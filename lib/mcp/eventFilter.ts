/**
 * A `fetch` wrapper that takes events out of a server's SSE streams before anything else reads
 * them: the SDK's own parsing and schema check (~50 µs a message, and the garbage of it), the
 * protocol log and the call-stream watch. Only what `keep` refuses is taken out; the rest goes
 * on as it came, with its event name, id and data, and the stream's retry and comments.
 *
 * An event taken out is gone with its id too: if the stream is later resumed, the server may
 * send it again from the last id the client saw, and it is judged again.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FetchLike as Fetch } from '@modelcontextprotocol/client';

/** The event, written back as the server sent it (each line of its data a `data:` line). */
function written({ event, id, data }: EventSourceMessage): string {
  let text = '';
  if (event) text += `event: ${event}\n`;
  if (id !== undefined) text += `id: ${id}\n`;
  for (const line of data.split('\n')) text += `data: ${line}\n`;
  return `${text}\n`;
}

/** Every SSE response `fetch` gives keeps only the events whose data `keep` accepts. */
export function filterEventStreams(fetch: Fetch, keep: (data: string) => boolean): Fetch {
  return async (url, init) => {
    const response = await fetch(url, init);
    const type = response.headers.get('content-type')?.toLowerCase() ?? '';
    if (!response.body || !type.startsWith('text/event-stream')) return response;
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();
    let out = '';
    const parser = createParser({
      onEvent: (event) => {
        if (keep(event.data)) out += written(event);
      },
      onRetry: (retry) => void (out += `retry: ${retry}\n\n`),
      onComment: (comment) => void (out += `: ${comment}\n\n`),
    });
    const pass = (controller: TransformStreamDefaultController<Uint8Array>) => {
      if (!out) return;
      controller.enqueue(encoder.encode(out));
      out = '';
    };
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          pass(controller);
        },
        flush(controller) {
          parser.feed(decoder.decode());
          pass(controller);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
