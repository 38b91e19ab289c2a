/**
 * One layer over every HTTP exchange of a connection, for all that watches it: the open-request
 * limit (connectionLimit), the server's event budget (eventFilter), the protocol log's recorder
 * (protocolLog) and the watch on each call's stream (callStreams). Each of them used to wrap
 * `fetch` on its own and put a stream and a new `Response` around every body, three of them
 * parsing its SSE again: four layers for each chunk to pass, on every tools/call and every
 * question a server asks (bench/findings.md, stop 35). Here a body is read once, as it arrives,
 * its SSE parsed once, and each watcher is told what it watches, in the order given.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FetchLike as Fetch } from '@modelcontextprotocol/client';

/** What a watcher is told of one response's body. */
export interface BodyWatch {
  /** Whether an SSE event goes on: one refused is taken out of the stream, and no watcher after this one hears of it. */
  admit?(event: EventSourceMessage): boolean;
  /** An SSE event that went on this far. */
  event?(event: EventSourceMessage): void;
  /** A body that is not SSE, chunk by chunk as it came. */
  chunk?(bytes: Uint8Array): void;
  /** The body was read to its end (`complete`), or it failed or its reader cancelled it. */
  end?(complete: boolean): void;
}

/** What a watcher does with one exchange, once the request is on its way. */
export interface ExchangeWatch {
  /** The response's head: a watch of its body, or nothing to watch there. */
  response?(response: Response, sse: boolean): BodyWatch | undefined;
  /** The request failed (or an earlier watcher refused it) before there was a response. */
  failed?(error: unknown): void;
}

/** One concern over a connection's exchanges: told of each request before it goes, and may make it wait (or refuse it by throwing). */
export type Tap = (url: string | URL, init: RequestInit | undefined) => ExchangeWatch | Promise<ExchangeWatch>;

/** The event, written back as the server sent it (each line of its data a `data:` line). */
function written({ event, id, data }: EventSourceMessage): string {
  let text = '';
  if (event) text += `event: ${event}\n`;
  if (id !== undefined) text += `id: ${id}\n`;
  for (const line of data.split('\n')) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * The body, read as it arrives rather than as its consumer asks (the SDK stops reading an SSE
 * response once it has its result; the open-request limit needs to know when the server ended
 * it), each watcher told of it. An SSE chunk that ends on an event's end, with nothing before it
 * taken out, goes on as it came; otherwise what remains is written back.
 */
function readOnce(source: ReadableStream<Uint8Array>, watches: BodyWatch[], sse: boolean): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let ended = false;
  const end = (complete: boolean) => {
    if (ended) return;
    ended = true;
    for (const watch of watches) watch.end?.(complete);
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  /** What went on since the last chunk passed: events, and retry and comment lines as written. */
  let kept: Array<EventSourceMessage | string> = [];
  /** Whether what went on so far ended on an event's end, with nothing taken out since. */
  let whole = true;
  const parser = createParser({
    onEvent: (event) => {
      for (const watch of watches) {
        if (watch.admit && !watch.admit(event)) {
          whole = false;
          return;
        }
        watch.event?.(event);
      }
      kept.push(event);
    },
    onRetry: (retry) => void kept.push(`retry: ${retry}\n\n`),
    onComment: (comment) => void kept.push(`: ${comment}\n\n`),
  });
  const passSse = (controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array | undefined) => {
    const text = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    const before = whole;
    parser.feed(text);
    const atEnd = text.endsWith('\n\n');
    // Written back only when the chunk as it came will not do.
    if (chunk && before && whole && atEnd) controller.enqueue(chunk);
    else if (kept.length > 0) controller.enqueue(encoder.encode(kept.map((item) => (typeof item === 'string' ? item : written(item))).join('')));
    kept = [];
    whole = atEnd;
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (sse) passSse(controller, value);
          else {
            for (const watch of watches) watch.chunk?.(value);
            controller.enqueue(value);
          }
        }
        if (sse) passSse(controller, undefined);
        controller.close();
        end(true);
      } catch (error) {
        controller.error(error);
        end(false);
      }
    },
    cancel(reason) {
      end(false);
      return reader.cancel(reason);
    },
  });
}

const isSse = (response: Response) => response.headers.get('content-type')?.toLowerCase().startsWith('text/event-stream') ?? false;

/** `fetch`, with each exchange shown to `taps` in order and each response's body read once for all of them. */
export function tapExchanges(fetch: Fetch, taps: Tap[]): Fetch {
  return async (url, init) => {
    const watches: ExchangeWatch[] = [];
    const fail = (error: unknown) => {
      for (const watch of watches) watch.failed?.(error);
      return error;
    };
    let response: Response;
    try {
      for (const tap of taps) watches.push(await tap(url, init));
      response = await fetch(url, init);
    } catch (error) {
      throw fail(error);
    }
    const sse = isSse(response);
    const bodies = watches.flatMap((watch) => watch.response?.(response, sse) ?? []);
    if (bodies.length === 0) return response;
    if (!response.body) {
      for (const body of bodies) body.end?.(true);
      return response;
    }
    const body = readOnce(response.body, bodies, sse);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
