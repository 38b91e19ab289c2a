/**
 * The MCP client core (`Mcp.load/2` with `:wait_for` in docs/mapping.md): one SDK `Client` per server over
 * Streamable HTTP, speaking both protocol eras, with every elicitation routed to the
 * person through `waitFor`. Runs unchanged in the extension's worker and in Node.
 *
 * `load` only wires the parts: `ElicitingClient` (the SDK's hooks), `idleClock` (timeouts
 * that pause for the person), `urlCompletion` (when a URL flow is done, and -32042), and
 * `inputRounds` (2026-07-28 `input_required`), `requestRunner` (how each request ends).
 */
import { APP_MIME_TYPE, APPS_EXTENSION } from '../apps/resource';
import './zodJitless';
import {
  LOG_LEVEL_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type Client,
  type LoggingLevel,
  type GetPromptResult,
  type Implementation,
  type ReadResourceResult,
  type ServerCapabilities,
} from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { errorMessage } from '../errorMessage';
import type { CallOptions, Connection, InputRound, LoadOptions, ServerConfig } from './connection';
import { CallError } from './errors';
import { ElicitingClient } from './elicitingClient';
import { idleClock, NO_SDK_TIMEOUT } from './idleClock';
import { answerRound, describeRequest, inputRounds, sendRoundMethod, toRound } from './inputRounds';
import { resourceWatching } from './resourceWatch';
import { requestRunner } from './runRequest';
import {
  cancelTask,
  createdTask,
  createTask,
  type DetailedTask,
  followModernTask,
  followTask,
  modernTaskRef,
  TASKS_EXTENSION,
  TaskSchema,
  taskRef,
  type Task,
  type TaskRef,
} from './tasks';
import { connectTransport, liveness } from './transport';
import { sendAfterUrlVisits } from './urlCompletion';
import { elicitations } from './elicitations';
import { listChangedOption, listenWithoutAdvertisement } from './listChanges';

/** spec 2025-11-25 completion: a response holds at most 100 values. */
const MAX_COMPLETIONS = 100;
const CLIENT_INFO: Implementation = { name: 'toolnexus', version: '0.1.0' };

/**
 * Connects to `server` and keeps the connection for calls. `elicitation/create` (2025)
 * and `input_required` elicitations (2026) both arrive at one handler: params are
 * checked, mapped to a Request, answered through `waitFor`, and mapped back.
 */
export async function load(server: ServerConfig, options: LoadOptions): Promise<Connection> {
  const { idleTimeoutMs = 60_000, maxAttempts = 3 } = options;
  const capabilities = {
    elicitation: { form: {}, url: {} },
    // spec 2025-11-25 tasks: parties that support task-augmented requests MUST declare `tasks`;
    // toolnexus only sends them, so it names no request it would take as a task itself.
    tasks: {},
    extensions: {
      // SEP-2663: the one handshake of 2026-07-28 tasks; the server then decides per call.
      [TASKS_EXTENSION]: {},
      ...(options.mcpApps && { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } }),
    },
  };
  const client = new ElicitingClient(options.clientInfo ?? CLIENT_INFO, {
    capabilities,
    listChanged: listChangedOption(options.onListChanged),
    versionNegotiation: { mode: 'auto' },
    // Node would pick Ajv; the worker can only run the eval-free validator, so tests run it too.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });
  const clock = idleClock(idleTimeoutMs);
  const live = liveness(client, server.name, options.onLost);
  const elicits = elicitations({
    ...options,
    serverName: server.name,
    maxAttempts,
    clock,
    lost: live.lost,
    modern: () => client.getProtocolEra() === 'modern',
  });
  const { elicit } = elicits;
  client.setNotificationHandler('notifications/message', ({ params }) => options.onLog?.(params));
  client.setNotificationHandler('notifications/elicitation/complete', ({ params }) => elicits.complete(params.elicitationId));
  elicits.handle(client);
  // spec 2025-11-25 tasks: status notifications are optional (requestors MUST NOT rely on
  // them); one that says the task ended or needs input only cuts the wait for the next poll.
  const taskPushes = new Map<string, Set<() => void>>();
  const onTaskStatus = (task: Task) => {
    if (task.status === 'working') return;
    for (const push of taskPushes.get(task.taskId) ?? []) push();
  };
  const nextPush = (taskId: string, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const waiters = taskPushes.get(taskId) ?? new Set();
      const done = () => {
        waiters.delete(done);
        if (waiters.size === 0) taskPushes.delete(taskId);
        resolve();
      };
      taskPushes.set(taskId, waiters.add(done));
      signal.addEventListener('abort', done, { once: true });
    });
  client.setNotificationHandler('notifications/tasks/status', { params: TaskSchema }, onTaskStatus);
  const rounds = inputRounds(server.name, elicit);
  client.driveInputRounds = (payload, call) => rounds.drive(payload, call, live.lost);
  const run = requestRunner(server.name, clock, live.lost, rounds);

  const transport = await connectTransport(client, server, { ...options, clock, liveness: live, onCallEnded: elicits.callEnded });
  listenWithoutAdvertisement(client, options.onListChanged);
  const watchResource = resourceWatching(client, server.name);

  let logLevel = options.logLevel;
  const modern = client.getProtocolEra() === 'modern';
  /** 2026-07-28: the level rides on each request (`_meta`), as logging/setLevel is deprecated there. */
  const withLogLevel = <T extends object>(params: T): T => (modern && logLevel ? { ...params, _meta: { [LOG_LEVEL_META_KEY]: logLevel } } : params);
  async function setLogLevel(level: LoggingLevel): Promise<void> {
    logLevel = level;
    if (!modern && client.getServerCapabilities()?.logging) await client.setLoggingLevel(level);
  }
  // A level the person chose earlier; a server that will not take it still connects.
  if (logLevel) await setLogLevel(logLevel).catch(() => {});

  /**
   * Runs `use` on a client of the task's session: this connection's own, or, for a task an
   * earlier connection created (a stopped worker's), one that joins that session without a
   * handshake, as SDK servers find a task only in the session that created it.
   */
  async function withTaskSession<T>(ref: TaskRef, use: (taskClient: Client) => Promise<T>): Promise<T> {
    if (transport.kind === 'sse' || !ref.sessionId || ref.sessionId === transport.sessionId) return use(client);
    const joined = new ElicitingClient(options.clientInfo ?? CLIENT_INFO, { capabilities, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    elicits.handle(joined);
    joined.setNotificationHandler('notifications/tasks/status', { params: TaskSchema }, onTaskStatus);
    const joining = transport.joinSession(ref.sessionId);
    await joined.connect(joining);
    const version = client.getNegotiatedProtocolVersion();
    if (version) joining.setProtocolVersion(version);
    try {
      return await use(joined);
    } finally {
      // close(), not terminateSession(): the session is the server's, and other tasks may live in it.
      await joined.close().catch(() => {});
    }
  }

  /** Asks the person a 2026-07-28 task's `inputRequests`, as a round of the call (inputRounds checks and names them). */
  async function answerTaskInput(inputRequests: Record<string, unknown>, signal: AbortSignal): Promise<Record<string, unknown>> {
    const round = toRound(server.name, 'tools/call', {}, 1, { inputRequests });
    const { inputResponses } = await answerRound(round, signal, elicit);
    return inputResponses as Record<string, unknown>;
  }

  /** Follows a task to its result; a cancel from the person is sent on as `tasks/cancel`. `created`: a 2026-07-28 task just created. */
  function follow(ref: TaskRef, callOptions: CallOptions, created?: DetailedTask): Promise<CallToolResult> {
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, live.lost]) : live.lost;
    callOptions.onTask?.(ref);
    return withTaskSession(ref, async (taskClient) => {
      try {
        if (ref.modern) {
          return await followModernTask(taskClient, ref.taskId, created, {
            signal,
            onStatus: (task) => callOptions.onTask?.(modernTaskRef(task)),
            answer: (inputRequests) => answerTaskInput(inputRequests, signal),
          });
        }
        return await followTask(taskClient, ref, {
          signal,
          nextPush,
          resultTimeout: NO_SDK_TIMEOUT,
          onStatus: (task) => callOptions.onTask?.(taskRef(task, ref.sessionId)),
        });
      } catch (error) {
        if (callOptions.signal?.aborted) {
          await cancelTask(taskClient, ref.taskId);
          throw new CallError('cancelled', `Cancelled, and ${server.name} was asked to stop its task.`);
        }
        if (live.lost.aborted) throw new CallError('disconnected', errorMessage(live.lost.reason));
        throw error;
      }
    });
  }

  /** 2026-07-28: any call may come back a task, the server's choice (SEP-2663); the task is followed to its result. */
  async function followIfTask(result: CallToolResult, callOptions: CallOptions): Promise<CallToolResult> {
    const created = createdTask(result);
    return created ? follow(modernTaskRef(created), callOptions, created) : result;
  }

  async function callAsTask(params: Record<string, unknown>, callOptions: CallOptions): Promise<CallToolResult> {
    const created = await run(describeRequest('tools/call', params), (sdk) => createTask(client, params, sdk), callOptions);
    if ('result' in created) return created.result;
    return follow(taskRef(created.task, transport.sessionId), callOptions);
  }

  async function callTool(name: string, args: Record<string, unknown>, callOptions: CallOptions = {}): Promise<CallToolResult> {
    const params = withLogLevel({ name, arguments: args });
    if (callOptions.asTask && !modern) return callAsTask(params, callOptions);
    return sendAfterUrlVisits(
      async () => {
        const result = (await run(
          describeRequest('tools/call', params),
          (sdk) => sendRoundMethod(client, 'tools/call', params, sdk),
          callOptions,
        )) as CallToolResult;
        return followIfTask(result, callOptions);
      },
      (required) => elicits.visitUrls(name, required.elicitations, callOptions.signal ? AbortSignal.any([callOptions.signal, live.lost]) : live.lost),
    );
  }

  async function resume(round: InputRound, resumeOptions: CallOptions = {}) {
    if (client.getProtocolEra() !== 'modern') {
      throw new CallError('refused', `${server.name} no longer speaks the 2026-07-28 protocol, so the call cannot be carried on. Run it again.`);
    }
    let signal: AbortSignal | undefined;
    let result: CallToolResult | GetPromptResult | ReadResourceResult;
    try {
      result = await run(
        describeRequest(round.method, round.params),
        async (sdk) => {
          signal = sdk.signal!;
          const retry = await answerRound(round, signal, elicit);
          resumeOptions.onRound?.(undefined);
          return sendRoundMethod(client, round.method, { ...round.params, ...retry }, sdk);
        },
        resumeOptions,
        round.round,
      );
    } catch (error) {
      // The server checks the kept requestState (spec mrtr: e.g. its expiry) and may refuse
      // it: say so when the very retry of the kept round failed, not a later round.
      const firstLeg = signal !== undefined && rounds.roundsOf(signal) === round.round;
      if (firstLeg && error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) {
        throw new CallError(
          'refused',
          `${server.name} could not carry on ${describeRequest(round.method, round.params)} after toolnexus restarted (${error.message}). Run it again.`,
        );
      }
      throw error;
    }
    // SEP-2663: a server SHOULD settle input rounds before it makes the call a task, so the retry may be one.
    return round.method === 'tools/call' ? followIfTask(result as CallToolResult, resumeOptions) : result;
  }

  const offers = (capability: keyof ServerCapabilities) => client.getServerCapabilities()?.[capability] !== undefined;

  return {
    server,
    era: client.getProtocolEra() ?? 'legacy',
    transport: transport.kind,
    protocolVersion: client.getNegotiatedProtocolVersion(),
    discover: client.getDiscoverResult(),
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities() ?? {},
    instructions: client.getInstructions(),
    listTools: async () => (offers('tools') ? (await client.listTools()).tools : []),
    callTool: (name, args = {}, callOptions) => callTool(name, args, callOptions),
    listResources: async () => (offers('resources') ? (await client.listResources()).resources : []),
    listResourceTemplates: async () => (offers('resources') ? (await client.listResourceTemplates()).resourceTemplates : []),
    readResource: (uri, readOptions) =>
      run(
        describeRequest('resources/read', { uri }),
        (sdk) => sendRoundMethod(client, 'resources/read', withLogLevel({ uri }), sdk),
        readOptions,
      ) as Promise<ReadResourceResult>,
    listPrompts: async () => (offers('prompts') ? (await client.listPrompts()).prompts : []),
    getPrompt: (name, args = {}, promptOptions) => {
      const params = withLogLevel({ name, arguments: args });
      return run(
        describeRequest('prompts/get', params),
        (sdk) => sendRoundMethod(client, 'prompts/get', params, sdk),
        promptOptions,
      ) as Promise<GetPromptResult>;
    },
    watchResource,
    complete: async (ref, argument, filled = {}) => {
      if (!offers('completions')) return [];
      const context = Object.keys(filled).length > 0 ? { context: { arguments: filled } } : {};
      const { completion } = await client.complete({ ref, argument, ...context });
      // A server that sends more than the spec's 100 is cut, not trusted.
      return completion.values.filter((value): value is string => typeof value === 'string').slice(0, MAX_COMPLETIONS);
    },
    resume,
    followTask: (ref, followOptions = {}) => follow(ref, followOptions),
    setLogLevel,
    close: () => transport.close(),
  };
}
