/**
 * A server's questions (`elicitation/create`, 2025-11-25), counted where they enter the client,
 * before the SDK parses them: past `max` waiting on the person, each is refused from the event
 * filter (lib/mcp/eventFilter.ts) with the JSON-RPC error the inbox's refusal would have been,
 * and costs the worker no parse, no schema check, no handler, no hub or protocol-log work. A
 * server that asks 500 at once then has 50 waiting and 450 refused, their refusals sent one at a
 * time, and another server's Request is not queued behind them (issue 25).
 *
 * A question waits from the moment it is let through until the client answers it (its
 * response is POSTed) or the server cancels it. The inbox keeps its own bound
 * (`MAX_PENDING_PER_SERVER`) for every other way a question arrives (2026-07-28 input rounds,
 * tasks' input, another connection of the same server).
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

export interface QuestionBound {
  /** How many may wait at once. */
  max: number;
  /** What the server is told of each one refused (read then: the server's name may come with its handshake). */
  refusal: () => string;
  /** Told once per run of refusals, with the first one refused. */
  onRefused?: (question: RefusedQuestion) => void;
}

function words(params: Record<string, unknown> | undefined): RefusedQuestion {
  const { message, url } = params ?? {};
  return { prompt: typeof message === 'string' ? message : '', url: typeof url === 'string' ? url : null };
}

export function questionGate({ max, refusal, onRefused }: QuestionBound): Required<EventJudge> {
  /** Questions let through and not yet answered, by session and id. */
  const waiting = new Set<string>();
  let refusing = false;
  const key = (session: string, id: RpcId) => `${session} ${typeof id} ${id}`;

  return {
    admit(data: string, stream: EventStream): boolean {
      // Most events are neither: a log line or a result costs a substring search here, no parse.
      const asks = data.includes('elicitation/create');
      if (!asks && !(waiting.size > 0 && data.includes('notifications/cancelled'))) return true;
      const message = readRpcMessage(data);
      if (message?.kind === 'notification' && message.method === 'notifications/cancelled') {
        const id = message.params?.requestId;
        if (isRpcId(id)) waiting.delete(key(stream.session, id));
        return true;
      }
      if (message?.kind !== 'request' || message.method !== 'elicitation/create') return true;
      if (waiting.size < max) {
        waiting.add(key(stream.session, message.id));
        refusing = false;
        return true;
      }
      if (!refusing) onRefused?.(words(message.params));
      refusing = true;
      stream.reply({ jsonrpc: '2.0', id: message.id, error: { code: INTERNAL_ERROR, message: refusal() } });
      return false;
    },
    sent(body: string, session: string): void {
      if (waiting.size === 0 || !(body.includes('"result"') || body.includes('"error"'))) return;
      const message = readRpcMessage(body);
      if (message?.kind === 'response') waiting.delete(key(session, message.id));
    },
  };
}
