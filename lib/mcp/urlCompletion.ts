/**
 * When a URL-mode elicitation is done. The server may say so (2025-11-25
 * `notifications/elicitation/complete`), the host may (the person closed the page), and a
 * 2025-11-25 call refused with URLElicitationRequired (-32042) is sent again only once every
 * page it named is done.
 */
import { UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import type { Answer, Request } from '../request';
import { CallError } from './errors';

/** How many completions are remembered: one can arrive before anyone waits for it. */
const REMEMBERED = 100;

export interface UrlCompletion {
  /** The server's `notifications/elicitation/complete`; unknown ids are harmless. */
  complete(elicitationId: string): void;
  /**
   * Resolves when the person is done with a URL flow: the server says so, or the host does.
   * A host that cannot tell (a script) only waits for the server, and only when it can.
   */
  settled(request: Request, signal: AbortSignal): Promise<void>;
}

export function urlCompletion(untilVisitEnds?: (request: Request, signal: AbortSignal) => Promise<void>): UrlCompletion {
  const completed = new Set<string>();
  const waiters = new Map<string, Array<() => void>>();

  const completion = (elicitationId: string | undefined) =>
    new Promise<void>((resolve) => {
      if (elicitationId === undefined) return;
      if (completed.has(elicitationId)) return resolve();
      waiters.set(elicitationId, [...(waiters.get(elicitationId) ?? []), resolve]);
    });

  return {
    complete(elicitationId) {
      completed.add(elicitationId);
      if (completed.size > REMEMBERED) completed.delete(completed.values().next().value!);
      for (const resolve of waiters.get(elicitationId) ?? []) resolve();
      waiters.delete(elicitationId);
    },
    settled(request, signal) {
      const aborted = new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      if (untilVisitEnds) return Promise.race([completion(request.elicitationId), untilVisitEnds(request, signal), aborted]);
      return request.elicitationId === undefined ? Promise.resolve() : Promise.race([completion(request.elicitationId), aborted]);
    },
  };
}

/**
 * 2025-11-25 URLElicitationRequired (-32042): the call cannot proceed until the person has
 * visited each URL. Each is asked as a Request at once; resolves when every one is done, so
 * the call can be sent again, and throws a `declined` CallError when any was refused.
 */
export async function visitRequiredUrls(
  tool: string,
  requests: Request[],
  ask: (request: Request) => Promise<Answer>,
  settled: (request: Request) => Promise<void>,
): Promise<void> {
  const answers = await Promise.all(requests.map(ask));
  const refused = answers.find((answer) => !answer.ok);
  if (refused) {
    throw new CallError('declined', refused.reason === 'declined' ? t('mcp.urlRefused.declined', { tool }) : t('mcp.urlRefused.cancelled', { tool }));
  }
  await Promise.all(requests.map(settled));
}

/** How often a call is sent again after URLElicitationRequired before its error is shown. */
const MAX_URL_ROUNDS = 3;

/**
 * Sends a 2025-11-25 call, and again each time it is refused with URLElicitationRequired
 * (-32042) once `visit` has seen the person through every page the refusal names; a server
 * that keeps refusing has its error shown after a few rounds.
 */
export async function sendAfterUrlVisits<T>(send: () => Promise<T>, visit: (required: UrlElicitationRequiredError) => Promise<void>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof UrlElicitationRequiredError) || round > MAX_URL_ROUNDS) throw error;
      await visit(error);
    }
  }
}
