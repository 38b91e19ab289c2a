import { Client, type ElicitResult, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../lib/mcp/errors';
import { idleClock } from '../../../lib/mcp/idleClock';
import { requestRunner } from '../../../lib/mcp/runRequest';
import { type TaskCallSetup, taskCalls, taskPushes } from '../../../lib/mcp/taskCalls';
import { type TaskRef, wrapCreateTaskResult } from '../../../lib/mcp/tasks';
import type { Request } from '../../../lib/request';

type Handler = (params: Record<string, unknown>) => unknown;

/** A hand-played 2025-11-25 server: `handlers` answer by method; every request it got is kept. */
async function handPlayed(handlers: Record<string, Handler>, sessionId?: string) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const received: Array<{ method: string; params: Record<string, unknown> }> = [];
  serverSide.onmessage = (message: JSONRPCMessage) => {
    if (!('method' in message) || !('id' in message)) return;
    const params = (message.params ?? {}) as Record<string, unknown>;
    received.push({ method: message.method, params });
    const result =
      message.method === 'initialize'
        ? {
            protocolVersion: '2025-11-25',
            capabilities: { tasks: { requests: { tools: { call: {} } } } },
            serverInfo: { name: 'hand', version: '1' },
          }
        : (handlers[message.method]?.(params) ?? {});
    void serverSide.send({ jsonrpc: '2.0', id: message.id, result: result as Record<string, unknown> });
  };
  await serverSide.start();
  if (sessionId) Object.assign(clientSide, { sessionId, setProtocolVersion: () => {} });
  return { clientSide, received };
}

/** Answers `tasks/get` with these statuses in turn, then the last one for good. */
const statuses = (...sequence: string[]): Handler => {
  let index = 0;
  return ({ taskId }) => ({ taskId, status: sequence[Math.min(index++, sequence.length - 1)], pollInterval: 200 });
};

async function calls(handlers: Record<string, Handler>, more: Partial<TaskCallSetup> = {}) {
  const server = await handPlayed(handlers);
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
  await client.connect(server.clientSide);
  const lost = new AbortController();
  const elicit = vi.fn(async (_request: Request): Promise<ElicitResult> => ({ action: 'accept', content: { name: 'Ada' } }));
  const tasks = taskCalls({
    serverName: 'Echo',
    client,
    transport: { kind: 'streamable-http', sessionId: 'session-1', joinSession: () => expect.unreachable() },
    newClient: () => expect.unreachable(),
    elicitations: { handle: vi.fn(), elicit },
    lost: lost.signal,
    run: requestRunner('Echo', idleClock(60_000), lost.signal, { track: () => {} }),
    ...more,
  });
  return { tasks, received: server.received, lost, elicit, client };
}

const slowTask = {
  'tools/call': () => ({ task: { taskId: 't1', status: 'working', pollInterval: 200 } }),
  'tasks/result': () => ({ content: [{ type: 'text', text: 'done' }] }),
};

describe('taskPushes', () => {
  it('wakes whoever waits on a task when its status says more than "working", and no one else', async () => {
    const pushes = taskPushes();
    const woken: string[] = [];
    const never = new AbortController().signal;
    void pushes.next('a', never).then(() => woken.push('a'));
    void pushes.next('b', never).then(() => woken.push('b'));
    pushes.onStatus({ taskId: 'a', status: 'working' });
    await Promise.resolve();
    expect(woken).toEqual([]);
    pushes.onStatus({ taskId: 'a', status: 'input_required' });
    await vi.waitFor(() => expect(woken).toEqual(['a']));
  });

  it('stops waiting when the wait is given up', async () => {
    const pushes = taskPushes();
    const giveUp = new AbortController();
    const waited = pushes.next('a', giveUp.signal);
    giveUp.abort();
    await expect(waited).resolves.toBeUndefined();
  });
});

describe('taskCalls', () => {
  it('sends a 2025-11-25 call as a task, follows it in its session through every status, and reads its result', async () => {
    const { tasks, received } = await calls({ ...slowTask, 'tasks/get': statuses('working', 'completed') });
    const seen: TaskRef[] = [];
    const result = await tasks.callAsTask({ name: 'slow', arguments: {} }, { onTask: (ref) => seen.push(ref) });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(received.find((request) => request.method === 'tools/call')?.params.task).toEqual({ ttl: 24 * 60 * 60_000 });
    expect(seen.map((ref) => [ref.taskId, ref.sessionId, ref.status])).toEqual([
      ['t1', 'session-1', 'working'],
      ['t1', 'session-1', 'working'],
      ['t1', 'session-1', 'completed'],
    ]);
  });

  it('sends tasks/cancel when the person cancels, and says the server was asked to stop', async () => {
    const { tasks, received } = await calls({ ...slowTask, 'tasks/get': statuses('working') });
    const cancel = new AbortController();
    const call = tasks.callAsTask({ name: 'slow', arguments: {} }, { signal: cancel.signal, onTask: () => cancel.abort() });
    await expect(call).rejects.toEqual(new CallError('cancelled', 'Cancelled, and Echo was asked to stop its task.'));
    expect(received.filter((request) => request.method === 'tasks/cancel').map((request) => request.params)).toEqual([{ taskId: 't1' }]);
  });

  it('fails a followed task as disconnected when the connection is lost, without a cancel', async () => {
    const { tasks, received, lost } = await calls({ ...slowTask, 'tasks/get': statuses('working') });
    const call = tasks.follow({ taskId: 't1', status: 'working' }, { onTask: () => lost.abort(new Error('The connection to Echo closed.')) });
    await expect(call).rejects.toEqual(new CallError('disconnected', 'The connection to Echo closed.'));
    expect(received.some((request) => request.method === 'tasks/cancel')).toBe(false);
  });

  it('2026-07-28: follows the task a call came back as, asking the person its input and sending the answer with tasks/update', async () => {
    const inputRequests = {
      who: {
        method: 'elicitation/create',
        params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      },
    };
    const { tasks, received, elicit } = await calls({
      'tasks/get': () => ({ taskId: 'm1', status: 'completed', result: { content: [{ type: 'text', text: 'Hello Ada' }] } }),
    });
    const created = wrapCreateTaskResult({ resultType: 'task', taskId: 'm1', status: 'input_required', pollIntervalMs: 200, inputRequests });
    const result = await tasks.followIfTask(created as never, {});
    expect(result.content).toEqual([{ type: 'text', text: 'Hello Ada' }]);
    expect(elicit.mock.calls.map(([request]) => [request.kind, request.prompt])).toEqual([['input', 'Name?']]);
    expect(received.find((request) => request.method === 'tasks/update')?.params).toEqual({
      taskId: 'm1',
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
    });
  });

  it('passes a result that is not a task through as it is', async () => {
    const { tasks, received } = await calls({});
    const result = { content: [{ type: 'text' as const, text: 'at once' }] };
    await expect(tasks.followIfTask(result, {})).resolves.toBe(result);
    expect(received.map((request) => request.method)).toEqual(['initialize']);
  });

  it('follows a task an earlier connection created in its own session, through a client that joins that session', async () => {
    const other = await handPlayed({ ...slowTask, 'tasks/get': statuses('completed') }, 'session-0');
    const handle = vi.fn();
    const joined = new Client({ name: 'test', version: '1' }, { capabilities: {} });
    const close = vi.spyOn(joined, 'close');
    const { tasks, received } = await calls(slowTask, {
      transport: { kind: 'streamable-http', sessionId: 'session-1', joinSession: () => other.clientSide as never },
      newClient: () => joined,
      elicitations: { handle, elicit: vi.fn() },
    });
    const result = await tasks.follow({ taskId: 't0', sessionId: 'session-0', status: 'working' }, {});
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(handle).toHaveBeenCalledWith(joined);
    expect(other.received.map((request) => request.method)).toEqual(['tasks/get', 'tasks/result']);
    expect(received.map((request) => request.method)).toEqual(['initialize']);
    expect(close).toHaveBeenCalled();
  });
});
