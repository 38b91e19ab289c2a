/**
 * 2026-07-28 `input_required` rounds (spec basic/patterns/mrtr), split as the SDK splits its
 * own: `toRound` and `answerRound` decide, pure but for asking the person; `inputRounds` is
 * the engine that the SDK's `_resolveNonCompleteResult` hands each round to, and that keeps
 * every round visible (`onRound`), so a call a stopped worker left waiting on the person can
 * be carried on from the kept round (`Connection.resume`).
 */
import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type Client,
  type ElicitResult,
  type GetPromptResult,
  type ReadResourceResult,
  type RequestOptions,
} from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { nextRequestId, type Request } from '../request';
import type { CallOptions, InputRound, RoundMethod } from './connection';
import { CallError } from './errors';
import { checkElicitationParams, elicitationToRequest, ElicitationParamsError } from './protocol';

// Each round asks the person again; a server that keeps asking is stopped after a few
// rounds instead of the SDK's ten.
export const MAX_INPUT_ROUNDS = 5;
/** The SDK's pause before retrying a round that carries only requestState. */
const REQUEST_STATE_ONLY_PACING_MS = 250;

/** What the SDK hands `_resolveNonCompleteResult`: the request that came back `input_required`. */
export interface InputRequiredCall {
  request: { method: string; params?: Record<string, unknown> };
  options: RequestOptions | undefined;
  /** Sends the request again with these params, on a fresh JSON-RPC id. */
  retry(params: Record<string, unknown> | undefined, legOptions: RequestOptions): Promise<unknown>;
}

export interface InputRequiredPayload {
  inputRequests: Record<string, unknown>;
  requestState?: string;
}

/** The -32602 a server gets (2025-11-25), or the error a call ends with (2026-07-28), for params we will not act on. */
export function refusal(error: ElicitationParamsError): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation refused by the client: ${error.message}`);
}

/** Checks a server's `inputRequests` and names the Request each one will be asked as. */
export function toRound(
  serverName: string,
  method: RoundMethod,
  params: Record<string, unknown>,
  round: number,
  payload: InputRequiredPayload,
): InputRound {
  const requestIds: Record<string, string> = {};
  for (const [key, entry] of Object.entries(payload.inputRequests)) {
    const embedded = (typeof entry === 'object' && entry !== null ? entry : {}) as { method?: unknown; params?: unknown };
    // toolnexus declares elicitation only (spec mrtr: servers MUST NOT send undeclared ones).
    if (embedded.method !== 'elicitation/create') {
      throw new CallError(
        'refused',
        typeof embedded.method === 'string'
          ? t('mcp.rounds.unknownMethod', { server: serverName, method: `"${embedded.method.slice(0, 60)}"` })
          : t('mcp.rounds.unknownThing', { server: serverName }),
      );
    }
    try {
      checkElicitationParams(embedded.params);
    } catch (error) {
      if (error instanceof ElicitationParamsError) throw refusal(error);
      throw error;
    }
    requestIds[key] = nextRequestId();
  }
  const kept: InputRound = { method, params, round, inputRequests: payload.inputRequests, requestIds };
  if (payload.requestState !== undefined) kept.requestState = payload.requestState;
  return kept;
}

export type Elicit = (request: Request, signal: AbortSignal) => Promise<ElicitResult>;

/** Asks every input of a round at once; resolves with the params its retry adds. */
export async function answerRound(round: InputRound, signal: AbortSignal, elicit: Elicit): Promise<Record<string, unknown>> {
  const entries = Object.entries(round.inputRequests);
  const retry: Record<string, unknown> = {};
  if (entries.length > 0) {
    const responses = await Promise.all(
      entries.map(async ([key, entry]) => {
        const request = elicitationToRequest((entry as { params: unknown }).params, round.requestIds[key]);
        return [key, await elicit(request, signal)] as const;
      }),
    );
    retry.inputResponses = Object.fromEntries(responses);
  } else {
    // Only requestState: the server is shedding load. Pace the retry as the SDK does.
    await new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, REQUEST_STATE_ONLY_PACING_MS);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }
  // spec mrtr: the client MUST echo requestState exactly, and MUST NOT send one it was not given.
  if (round.requestState !== undefined) retry.requestState = round.requestState;
  return retry;
}

/** Sends one of the requests that may need input, through the SDK's own method for it. */
export function sendRoundMethod(
  client: Client,
  method: RoundMethod,
  params: Record<string, unknown>,
  sdkOptions: RequestOptions,
): Promise<CallToolResult | GetPromptResult | ReadResourceResult> {
  switch (method) {
    case 'tools/call':
      return client.callTool(params as { name: string }, sdkOptions) as Promise<CallToolResult>;
    case 'prompts/get':
      return client.getPrompt(params as { name: string }, sdkOptions);
    case 'resources/read':
      return client.readResource(params as { uri: string }, { ...sdkOptions, cacheMode: 'bypass' });
  }
}

export interface InputRounds {
  /** A call is starting on this signal, `roundsDone` rounds in (a resumed one), reporting its rounds to `onRound`. */
  track(signal: AbortSignal, onRound: CallOptions['onRound'], roundsDone: number): void;
  /** How many rounds the call on this signal has had. */
  roundsOf(signal: AbortSignal): number | undefined;
  /** Answers rounds and retries until the server completes the call (the SDK's extension point). */
  drive(payload: InputRequiredPayload, call: InputRequiredCall, fallback: AbortSignal): Promise<unknown>;
}

export function inputRounds(serverName: string, elicit: Elicit): InputRounds {
  // The calls being run, by the signal each is given (the SDK hands it back with an
  // input_required result), with what their rounds report to.
  const calls = new WeakMap<AbortSignal, { onRound?: CallOptions['onRound']; rounds: number }>();
  return {
    track(signal, onRound, roundsDone) {
      calls.set(signal, { onRound, rounds: roundsDone });
    },
    roundsOf: (signal) => calls.get(signal)?.rounds,
    async drive(payload, call, fallback) {
      const signal = call.options?.signal ?? fallback;
      const hooks = calls.get(signal) ?? { rounds: 0 };
      // A resumed call's first leg already carried the last round's answers; every retry
      // repeats only the original params.
      const { inputResponses: _responses, requestState: _state, ...params } = call.request.params ?? {};
      for (let next = payload; ; ) {
        hooks.rounds += 1;
        if (hooks.rounds > MAX_INPUT_ROUNDS) {
          throw new CallError('refused', t('mcp.rounds.tooMany', { server: serverName, rounds: String(MAX_INPUT_ROUNDS) }));
        }
        const round = toRound(serverName, call.request.method as RoundMethod, params, hooks.rounds, next);
        hooks.onRound?.(round);
        const retry = await answerRound(round, signal, elicit);
        hooks.onRound?.(undefined);
        const result = await call.retry(
          { ...params, ...retry },
          { signal, onprogress: call.options?.onprogress, timeout: call.options?.timeout, allowInputRequired: true },
        );
        if (!isInputRequiredResult(result)) return result;
        next = { inputRequests: result.inputRequests ?? {}, ...(result.requestState !== undefined && { requestState: result.requestState }) };
      }
    },
  };
}
