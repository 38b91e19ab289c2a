/**
 * What judges a connection's SSE events before the SDK reads them (lib/mcp/eventFilter.ts): the
 * server's notification budget (inboundBudget.ts) and, where the host bounds them, its questions
 * (questionGate.ts), a question first, since one refused is answered from here and costs nothing
 * further. Both stop once the connection is gone.
 */
import type { JSONRPCNotification } from '@modelcontextprotocol/client';
import type { LoadOptions } from './connection';
import type { EventJudge } from './eventFilter';
import { notificationBudget } from './inboundBudget';
import { questionGate, type QuestionGate } from './questionGate';

export interface InboundSetup extends Pick<LoadOptions, 'onDropped' | 'questions'> {
  /** Where a notification the budget held goes once it may. */
  deliver: (notification: JSONRPCNotification) => void;
  /** The connection's: aborts once it is lost or closed. */
  lost: AbortSignal;
}

export interface Inbound {
  judge: EventJudge;
  /** Where the client's handler finds the place a question held on its way in. */
  placeOf?: QuestionGate['take'];
  /** Stops both now (a failed connect, a close), as the connection's end would. */
  stop(): void;
}

export function inbound({ onDropped, questions, deliver, lost }: InboundSetup): Inbound {
  const budget = notificationBudget({ deliver: (notification) => deliver({ jsonrpc: '2.0', ...notification }), onDropped });
  const gate = questions && questionGate(questions);
  const stop = () => {
    budget.stop();
    gate?.stop();
  };
  lost.addEventListener('abort', stop, { once: true });
  return {
    judge: gate ? { admit: (data, stream) => gate.admit(data, stream) && budget.admit(data), sent: gate.sent } : { admit: budget.admit },
    placeOf: gate?.take,
    stop,
  };
}
