/**
 * Tool calls the server runs as tasks, in both eras: a task id comes back at once, and the
 * result is fetched later, by any connection (in 2025-11-25, to the same session).
 * - 2025-11-25 tasks (spec basic/utilities/tasks, experimental): the client asks for a task
 *   (`task` param), polls `tasks/get`, reads `tasks/result`.
 * - 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663, spec repo
 *   docs/seps/2663-tasks-extension.mdx): the client declares the extension and the server
 *   decides per call (`resultType: "task"`); `tasks/get` carries the result, error or
 *   `inputRequests`, answered with `tasks/update`.
 * SDK v2 dropped its tasks helpers, so these are raw requests with the few schemas they need.
 * `runsAsTask` and `pollDelay` decide (pure); the rest sends.
 */
import {
  type CallToolResult,
  type Client,
  ProtocolError,
  type RequestOptions,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/client';
import { z } from 'zod';
import { CallError } from './errors';
import { t } from '../i18n';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** What a task is known as: enough for any worker to follow it to its end. */
export interface TaskRef {
  taskId: string;
  /** The 2025-11-25 session the task was created in: servers find a task only in its own session. */
  sessionId?: string;
  status: TaskStatus;
  statusMessage?: string;
  /** The server's suggested pause between polls, in ms. */
  pollInterval?: number;
  /** A 2026-07-28 extension task: stateless, so any connection follows it. */
  modern?: true;
}

/** The 2026-07-28 tasks extension's identifier, declared in the client's capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/**
 * Where a 2026-07-28 `CreateTaskResult` rides once ElicitingClient has made it a result the
 * SDK can decode (it refuses `resultType: "task"`): a tool error, so the SDK checks no output
 * schema against it, that `createdTask` reads back before anyone sees it.
 */
const TASK_HANDLE_META = 'toolnexus/createTaskResult';

/** How long the task is asked to live: long enough to outlast a browser restart. */
const TASK_TTL_MS = 24 * 60 * 60_000;
const DEFAULT_POLL_MS = 1_000;
// A server's pollInterval is a suggestion (spec: SHOULD respect it); these keep a bad one
// from hammering it or from leaving the person without news for long.
const MIN_POLL_MS = 200;
const MAX_POLL_MS = 30_000;
/** One `tasks/get` is a quick look, not a wait. */
const POLL_TIMEOUT_MS = 30_000;

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export const isTerminal = (status: TaskStatus) => TERMINAL.has(status);

/**
 * spec tasks, Tool-Level Negotiation: only a server with `tasks.requests.tools.call` takes
 * tasks, and then only for a tool whose `execution.taskSupport` is `required` (MUST) or
 * `optional` (MAY). toolnexus takes `optional` as a task too: a task survives a stopped
 * worker, a plain call does not.
 */
export function runsAsTask(capabilities: ServerCapabilities, tool: Pick<Tool, 'execution'> | undefined): boolean {
  const offered = (capabilities as { tasks?: { requests?: { tools?: { call?: object } } } }).tasks?.requests?.tools?.call;
  const support = tool?.execution?.taskSupport;
  return offered !== undefined && (support === 'required' || support === 'optional');
}

/** The pause before the next `tasks/get`: the server's suggestion, kept within bounds. */
export function pollDelay(task: Pick<TaskRef, 'pollInterval'>): number {
  const suggested = task.pollInterval ?? DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

/** A `Task` as tasks/get and notifications/tasks/status carry it; loose, as servers add fields. */
export const TaskSchema = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  pollInterval: z.number().optional(),
});
/** A server may run a task-capable tool at once after all: either shape can come back. */
const CreateTaskOrResultSchema = z.looseObject({ task: TaskSchema.optional(), content: z.array(z.unknown()).optional() });
const CallToolResultSchema = z.looseObject({ content: z.array(z.unknown()).optional() });
const AnySchema = z.looseObject({});

export type Task = z.infer<typeof TaskSchema>;

/** The fields toolnexus keeps of a task the server sent. */
export const taskRef = (task: Task, sessionId: string | undefined): TaskRef => ({
  taskId: task.taskId,
  ...(sessionId && { sessionId }),
  status: task.status,
  ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
  ...(task.pollInterval !== undefined && { pollInterval: task.pollInterval }),
});

/** SEP-2663 `DetailedTask`: what `tasks/get` answers, with the status's own payload. */
const DetailedTaskSchema = z.looseObject({
  taskId: z.string(),
  status: z.enum(['working', 'input_required', 'completed', 'failed', 'cancelled']),
  statusMessage: z.string().optional(),
  pollIntervalMs: z.number().optional(),
  result: z.looseObject({}).optional(),
  error: z.looseObject({ code: z.number(), message: z.string() }).optional(),
  inputRequests: z.record(z.string(), z.unknown()).optional(),
});
export type DetailedTask = z.infer<typeof DetailedTaskSchema>;

/** A response's result as the SDK can take it: a 2026-07-28 `CreateTaskResult` wrapped (see TASK_HANDLE_META). */
export function wrapCreateTaskResult(result: unknown): unknown {
  const created = typeof result === 'object' && result !== null && (result as { resultType?: unknown }).resultType === 'task';
  return created ? { resultType: 'complete', content: [], isError: true, _meta: { [TASK_HANDLE_META]: result } } : result;
}

/** The task a 2026-07-28 `tools/call` created, if its (wrapped) result is one. */
export function createdTask(result: CallToolResult): DetailedTask | undefined {
  const parsed = DetailedTaskSchema.safeParse(result._meta?.[TASK_HANDLE_META]);
  return parsed.success ? parsed.data : undefined;
}

export const modernTaskRef = (task: DetailedTask): TaskRef => ({
  taskId: task.taskId,
  status: task.status,
  ...(task.statusMessage !== undefined && { statusMessage: task.statusMessage }),
  ...(task.pollIntervalMs !== undefined && { pollInterval: task.pollIntervalMs }),
  modern: true,
});

/** Sends `tools/call` as a task: the task the server created, or the result when it ran the tool at once. */
export async function createTask(
  client: Client,
  params: Record<string, unknown>,
  options: RequestOptions,
): Promise<{ task: Task } | { result: CallToolResult }> {
  const created = await client.request(
    { method: 'tools/call', params: { ...params, task: { ttl: TASK_TTL_MS } } },
    CreateTaskOrResultSchema,
    options,
  );
  return created.task ? { task: created.task } : { result: created as CallToolResult };
}

export interface FollowOptions {
  signal: AbortSignal;
  /** Every status the task is seen in, from a poll or a status notification. */
  onStatus: (task: Task) => void;
  /** Resolves early when a status notification for the task arrives, so a poll is not waited out. */
  nextPush: (taskId: string, signal: AbortSignal) => Promise<void>;
  /** For `tasks/result`, which blocks until the task ends: it must outlive the idle clock. */
  resultTimeout: number;
}

const sleep = (ms: number, signal: AbortSignal, early: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
    void early.then(done, done);
  });

/**
 * Polls `tasks/get` at the server's pace until the task ends, then reads `tasks/result`,
 * which answers exactly what the call would have (a result, or the JSON-RPC error, thrown).
 * spec tasks, Input Required Status: the requestor SHOULD call `tasks/result` at once on
 * `input_required`, so the server has a stream to ask on; its elicitation/create then
 * reaches the client's usual handler. Polling goes on beside it.
 */
export async function followTask(client: Client, first: Omit<TaskRef, 'sessionId'>, options: FollowOptions): Promise<CallToolResult> {
  const { signal } = options;
  let task: Omit<TaskRef, 'sessionId'> = first;
  let result: Promise<CallToolResult> | undefined;
  const readResult = () =>
    (result ??= client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, CallToolResultSchema, {
      signal,
      timeout: options.resultTimeout,
    }) as Promise<CallToolResult>);
  while (!isTerminal(task.status)) {
    if (task.status === 'input_required') void readResult().catch(() => {});
    const pushed = new AbortController();
    await sleep(pollDelay(task), signal, options.nextPush(task.taskId, AbortSignal.any([signal, pushed.signal])));
    pushed.abort();
    signal.throwIfAborted();
    task = await client.request({ method: 'tasks/get', params: { taskId: task.taskId } }, TaskSchema, { signal, timeout: POLL_TIMEOUT_MS });
    options.onStatus(task);
  }
  if (task.status === 'cancelled') throw new CallError('cancelled', task.statusMessage ?? t('mcp.task.cancelled'));
  return readResult();
}

export interface FollowModernOptions {
  signal: AbortSignal;
  onStatus: (task: DetailedTask) => void;
  /** Asks the person the task's new `inputRequests`; resolves with their `inputResponses`. */
  answer: (inputRequests: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/**
 * SEP-2663: polls `tasks/get` (at `pollIntervalMs`) until the task ends; its result, or its
 * JSON-RPC error thrown, is in the last answer. Input it needs is asked once per key
 * (clients SHOULD deduplicate `inputRequests` keys across polls) and sent with `tasks/update`.
 * `first` is the CreateTaskResult, or nothing for a task an earlier worker created.
 */
export async function followModernTask(
  client: Client,
  taskId: string,
  first: DetailedTask | undefined,
  options: FollowModernOptions,
): Promise<CallToolResult> {
  const { signal } = options;
  const answered = new Set<string>();
  const get = () => client.request({ method: 'tasks/get', params: { taskId } }, DetailedTaskSchema, { signal, timeout: POLL_TIMEOUT_MS });
  let task = first ?? (await get());
  // A task just created was reported with its creation; one fetched here was not.
  if (!first) options.onStatus(task);
  for (;;) {
    if (task.status === 'completed') return (task.result ?? { content: [] }) as CallToolResult;
    if (task.status === 'failed')
      throw new ProtocolError(task.error?.code ?? -32603, task.error?.message ?? task.statusMessage ?? t('mcp.task.failed'), task.error?.data);
    if (task.status === 'cancelled') throw new CallError('cancelled', task.statusMessage ?? t('mcp.task.cancelled'));
    const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
    if (task.status === 'input_required' && fresh.length > 0) {
      for (const [key] of fresh) answered.add(key);
      const inputResponses = await options.answer(Object.fromEntries(fresh));
      await client.request({ method: 'tasks/update', params: { taskId, inputResponses } }, AnySchema, { signal, timeout: POLL_TIMEOUT_MS });
    }
    await sleep(pollDelay({ pollInterval: task.pollIntervalMs }), signal, new Promise(() => {}));
    signal.throwIfAborted();
    task = await get();
    options.onStatus(task);
  }
}

/**
 * `tasks/cancel`, the same in both eras (2025-11-25 Cancelling Tasks; SEP-2663 Task
 * Cancellation, where notifications/cancelled MUST NOT be used). A task that ended meanwhile
 * is refused (-32602), which changes nothing.
 */
export async function cancelTask(client: Client, taskId: string): Promise<void> {
  await client.request({ method: 'tasks/cancel', params: { taskId } }, AnySchema, { timeout: POLL_TIMEOUT_MS }).catch(() => {});
}
