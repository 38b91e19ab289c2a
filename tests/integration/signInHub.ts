/**
 * A Hub signing in to real servers as the extension does (the sign-in window played by the
 * scripted browser, every consent card answered Open), for the sign-in trace tests: what the
 * server's card says, and what its trace shows.
 */
import { memoryArea } from '../../lib/auth';
import type { TraceAttempt, TraceStep } from '../../lib/auth/trace';
import type { Hub, SavedServer } from '../../lib/hub';
import type { Request } from '../../lib/request';
import type { ServerView } from '../../lib/state';
import { EXTENSION_REDIRECT_URL } from '../fixtures/auth/protected-server';
import { scriptedBrowser } from '../fixtures/auth/scripted-browser';
import { memory, type TestHubOptions, testHub, until } from '../hub-harness';

export interface SignInHub {
  hub: Hub;
  /** The saved servers, as stored (a client secret the person entered is here, and only here). */
  saved: ReturnType<typeof memory<SavedServer[]>>;
  storage: { local: ReturnType<typeof memoryArea>; session: ReturnType<typeof memoryArea> };
  /** Every consent card shown, in order. */
  asked: Request[];
  /** Every callback URL the sign-in window ended on (its `code` and `state` in it), in order. */
  callbacks: string[];
  /** The server's view, once it is connected or needs a sign-in. */
  settled(id?: string): Promise<ServerView>;
  trace(id?: string): TraceAttempt[];
}

export async function signInHub(
  servers: SavedServer[],
  options: {
    requestTimeoutMs?: number;
    answer?: (request: Request) => boolean;
    backoffMs?: (attempt: number) => number;
    hub?: Pick<TestHubOptions, 'policy'>;
  } = {},
): Promise<SignInHub> {
  const storage = { local: memoryArea(), session: memoryArea() };
  const browser = scriptedBrowser({ redirectUrl: EXTENSION_REDIRECT_URL });
  const saved = memory(servers);
  const asked: Request[] = [];
  const callbacks: string[] = [];
  const hub = testHub({
    ...options.hub,
    servers: saved,
    // A failed connect is not retried during a test unless it says so: what it said stays on the card.
    backoffMs: options.backoffMs ?? (() => 600_000),
    authorization: {
      storage,
      redirectUrl: EXTENSION_REDIRECT_URL,
      authorize: async (url) => {
        const callback = await browser.authorize(url);
        callbacks.push(callback);
        return callback;
      },
      requestTimeoutMs: options.requestTimeoutMs,
    },
  });
  const seen = new Set<string>();
  hub.inbox.subscribe((pending) => {
    for (const request of pending) {
      if (seen.has(request.id)) continue;
      seen.add(request.id);
      asked.push(request);
      hub.answer({ id: request.id, ok: options.answer?.(request) ?? true });
    }
  });
  // Not waited for: a server whose sign-in hangs must not hold the test (or the others) up.
  void hub.start();
  const first = servers[0]!.id;
  return {
    hub,
    saved,
    storage,
    asked,
    callbacks,
    settled: async (id = first) =>
      (
        await until(hub, (state) => ['connected', 'needs-authorization'].includes(state.servers.find((server) => server.id === id)?.status ?? ''))
      ).servers.find((server) => server.id === id)!,
    trace: (id = first) => hub.signInTrace(id),
  };
}

export const stepOf = (attempt: TraceAttempt | undefined, kind: TraceStep['kind']) => attempt?.steps.findLast((step) => step.kind === kind);
export const factOf = (step: TraceStep | undefined, name: string) => step?.facts.find(([key]) => key === name)?.[1];
/** The URLs a step tried, each with what it answered. */
export const triedBy = (step: TraceStep | undefined) =>
  step?.exchanges.map((exchange) => [new URL(exchange.url).pathname, exchange.status ?? exchange.problem]);
