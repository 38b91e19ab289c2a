/**
 * Browsers open at most 6 HTTP/1.1 connections per origin. A 2025-11-25 call that waits
 * on the person holds one (its SSE response stays open), the session's GET stream holds
 * another: with five calls waiting, the person's answer — itself a POST — finds no
 * connection and everything stalls until the calls time out. So JSON-RPC requests (which
 * may stay open) share four slots per origin; with the GET stream that leaves a connection
 * for answers and notifications, which never wait. A connection's own stream (the 2025
 * GET, the 2026 `subscriptions/listen`) is not counted: each connection holds one for its
 * whole life, and counting them would let idle connections starve every request.
 */
import type { Tap } from './exchangeTap';

interface Slots {
  active: number;
  waiting: Array<() => void>;
}

const byOrigin = new Map<string, Slots>();

/**
 * `request`: a JSON-RPC request, whose response may stay open until it is answered;
 * `stream`: a connection's own stream (a GET, `subscriptions/listen`); `answer`: the rest
 * (responses and notifications), which never wait.
 */
function kindOf(init: RequestInit | undefined): 'request' | 'stream' | 'answer' {
  if (typeof init?.body !== 'string') return 'stream';
  try {
    const message: unknown = JSON.parse(init.body);
    const messages = (Array.isArray(message) ? message : [message]).filter((item): item is object => typeof item === 'object' && item !== null);
    if (messages.some((item) => 'method' in item && item.method === 'subscriptions/listen')) return 'stream';
    return messages.some((item) => 'id' in item && 'method' in item) ? 'request' : 'answer';
  } catch {
    return 'answer';
  }
}

async function acquire(origin: string, max: number, signal: AbortSignal | null | undefined): Promise<() => void> {
  let slots = byOrigin.get(origin);
  if (!slots) byOrigin.set(origin, (slots = { active: 0, waiting: [] }));
  const held = slots;
  if (held.active >= max) {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        held.waiting.splice(held.waiting.indexOf(go), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      held.waiting.push(go);
    });
  }
  held.active += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.active -= 1;
    held.waiting.shift()?.();
  };
}

/**
 * Answers and notifications never wait, but a server can make thousands at once (one error
 * reply per refused elicitation of a flood): Chromium fails fetches past a few thousand
 * outstanding in one process (`ERR_INSUFFICIENT_RESOURCES`), and the SDK takes that failure
 * for a lost connection. A queue of this many per origin keeps them flowing without that.
 */
const MAX_SHORT = 32;

/**
 * Requests that may stay open limited to `max` per origin, and answers and notifications
 * queued; a slot is given back once the response's body ends, fails or is cancelled (the tap
 * reads each body as it arrives, so the server ending it frees the slot).
 */
export function openRequestLimit(max = 4): Tap {
  return async (url, init) => {
    const kind = kindOf(init);
    if (kind === 'stream') return {};
    const origin = new URL(String(url)).origin;
    const release = await acquire(kind === 'request' ? origin : `${origin} answers`, kind === 'request' ? max : MAX_SHORT, init?.signal);
    return { response: () => ({ end: release }), failed: release };
  };
}
