/**
 * The MCP client core (`Mcp.load/2` with `:wait_for` in docs/mapping.md): one SDK `Client` per server over
 * Streamable HTTP, speaking both protocol eras, with every elicitation routed to the
 * person through `waitFor`. Runs unchanged in the extension's worker and in Node.
 */
import './zodJitless';
import {
  Client,
  ProtocolError,
  ProtocolErrorCode,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
  isInputRequiredResult,
  type CallToolResult,
  type ClientContext,
  type JSONRPCRequest,
  type Result,
  type ElicitResult,
  type Implementation,
  type GetPromptResult,
  type ReadResourceResult,
  type RequestOptions,
  type ServerCapabilities,
} from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { createServerAuthorization } from '../auth';
import type { Problem } from '../forms/validate';
import { checkAnswer, nextRequestId, type Answer, type Request } from '../request';
import { limitOpenRequests } from './connectionLimit';
import { CallError, type CallOptions, type Connection, type InputRound, type ListChange, type LoadOptions, type RoundMethod, type ServerConfig } from './connection';
import { answerToElicitResult, checkElicitationParams, elicitationToRequest, ElicitationParamsError } from './protocol';
import { errorMessage } from '../errorMessage';

/** The -32602 a server gets (2025-11-25), or the error a call ends with (2026-07-28), for params we will not act on. */
function refusal(error: ElicitationParamsError): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation refused by the client: ${error.message}`);
}

/** What the SDK hands `_resolveNonCompleteResult`: the request that came back `input_required`. */
interface InputRequiredCall {
  request: { method: string; params?: Record<string, unknown> };
  options: RequestOptions | undefined;
  /** Sends the request again with these params, on a fresh JSON-RPC id. */
  retry(params: Record<string, unknown> | undefined, legOptions: RequestOptions): Promise<unknown>;
}

interface InputRequiredPayload {
  inputRequests: Record<string, unknown>;
  requestState?: string;
}

class ElicitingClient extends Client {
  /**
   * Drives 2026-07-28 `input_required` rounds instead of the SDK's auto-fulfilment, whose
   * rounds cannot be seen from outside: toolnexus keeps each one, so a call a stopped
   * worker left waiting on the person can be carried on (see `load`).
   */
  driveInputRounds?: (payload: InputRequiredPayload, flow: InputRequiredCall) => Promise<unknown>;

  /**
   * The SDK checks `elicitation/create` params against its own schema before our handler
   * runs and answers a mismatch with a dump of validation issues. Checking first gives the
   * server one readable -32602 message that names the fault.
   */
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'elicitation/create') return wrapped;
    return (request, ctx) => {
      try {
        checkElicitationParams(request.params);
      } catch (error) {
        if (error instanceof ElicitationParamsError) throw refusal(error);
        throw error;
      }
      return wrapped(request, ctx);
    };
  }

  // The SDK's named extension point for results that are not complete (protocol.ts).
  protected override _resolveNonCompleteResult(decoded: InputRequiredPayload & { kind: 'input_required' }, flow: InputRequiredCall): Promise<unknown> {
    return this.driveInputRounds ? this.driveInputRounds(decoded, flow) : super._resolveNonCompleteResult(decoded, flow as never);
  }
}

/** How often a call is retried after URLElicitationRequired before its error is shown. */
const MAX_URL_ROUNDS = 3;
// 2026-07-28: each input_required round asks the person again; a server that keeps asking
// is stopped after a few rounds instead of the SDK's ten.
const MAX_INPUT_ROUNDS = 5;
/** The SDK's pause before retrying a round that carries only requestState. */
const REQUEST_STATE_ONLY_PACING_MS = 250;

const CLIENT_INFO: Implementation = { name: 'toolnexus', version: '0.1.0' };
// setTimeout's ceiling: the SDK's own timer must never fire before our idle watchdog.
const NO_SDK_TIMEOUT = 2 ** 31 - 1;

interface Watchdog {
  touch(): void;
  stop(): void;
}

/** Opens the 2026-07-28 `subscriptions/listen` stream for every list the server says can change. */
async function listenForListChanges(client: Client, signal: AbortSignal): Promise<void> {
  const capabilities = client.getServerCapabilities();
  const filter = {
    ...(capabilities?.tools?.listChanged && { toolsListChanged: true }),
    ...(capabilities?.resources?.listChanged && { resourcesListChanged: true }),
    ...(capabilities?.prompts?.listChanged && { promptsListChanged: true }),
  };
  if (Object.keys(filter).length > 0) await client.listen(filter, { timeout: NO_SDK_TIMEOUT, signal });
}

/**
 * Connects to `server` and keeps the connection for calls. `elicitation/create` (2025)
 * and `input_required` elicitations (2026) both arrive at one handler: params are
 * checked, mapped to a Request, answered through `waitFor`, and mapped back.
 */
export async function load(server: ServerConfig, options: LoadOptions): Promise<Connection> {
  const { waitFor, idleTimeoutMs = 60_000, maxAttempts = 3 } = options;
  const report = (error: Error | null, change: ListChange) => {
    if (!error) options.onListChanged?.(change);
  };
  const client = new ElicitingClient(options.clientInfo ?? CLIENT_INFO, {
    capabilities: { elicitation: { form: {}, url: {} } },
    listChanged: {
      tools: { onChanged: (error, items) => report(error, { kind: 'tools', items: items ?? [] }) },
      resources: { onChanged: (error, items) => report(error, { kind: 'resources', items: items ?? [] }) },
      prompts: { onChanged: (error, items) => report(error, { kind: 'prompts', items: items ?? [] }) },
    },
    versionNegotiation: { mode: 'auto' },
    // Node would pick Ajv; the worker can only run the eval-free validator, so tests run it too.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });

  let asking = 0;
  const lost = new AbortController();
  const watchdogs = new Set<Watchdog>();

  async function askUntilValid(request: Request, signal: AbortSignal): Promise<Answer> {
    let problems: Problem[] = [];
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const answer = await waitFor(request, { signal, problems });
      problems = checkAnswer(request, answer);
      // spec client/elicitation: clients SHOULD validate content against requestedSchema.
      if (problems.length === 0) return answer;
    }
    return { id: request.id, ok: false, reason: 'invalid' };
  }

  // 2025-11-25: a server says a URL flow is done with notifications/elicitation/complete.
  // Remembered briefly, since it can arrive before anyone waits for it; unknown ids are harmless.
  const completed = new Set<string>();
  const completionWaiters = new Map<string, Array<() => void>>();
  client.setNotificationHandler('notifications/elicitation/complete', ({ params }) => {
    const { elicitationId } = params;
    completed.add(elicitationId);
    if (completed.size > 100) completed.delete(completed.values().next().value!);
    completionWaiters.get(elicitationId)?.forEach((resolve) => resolve());
    completionWaiters.delete(elicitationId);
    options.onElicitationComplete?.(elicitationId);
  });
  const completion = (elicitationId: string | undefined) =>
    new Promise<void>((resolve) => {
      if (elicitationId === undefined) return;
      if (completed.has(elicitationId)) return resolve();
      completionWaiters.set(elicitationId, [...(completionWaiters.get(elicitationId) ?? []), resolve]);
    });
  /**
   * Resolves when the person is done with a URL flow: the server says so, or the host does.
   * A host that cannot tell (a script) only waits for the server, and only when it can.
   */
  const flowSettled = (request: Request, signal: AbortSignal): Promise<void> => {
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    if (options.untilVisitEnds) {
      return Promise.race([completion(request.elicitationId), options.untilVisitEnds(request, signal), aborted]);
    }
    return request.elicitationId === undefined ? Promise.resolve() : Promise.race([completion(request.elicitationId), aborted]);
  };

  /** Asks the person one elicitation and maps their Answer to what the server expects. */
  async function elicit(request: Request, signal: AbortSignal): Promise<ElicitResult> {
    asking += 1;
    try {
      const answer = await askUntilValid(request, signal);
      if (request.kind === 'authorization' && answer.ok && client.getProtocolEra() === 'modern') {
        // 2026-07-28: the accept rides on the retried call, so sending it while the person
        // is still in the page would have the server ask again; wait until they are done.
        await flowSettled(request, signal);
      }
      // Accepted content has passed checkAnswer against requestedSchema, whose properties
      // the SDK has already limited to primitive types, so it has the SDK's content shape.
      return answerToElicitResult(answer) as ElicitResult;
    } finally {
      asking -= 1;
      // The server gets its full idle allowance again once the person has answered.
      for (const watchdog of watchdogs) watchdog.touch();
    }
  }

  // 2025-11-25: the server sends elicitation/create itself. Params were checked by
  // ElicitingClient, so the mapping does not throw.
  client.setRequestHandler('elicitation/create', (message, ctx) =>
    elicit(elicitationToRequest(message.params), AbortSignal.any([ctx.mcpReq.signal, lost.signal])),
  );

  // 2026-07-28: the calls run() is running, by the signal it gives each (the SDK hands it
  // back with an input_required result), with what their rounds report to.
  const roundHooks = new WeakMap<AbortSignal, { onRound?: CallOptions['onRound']; rounds: number }>();

  /** Checks a server's `inputRequests` and names the Request each one will be asked as. */
  function toRound(method: RoundMethod, params: Record<string, unknown>, round: number, payload: InputRequiredPayload): InputRound {
    const requestIds: Record<string, string> = {};
    for (const [key, entry] of Object.entries(payload.inputRequests)) {
      const embedded = (typeof entry === 'object' && entry !== null ? entry : {}) as { method?: unknown; params?: unknown };
      // toolnexus declares elicitation only (spec mrtr: servers MUST NOT send undeclared ones).
      if (embedded.method !== 'elicitation/create') {
        throw new CallError('refused', `${server.name} asked for ${typeof embedded.method === 'string' ? `"${embedded.method.slice(0, 60)}"` : 'something'}, which toolnexus does not offer; the call was stopped.`);
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

  /** Asks every input of a round at once; resolves with the params its retry adds. */
  async function answerRound(round: InputRound, signal: AbortSignal): Promise<Record<string, unknown>> {
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
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
      });
    }
    // spec mrtr: the client MUST echo requestState exactly, and MUST NOT send one it was not given.
    if (round.requestState !== undefined) retry.requestState = round.requestState;
    return retry;
  }

  client.driveInputRounds = async (payload, flow) => {
    const signal = flow.options?.signal ?? lost.signal;
    const hooks = roundHooks.get(signal) ?? { rounds: 0 };
    // A resumed call's first leg already carried the last round's answers; every retry
    // repeats only the original params.
    const { inputResponses: _responses, requestState: _state, ...params } = flow.request.params ?? {};
    for (let next = payload; ; ) {
      hooks.rounds += 1;
      if (hooks.rounds > MAX_INPUT_ROUNDS) {
        throw new CallError('refused', `${server.name} still wanted more input after ${MAX_INPUT_ROUNDS} rounds; the call was stopped.`);
      }
      const round = toRound(flow.request.method as RoundMethod, params, hooks.rounds, next);
      hooks.onRound?.(round);
      const retry = await answerRound(round, signal);
      hooks.onRound?.(undefined);
      const result = await flow.retry({ ...params, ...retry }, { signal, onprogress: flow.options?.onprogress, timeout: flow.options?.timeout, allowInputRequired: true });
      if (!isInputRequiredResult(result)) return result;
      next = { inputRequests: result.inputRequests ?? {}, ...(result.requestState !== undefined && { requestState: result.requestState }) };
    }
  };

  const authorization =
    options.authorization &&
    createServerAuthorization({
      ...options.authorization,
      server,
      // The person signing in is the person answering: the same pause of the idle timeout.
      onInteraction: (waiting) => {
        asking += waiting ? 1 : -1;
        for (const watchdog of watchdogs) watchdog.touch();
      },
    });
  const mcpFetch = limitOpenRequests(options.fetch ?? ((url, init) => fetch(url, init)));
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    ...(authorization ? authorization.transportOptions(mcpFetch) : { fetch: mcpFetch }),
    requestInit: server.headers ? { headers: server.headers } : undefined,
  });
  let closing = false;
  // Fails every request and Request still waiting on this connection, once.
  const lose = (error: Error) => {
    if (closing || lost.signal.aborted) return;
    // The host hears first, while what was waiting on the connection is still listed.
    options.onLost?.(error);
    lost.abort(error);
  };
  client.onclose = () => lose(new Error(`The connection to ${server.name} closed.`));
  // A server that dies mid-call leaves the call pending forever: the SDK only reports
  // failed SSE reconnects here. A ping tells a dead server from a passing hiccup.
  let probing = false;
  client.onerror = () => {
    if (probing || closing || lost.signal.aborted) return;
    probing = true;
    client
      .ping({ timeout: 5_000 })
      .catch((error: unknown) => {
        if (!(error instanceof ProtocolError)) {
          lose(new Error(`Lost the connection to ${server.name}: ${errorMessage(error)}`));
        }
      })
      .finally(() => {
        probing = false;
      });
  };
  // The SDK's connect timer would run on while the person signs in; ours pauses for them.
  const connecting = new AbortController();
  const connectWatch = watch(() =>
    connecting.abort(new CallError('timeout', `${server.name} did not answer while connecting for ${Math.round(idleTimeoutMs / 1000)} s.`)),
  );
  try {
    await client.connect(transport, { timeout: NO_SDK_TIMEOUT, signal: connecting.signal, prior: options.prior });
    // After a probe the SDK subscribes to the list changes the server offers; adopting a
    // remembered advertisement sends nothing, so subscribe here, which also shows at once
    // whether the server still speaks the era it was remembered in.
    if (options.prior?.kind === 'modern') await listenForListChanges(client, connecting.signal);
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    throw connecting.signal.aborted ? connecting.signal.reason : error;
  } finally {
    connectWatch.stop();
  }

  function watch(onIdle: () => void): Watchdog {
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      if (asking > 0) last = Date.now();
      const idle = Date.now() - last;
      if (idle >= idleTimeoutMs) onIdle();
      else timer = setTimeout(check, idleTimeoutMs - idle);
    };
    timer = setTimeout(check, idleTimeoutMs);
    const watchdog: Watchdog = {
      touch: () => {
        last = Date.now();
      },
      stop: () => {
        clearTimeout(timer);
        watchdogs.delete(watchdog);
      },
    };
    watchdogs.add(watchdog);
    return watchdog;
  }

  /**
   * Runs one request under the idle watchdog instead of the SDK's fixed timeout, so a
   * request that waits on the person (a 2025 elicitation, a 2026 input round) lives as
   * long as they take, while a silent server still fails it.
   */
  async function run<T>(label: string, send: (options: RequestOptions) => Promise<T>, runOptions: CallOptions = {}, roundsDone = 0): Promise<T> {
    const controller = new AbortController();
    roundHooks.set(controller.signal, { onRound: runOptions.onRound, rounds: roundsDone });
    let stopped: CallError | undefined;
    const stop = (error: CallError) => {
      stopped ??= error;
      controller.abort(error);
    };
    const onAbort = () => stop(new CallError('cancelled', `${label.charAt(0).toUpperCase()}${label.slice(1)} was cancelled.`));
    const onLost = () => stop(new CallError('disconnected', String((lost.signal.reason as Error).message)));
    if (runOptions.signal?.aborted) onAbort();
    if (lost.signal.aborted) onLost();
    runOptions.signal?.addEventListener('abort', onAbort, { once: true });
    lost.signal.addEventListener('abort', onLost, { once: true });
    const watchdog = watch(() =>
      stop(new CallError('timeout', `${server.name} did not answer ${label} for ${idleTimeoutMs >= 1000 ? `${Math.round(idleTimeoutMs / 1000)} s` : `${idleTimeoutMs} ms`}.`)),
    );
    try {
      return await send({
        signal: controller.signal,
        timeout: NO_SDK_TIMEOUT,
        onprogress: (progress) => {
          watchdog.touch();
          runOptions.onprogress?.(progress);
        },
      });
    } catch (error) {
      // A legacy-era abort surfaces as REQUEST_TIMEOUT whatever its cause; say the real one.
      throw stopped ?? error;
    } finally {
      watchdog.stop();
      runOptions.signal?.removeEventListener('abort', onAbort);
      lost.signal.removeEventListener('abort', onLost);
    }
  }

  /**
   * 2025-11-25 URLElicitationRequired (-32042): the call cannot proceed until the person
   * has visited each URL. Each is asked as a Request; once every one is completed (or the
   * person presses Retry) the call is sent again.
   */
  async function visitRequiredUrls(tool: string, elicitations: unknown[], outer?: AbortSignal): Promise<void> {
    const signal = outer ? AbortSignal.any([outer, lost.signal]) : lost.signal;
    const requests = elicitations.map((params) => elicitationToRequest({ ...(params as object), mode: 'url' }));
    asking += 1;
    try {
      const answers = await Promise.all(requests.map((request) => askUntilValid(request, signal)));
      const refused = answers.find((answer) => !answer.ok);
      if (refused) {
        throw new CallError('declined', `${tool} needs you to open a page first; that was ${refused.reason === 'declined' ? 'declined' : 'cancelled'}.`);
      }
      await Promise.all(requests.map((request) => flowSettled(request, signal)));
    } finally {
      asking -= 1;
    }
  }

  /** Sends one of the requests that may need input, through the SDK's own method for it. */
  function send(method: RoundMethod, params: Record<string, unknown>, sdkOptions: RequestOptions): Promise<CallToolResult | GetPromptResult | ReadResourceResult> {
    switch (method) {
      case 'tools/call':
        return client.callTool(params as { name: string }, sdkOptions) as Promise<CallToolResult>;
      case 'prompts/get':
        return client.getPrompt(params as { name: string }, sdkOptions);
      case 'resources/read':
        return client.readResource(params as { uri: string }, { ...sdkOptions, cacheMode: 'bypass' });
    }
  }

  const label = (method: RoundMethod, params: Record<string, unknown>) =>
    method === 'tools/call' ? `the call to ${String(params.name)}` : method === 'prompts/get' ? `the prompt ${String(params.name)}` : `reading ${String(params.uri)}`;

  async function callTool(name: string, args: Record<string, unknown>, callOptions?: CallOptions): Promise<CallToolResult> {
    const params = { name, arguments: args };
    for (let round = 1; ; round += 1) {
      try {
        return (await run(label('tools/call', params), (request) => send('tools/call', params, request), callOptions)) as CallToolResult;
      } catch (error) {
        if (!(error instanceof UrlElicitationRequiredError) || round > MAX_URL_ROUNDS) throw error;
        await visitRequiredUrls(name, error.elicitations, callOptions?.signal);
      }
    }
  }

  async function resume(round: InputRound, resumeOptions: CallOptions = {}) {
    if (client.getProtocolEra() !== 'modern') {
      throw new CallError('refused', `${server.name} no longer speaks the 2026-07-28 protocol, so the call cannot be carried on. Run it again.`);
    }
    let signal: AbortSignal | undefined;
    try {
      return await run(
        label(round.method, round.params),
        async (request) => {
          signal = request.signal!;
          const retry = await answerRound(round, signal);
          resumeOptions.onRound?.(undefined);
          return send(round.method, { ...round.params, ...retry }, request);
        },
        resumeOptions,
        round.round,
      );
    } catch (error) {
      // The server checks the kept requestState (spec mrtr: e.g. its expiry) and may refuse
      // it: say so when the very retry of the kept round failed, not a later round.
      const firstLeg = signal !== undefined && roundHooks.get(signal)?.rounds === round.round;
      if (firstLeg && error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) {
        throw new CallError('refused', `${server.name} could not carry on ${label(round.method, round.params)} after toolnexus restarted (${error.message}). Run it again.`);
      }
      throw error;
    }
  }

  const offers = (capability: keyof ServerCapabilities) => client.getServerCapabilities()?.[capability] !== undefined;

  return {
    server,
    era: client.getProtocolEra() ?? 'legacy',
    protocolVersion: client.getNegotiatedProtocolVersion(),
    discover: client.getDiscoverResult(),
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    listTools: async () => (offers('tools') ? (await client.listTools()).tools : []),
    callTool: (name, args = {}, callOptions) => callTool(name, args, callOptions),
    listResources: async () => (offers('resources') ? (await client.listResources()).resources : []),
    listResourceTemplates: async () =>
      offers('resources') ? (await client.listResourceTemplates()).resourceTemplates : [],
    readResource: (uri, readOptions) => run(label('resources/read', { uri }), (request) => send('resources/read', { uri }, request), readOptions) as Promise<ReadResourceResult>,
    listPrompts: async () => (offers('prompts') ? (await client.listPrompts()).prompts : []),
    getPrompt: (name, args = {}, promptOptions) => {
      const params = { name, arguments: args };
      return run(label('prompts/get', params), (request) => send('prompts/get', params, request), promptOptions) as Promise<GetPromptResult>;
    },
    resume,
    close: async () => {
      closing = true;
      const endSession = transport.sessionId !== undefined && !lost.signal.aborted;
      // Calls still waiting hold connections the DELETE needs: end them first.
      lost.abort(new CallError('disconnected', `The connection to ${server.name} was closed.`));
      // spec 2025-11-25 transports: a client that no longer needs its session SHOULD end it
      // with DELETE. A server that is gone, slow or does not allow it changes nothing here.
      if (endSession) await Promise.race([transport.terminateSession().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2_000))]);
      await client.close();
    },
  };
}
