/**
 * A server's questions (`elicitation/create`, 2025-11-25), counted where they enter the client,
 * before the SDK parses them: each takes a place in the person's queue (the inbox's count,
 * lib/inbox.ts `hold`, the one count of what a server has waiting), and when the server has no
 * place left it is refused from the event filter (lib/mcp/eventFilter.ts) with the JSON-RPC error
 * the inbox's refusal would have been, and costs the worker no parse, no schema check, no
 * handler, no hub work; its refusal, sent in the person's name, is in the protocol log as the
 * JSON-RPC error it is (lib/mcp/transport.ts). A server that asks 500 at once then has 50
 * waiting and 450 refused, their refusals sent one at a time, and another server's Request is
 * not queued behind them (issue 25).
 *
 * A question holds its place from the moment it is let through until the inbox takes it over
 * with its Request (`take`, when the client's handler receives it), the client answers it (its
 * response is POSTed) or the server cancels it; once the connection is gone (`stop`), none does.
 */
import { isRpcId, readRpcMessage, type RpcId } from './jsonRpc';
import type { EventJudge, EventStream } from './eventFilter';

/** spec basic (JSON-RPC 2.0): what the SDK answers for a handler that throws, as the inbox's refusal did. */
const INTERNAL_ERROR = -32603;

/** The server's words in a refused question, for the notice that says it was refused. */
export interface RefusedQuestion {
  prompt: string;
  url: string | null;
}

/** A place a question holds in the person's queue until given back (lib/inbox.ts `Place`). */
export interface QuestionPlace {
  release(): void;
}

export interface QuestionBound {
  /** A place for one more of the server's questions, or undefined when it has as many waiting as it may. */
  hold: () => QuestionPlace | undefined;
  /** What the server is told of each one refused (read then: the server's name may come with its handshake). */
  refusal: () => string;
  /** Told once per run of refusals, with the first one refused. */
  onRefused?: (question: RefusedQuestion) => void;
}

export interface QuestionGate extends Required<EventJudge> {
  /** The question `id` of `session` has reached the client's handler: its place, for the inbox to take over with its Request. */
  take(session: string, id: RpcId): QuestionPlace | undefined;
  /** The connection is gone: every place still held is given back, and no more are taken. */
  stop(): void;
}

function words(params: Record<string, unknown> | undefined): RefusedQuestion {
  const { message, url } = params ?? {};
  return { prompt: typeof message === 'string' ? message : '', url: typeof url === 'string' ? url : null };
}

export function questionGate({ hold, refusal, onRefused }: QuestionBound): QuestionGate {
  /** The places of questions let through and not yet taken over, answered or cancelled, by session and id. */
  const places = new Map<string, QuestionPlace>();
  let refusing = false;
  let stopped = false;
  const key = (session: string, id: RpcId) => `${session} ${typeof id} ${id}`;
  const release = (session: string, id: RpcId) => {
    const place = places.get(key(session, id));
    places.delete(key(session, id));
    place?.release();
  };

  return {
    admit(data: string, stream: EventStream): boolean {
      // Most events are neither: a log line or a result costs a substring search here, no parse.
      const asks = data.includes('elicitation/create');
      if (stopped || (!asks && !(places.size > 0 && data.includes('notifications/cancelled')))) return true;
      const message = readRpcMessage(data);
      if (message?.kind === 'notification' && message.method === 'notifications/cancelled') {
        const id = message.params?.requestId;
        if (isRpcId(id)) release(stream.session, id);
        return true;
      }
      if (message?.kind !== 'request' || message.method !== 'elicitation/create') return true;
      const place = hold();
      if (place) {
        places.set(key(stream.session, message.id), place);
        refusing = false;
        return true;
      }
      if (!refusing) onRefused?.(words(message.params));
      refusing = true;
      stream.reply({ jsonrpc: '2.0', id: message.id, error: { code: INTERNAL_ERROR, message: refusal() } });
      return false;
    },
    sent(body: string, session: string): void {
      if (places.size === 0 || !(body.includes('"result"') || body.includes('"error"'))) return;
      const message = readRpcMessage(body);
      if (message?.kind === 'response') release(session, message.id);
    },
    take(session, id) {
      const place = places.get(key(session, id));
      places.delete(key(session, id));
      return place;
    },
    stop() {
      stopped = true;
      for (const place of places.values()) place.release();
      places.clear();
    },
  };
}
