/**
 * How a server's question reaches the person and their Answer goes back, in both eras:
 * - receiving: the 2025-11-25 `elicitation/create` a server sends, on this connection's client
 *   or a task session's, each waiting only while the call it came with runs (`endedCalls`);
 * - `elicit`: any elicitation (pushed, a 2026-07-28 input round, a task's input) asked with the
 *   idle clock paused, its Answer checked, mapped to the result the server expects;
 * - URL visits: `notifications/elicitation/complete`, and the pages a -32042 names.
 */
import type { Client, ClientContext, ElicitRequest, ElicitResult } from '@modelcontextprotocol/client';
import type { Problem } from '../forms/validate';
import { t } from '../i18n';
import { bindApp } from './appElicitation';
import { type Answer, checkAnswer, type Request } from '../request';
import type { RpcId } from './jsonRpc';
import type { LoadOptions } from './connection';
import type { QuestionPlace } from './questionGate';
import { CallEndedError } from './errors';
import type { IdleClock } from './idleClock';
import { answerToElicitResult, elicitationToRequest } from './protocol';
import { urlCompletion, visitRequiredUrls } from './urlCompletion';

/** How many ended calls' requests are remembered: the end can be seen before the SDK hands the request over. */
const REMEMBERED_ENDED = 100;

/** Which server requests still wait on the person: one whose call has ended no longer does (lib/mcp/callStreams.ts). */
export interface EndedCalls {
  /** Request `id` is being asked: the signal aborts with a CallEndedError once its call ends, at once if that was seen already. */
  begin(id: RpcId): AbortSignal;
  /** Request `id` is answered. */
  finish(id: RpcId): void;
  /** The calls these requests came with have ended. */
  ended(requests: RpcId[]): void;
}

export function endedCalls(serverName: string): EndedCalls {
  const waiting = new Map<RpcId, AbortController>();
  const ended = new Set<RpcId>();
  const calls: EndedCalls = {
    begin(id) {
      const controller = new AbortController();
      waiting.set(id, controller);
      if (ended.delete(id)) calls.ended([id]);
      return controller.signal;
    },
    finish(id) {
      waiting.delete(id);
    },
    ended(requests) {
      for (const id of requests) {
        const controller = waiting.get(id);
        if (controller) controller.abort(new CallEndedError(t('mcp.callEnded', { server: serverName })));
        else if (ended.add(id).size > REMEMBERED_ENDED) ended.delete(ended.values().next().value!);
      }
    },
  };
  return calls;
}

export interface ElicitationSetup extends Pick<LoadOptions, 'waitFor' | 'untilVisitEnds' | 'onElicitationComplete'> {
  serverName: string;
  /** How often one Request is asked before Answers that do not fit it end in `cancel`. */
  maxAttempts: number;
  clock: IdleClock;
  /** The connection's: aborts every question still asked once it is gone. */
  lost: AbortSignal;
  /** Whether the connection speaks 2026-07-28. */
  modern: () => boolean;
  /** Whether both sides negotiated apps bound to questions (SEP-3118); without it, never. */
  appsBound?: () => boolean;
  /** The place a received question held on its way in (lib/mcp/questionGate.ts `take`), by its session and id. */
  placeOf?: (session: string, id: RpcId) => QuestionPlace | undefined;
}

export interface Elicitations {
  /** Answers the server's `elicitation/create` on `client`: this connection's, or one joined to a task's session. */
  handle(client: Pick<Client, 'setRequestHandler'>): void;
  /** Asks the person one elicitation (with the place its question holds, if it holds one); resolves with the result the server expects. */
  elicit(request: Request, signal: AbortSignal, place?: QuestionPlace): Promise<ElicitResult>;
  /** The server's `notifications/elicitation/complete`. */
  complete(elicitationId: string): void;
  /** The calls these server requests came with have ended (callStreams). */
  callEnded(requests: RpcId[]): void;
  /**
   * 2025-11-25 URLElicitationRequired (-32042) for `tool`: asks for every page it names at once,
   * with the idle clock paused; resolves when all are done, throws a `declined` CallError when any was refused.
   */
  visitUrls(tool: string, elicitations: unknown[], signal: AbortSignal): Promise<void>;
}

export function elicitations(setup: ElicitationSetup): Elicitations {
  const { waitFor, maxAttempts, clock, lost } = setup;
  const urls = urlCompletion(setup.untilVisitEnds);
  const calls = endedCalls(setup.serverName);

  /**
   * The one place an Answer is checked (spec client/elicitation: clients SHOULD validate
   * content against requestedSchema). Every Answer that can reach a server passes here first,
   * on every path: the hub's inbox, a script in Node tests, the conformance harness; for a
   * pushed elicitation, a 2026-07-28 input round, a task's input, a -32042 visit, a resumed
   * round. One that does not fit is not sent: the person is asked again with the problems,
   * and after `maxAttempts` the server gets `cancel`. The others rely on this: rjsf's live
   * validation and `Inbox.answer`'s refusal (the same `checkAnswer`) only tell the person
   * early, so they can fix the card they typed in; without them nothing invalid is sent either.
   */
  async function askUntilValid(request: Request, signal: AbortSignal, place?: QuestionPlace): Promise<Answer> {
    let problems: Problem[] = [];
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const answer = await waitFor(request, { signal, problems, place });
      problems = checkAnswer(request, answer);
      if (problems.length === 0) return answer;
    }
    return { id: request.id, ok: false, reason: 'invalid' };
  }

  async function elicit(request: Request, signal: AbortSignal, place?: QuestionPlace): Promise<ElicitResult> {
    clock.pause();
    try {
      const answer = await askUntilValid(bindApp(request, setup.appsBound?.() === true), signal, place);
      if (request.kind === 'authorization' && answer.ok && setup.modern()) {
        // 2026-07-28: the accept rides on the retried call, so sending it while the person
        // is still in the page would have the server ask again; wait until they are done.
        await urls.settled(request, signal);
      }
      // Accepted content has passed checkAnswer against requestedSchema, whose properties
      // the SDK has already limited to primitive types, so it has the SDK's content shape.
      return answerToElicitResult(answer) as ElicitResult;
    } finally {
      clock.resume();
    }
  }

  // 2025-11-25: the server sends elicitation/create itself. Params were checked by
  // ElicitingClient, so the mapping does not throw. Each waits until the call it came with
  // ends (callStreams), which can be seen before the SDK hands the request over.
  const onElicitation = async (message: ElicitRequest, ctx: ClientContext): Promise<ElicitResult> => {
    const { id } = ctx.mcpReq;
    const place = setup.placeOf?.(ctx.sessionId ?? '', id);
    const callEnded = calls.begin(id);
    try {
      return await elicit(elicitationToRequest(message.params), AbortSignal.any([ctx.mcpReq.signal, lost, callEnded]), place);
    } finally {
      calls.finish(id);
    }
  };

  return {
    handle: (client) => client.setRequestHandler('elicitation/create', onElicitation),
    elicit,
    complete(elicitationId) {
      urls.complete(elicitationId);
      setup.onElicitationComplete?.(elicitationId);
    },
    callEnded: calls.ended,
    async visitUrls(tool, required, signal) {
      const requests = required.map((params) => elicitationToRequest({ ...(params as object), mode: 'url' }));
      clock.pause();
      try {
        await visitRequiredUrls(
          tool,
          requests,
          (request) => askUntilValid(request, signal),
          (request) => urls.settled(request, signal),
        );
      } finally {
        clock.resume();
      }
    },
  };
}
