/**
 * Tool calls that run as tasks (lib/mcp/tasks.ts sends the requests): a task is followed to its
 * result in the session it lives in, the input it needs is asked as a round of the call, and a
 * cancel from the person is sent on as `tasks/cancel`. Status notifications only cut the wait
 * for the next poll (`taskPushes`).
 */
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { errorMessage } from '../errorMessage';
import { t } from '../i18n';
import type { CallOptions } from './connection';
import type { Elicitations } from './elicitations';
import { CallError } from './errors';
import { NO_SDK_TIMEOUT } from './idleClock';
import { answerRound, toRound } from './inputRounds';
import type { RunRequest } from './runRequest';
import {
  cancelTask,
  createdTask,
  createTask,
  type DetailedTask,
  followModernTask,
  followTask,
  modernTaskRef,
  type Task,
  TaskSchema,
  type TaskRef,
  taskRef,
} from './tasks';
import type { ServerTransport } from './transport';

/** Who waits for the next status notification of which task. */
export interface TaskPushes {
  /** A `notifications/tasks/status`: wakes whoever waits on the task, unless it is still just working. */
  onStatus(task: Task): void;
  /** Resolves at the task's next status notification that says more than "working", or once `signal` aborts. */
  next(taskId: string, signal: AbortSignal): Promise<void>;
}

// spec 2025-11-25 tasks: status notifications are optional (requestors MUST NOT rely on
// them); one that says the task ended or needs input only cuts the wait for the next poll.
export function taskPushes(): TaskPushes {
  const waiting = new Map<string, Set<() => void>>();
  return {
    onStatus(task) {
      if (task.status === 'working') return;
      for (const push of waiting.get(task.taskId) ?? []) push();
    },
    next: (taskId, signal) =>
      new Promise<void>((resolve) => {
        const waiters = waiting.get(taskId) ?? new Set();
        const done = () => {
          waiters.delete(done);
          if (waiters.size === 0) waiting.delete(taskId);
          resolve();
        };
        waiting.set(taskId, waiters.add(done));
        signal.addEventListener('abort', done, { once: true });
      }),
  };
}

export interface TaskCallSetup {
  serverName: string;
  /** This connection's client. */
  client: Client;
  transport: Pick<ServerTransport, 'kind' | 'sessionId' | 'joinSession'>;
  /** A client like this connection's, to join another session of the server without a handshake. */
  newClient: () => Client;
  elicitations: Pick<Elicitations, 'handle' | 'elicit'>;
  /** The connection's: aborts once it is lost or closed. */
  lost: AbortSignal;
  run: RunRequest;
}

export interface TaskCalls {
  /** Sends `tools/call` as a 2025-11-25 task and follows it; a server that ran the tool at once gives its result. */
  callAsTask(params: Record<string, unknown>, options: CallOptions): Promise<CallToolResult>;
  /** 2026-07-28: any call may come back a task, the server's choice (SEP-2663); the task is followed to its result. */
  followIfTask(result: CallToolResult, options: CallOptions): Promise<CallToolResult>;
  /** Follows a task to its result; a cancel from the person is sent on as `tasks/cancel`. `created`: a 2026-07-28 task just created. */
  follow(ref: TaskRef, options: CallOptions, created?: DetailedTask): Promise<CallToolResult>;
}

export function taskCalls(setup: TaskCallSetup): TaskCalls {
  const { serverName, client, transport, elicitations, lost } = setup;
  const pushes = taskPushes();
  client.setNotificationHandler('notifications/tasks/status', { params: TaskSchema }, pushes.onStatus);

  /**
   * Runs `use` on a client of the task's session: this connection's own, or, for a task an
   * earlier connection created (a stopped worker's), one that joins that session without a
   * handshake, as SDK servers find a task only in the session that created it.
   */
  async function withTaskSession<T>(ref: TaskRef, use: (taskClient: Client) => Promise<T>): Promise<T> {
    if (transport.kind === 'sse' || !ref.sessionId || ref.sessionId === transport.sessionId) return use(client);
    const joined = setup.newClient();
    elicitations.handle(joined);
    joined.setNotificationHandler('notifications/tasks/status', { params: TaskSchema }, pushes.onStatus);
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
    const round = toRound(serverName, 'tools/call', {}, 1, { inputRequests });
    const { inputResponses } = await answerRound(round, signal, elicitations.elicit);
    return inputResponses as Record<string, unknown>;
  }

  function follow(ref: TaskRef, options: CallOptions, created?: DetailedTask): Promise<CallToolResult> {
    const signal = options.signal ? AbortSignal.any([options.signal, lost]) : lost;
    options.onTask?.(ref);
    return withTaskSession(ref, async (taskClient) => {
      try {
        if (ref.modern) {
          return await followModernTask(taskClient, ref.taskId, created, {
            signal,
            onStatus: (task) => options.onTask?.(modernTaskRef(task)),
            answer: (inputRequests) => answerTaskInput(inputRequests, signal),
          });
        }
        return await followTask(taskClient, ref, {
          signal,
          nextPush: pushes.next,
          resultTimeout: NO_SDK_TIMEOUT,
          onStatus: (task) => options.onTask?.(taskRef(task, ref.sessionId)),
        });
      } catch (error) {
        if (options.signal?.aborted) {
          await cancelTask(taskClient, ref.taskId);
          throw new CallError('cancelled', t('mcp.cancelled.task', { server: serverName }));
        }
        if (lost.aborted) throw new CallError('disconnected', errorMessage(lost.reason));
        throw error;
      }
    });
  }

  return {
    async callAsTask(params, options) {
      const created = await setup.run({ method: 'tools/call', params }, (sdk) => createTask(client, params, sdk), options);
      if ('result' in created) return created.result;
      return follow(taskRef(created.task, transport.sessionId), options);
    },
    async followIfTask(result, options) {
      const created = createdTask(result);
      return created ? follow(modernTaskRef(created), options, created) : result;
    },
    follow,
  };
}
