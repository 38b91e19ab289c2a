/**
 * Takes events out of a server's SSE streams before anything else reads them: the SDK's own
 * parsing and schema check (~50 µs a message, and the garbage of it), the protocol log and the
 * call-stream watch (the first watcher of lib/mcp/exchangeTap.ts, so the others never hear of
 * what it took out). Only what `admit` refuses is taken out; the rest goes on as it came, with
 * its event name, id and data, and the stream's retry and comments. A request taken out can be
 * answered from here (`EventStream.reply`), as the client's transport would answer it, without
 * the SDK ever reading it.
 *
 * An event taken out is gone with its id too: if the stream is later resumed, the server may
 * send it again from the last id the client saw, and it is judged again.
 */
import type { FetchLike as Fetch } from '@modelcontextprotocol/client';
import type { Tap } from './exchangeTap';

/** Where an event came from, and how to answer it there. */
export interface EventStream {
  /** The server's session the stream belongs to (`mcp-session-id`), '' without one: request ids are the session's own. */
  session: string;
  /** POSTs `message` (a JSON-RPC response) to the server as the client's transport would, in turn with the others this wrapper sends. */
  reply(message: object): void;
}

/** What judges a server's events, and hears what the client sends it. */
export interface EventJudge {
  /** Whether an SSE event's data goes on to the client. */
  admit(data: string, stream: EventStream): boolean;
  /** A message body the client POSTs, in the session named. */
  sent?(body: string, session: string): void;
}

/**
 * How many replies from here are in flight at once, per connection. A flood's refusals (one
 * POST each) then go out one after another instead of hundreds of fetches started at once
 * (~1.6 ms of the worker's time each in Chromium, and the network's and the server's): another
 * server's form then showed 0.4–0.46 s after its Run during 500 questions, 0.75–0.9 s with 3 in
 * flight (tests/e2e/server-flood.test.ts, load 4–6).
 */
const REPLIES_IN_FLIGHT = 1;

/** Sends replies `REPLIES_IN_FLIGHT` at a time; a reply that fails is gone (the server's request times out at its end). */
function replies(fetch: Fetch) {
  const queue: Array<() => Promise<unknown>> = [];
  let inFlight = 0;
  const next = () => {
    while (inFlight < REPLIES_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void queue.shift()!()
        .catch(() => {})
        .finally(() => {
          inFlight -= 1;
          next();
        });
    }
  };
  /** A reply on the stream opened by `url` and `init`: its session, authorization and protocol version, as a POST of JSON. */
  return (url: string | URL, init: RequestInit | undefined, endpoint: () => string | undefined) => (message: object) => {
    queue.push(async () => {
      const headers = new Headers(init?.headers);
      for (const name of ['last-event-id', 'mcp-method', 'mcp-name']) headers.delete(name);
      headers.set('content-type', 'application/json');
      headers.set('accept', 'application/json, text/event-stream');
      const response = await fetch(endpoint() ?? url, { method: 'POST', headers, body: JSON.stringify(message) });
      await response.body?.cancel();
    });
    next();
  };
}

/** The old transport's endpoint, only on the stream's own origin (as the SDK holds it). */
function sameOrigin(endpoint: string, url: string | URL): string | undefined {
  try {
    const resolved = new URL(endpoint, url);
    return resolved.origin === new URL(url).origin ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/** Every SSE response keeps only the events `judge` admits (replies to those it refuses go by `fetch`); what the client POSTs is told to `judge.sent`. */
export function eventFilter(fetch: Fetch, judge: EventJudge): Tap {
  const reply = replies(fetch);
  return (url, init) => {
    const session = new Headers(init?.headers).get('mcp-session-id') ?? '';
    if (judge.sent && typeof init?.body === 'string') judge.sent(init.body, session);
    return {
      response: (_response, sse) => {
        if (!sse) return;
        // HTTP+SSE (2024-11-05): answers go to the endpoint the stream named, not to the stream's URL.
        let endpoint: string | undefined;
        const stream: EventStream = { session, reply: reply(url, init, () => endpoint) };
        return {
          admit(event) {
            if (event.event === 'endpoint') endpoint = sameOrigin(event.data, url);
            return judge.admit(event.data, stream);
          },
        };
      },
    };
  };
}
