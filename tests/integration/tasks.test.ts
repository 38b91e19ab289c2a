/**
 * 2025-11-25 tasks against real servers on 127.0.0.1: `@modelcontextprotocol/server-everything`
 * (simulate-research-query, a task-only tool that can ask for a clarification while it runs)
 * and an SDK v1 server of our own with a slow task tool that counts what it is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { Hub, HubOptions, KeptTask, SavedServer, SuspendedCall } from '../../lib/hub';
import type { PendingRequest } from '../../lib/inbox';
import { load } from '../../lib/mcp/client';
import type { Connection } from '../../lib/mcp/connection';
import { runsAsTask, type TaskRef } from '../../lib/mcp/tasks';
import type { Request } from '../../lib/request';
import type { ActivityView, CallView, HubState } from '../../lib/state';
import { scriptedPerson } from '../../conformance/scripted-person';
import { type Everything, startEverything } from '../fixtures/everything';
import { type ModernTaskServer, startModernTaskServer } from '../fixtures/modern-task-server';
import { startSlowTaskServer, type SlowTaskServer } from '../fixtures/task-server';
import { memory, testHub, until } from '../hub-harness';

const texts = (result: CallToolResult) => result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));

let everything: Everything;
let slow: SlowTaskServer;
let modernTasks: ModernTaskServer;
const person = scriptedPerson({
  script: (request: Request) =>
    request.prompt.includes('multiple interpretations')
      ? { id: request.id, ok: true, data: { interpretation: 'historical' } }
      : request.prompt.startsWith('Carry on')
        ? { id: request.id, ok: true, data: { go: true } }
        : request.prompt === 'Which topic?'
          ? { id: request.id, ok: true, data: { topic: 'tides' } }
          : 'accept',
});
const connections: Connection[] = [];
const connect = async (url: string) => {
  const connection = await load({ id: url, name: 'Tasks', url }, { waitFor: person.waitFor });
  connections.push(connection);
  return connection;
};

beforeAll(async () => {
  [everything, slow, modernTasks] = await Promise.all([startEverything(), startSlowTaskServer(), startModernTaskServer()]);
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await Promise.all([everything?.close(), slow?.close(), modernTasks?.close()]);
});

describe('server-everything: simulate-research-query, which requires a task', () => {
  it('is a task tool on a server that takes tasks for tools/call', async () => {
    const connection = await connect(everything.url);
    const tool = (await connection.listTools()).find((candidate) => candidate.name === 'simulate-research-query');
    expect(runsAsTask(connection.capabilities, tool)).toBe(true);
  });

  it('runs as a task: created, polled through its stages, and its result read', async () => {
    const connection = await connect(everything.url);
    const seen: TaskRef[] = [];
    const result = await connection.callTool('simulate-research-query', { topic: 'tides' }, { asTask: true, onTask: (task) => seen.push(task) });
    expect(texts(result)[0]).toContain('# Research Report: tides');
    expect(seen[0]).toMatchObject({ status: 'working', pollInterval: 1000, sessionId: expect.any(String) });
    expect(seen.map((task) => task.statusMessage)).toContain('Analyzing content...');
    expect(seen.at(-1)?.status).toBe('completed');
    expect(new Set(seen.map((task) => task.taskId)).size).toBe(1);
  }, 20_000);

  it('asks the person through waitFor when the task needs input, and the answer reaches the result', async () => {
    const connection = await connect(everything.url);
    const from = person.asked.length;
    const statuses: string[] = [];
    const result = await connection.callTool(
      'simulate-research-query',
      { topic: 'tides', ambiguous: true },
      { asTask: true, onTask: (task) => statuses.push(task.status) },
    );
    expect(person.asked.slice(from).map((request) => request.prompt)).toEqual([expect.stringContaining('could have multiple interpretations')]);
    expect(statuses).toContain('input_required');
    expect(texts(result)[0]).toContain('# Research Report: tides (historical)');
  }, 20_000);
});

describe('an SDK v1 server with a slow task tool', () => {
  it('follows a task from a second connection, in the session that created it (a new worker)', async () => {
    const first = await connect(slow.url);
    let created: TaskRef | undefined;
    const abandoned = new AbortController();
    const running = first.callTool('slow', { ms: 1_500 }, { asTask: true, signal: abandoned.signal, onTask: (task) => (created ??= task) });
    await expect.poll(() => created).toBeDefined();
    // The first worker stops: nothing of its connection is closed or cancelled on the server.
    const second = await connect(slow.url);
    const result = await second.followTask(created!);
    expect(texts(result)).toEqual(['slept 1500 ms']);
    expect(slow.cancelled).not.toContain(created!.taskId);
    abandoned.abort();
    await running.catch(() => {});
  }, 20_000);

  it('sends tasks/cancel when the person cancels, and the call says so', async () => {
    const connection = await connect(slow.url);
    const controller = new AbortController();
    let created: TaskRef | undefined;
    const running = connection.callTool('slow', { ms: 10_000 }, { asTask: true, signal: controller.signal, onTask: (task) => (created ??= task) });
    await expect.poll(() => created).toBeDefined();
    controller.abort();
    await expect(running).rejects.toThrow(/Cancelled, and Tasks was asked to stop its task/);
    expect(slow.cancelled).toContain(created!.taskId);
  }, 20_000);

  it('polls at the server’s pollInterval, not its own default', async () => {
    const connection = await connect(slow.url);
    const polls = () => slow.traffic.filter((exchange) => exchange.messages.includes('tasks/get')).length;
    const before = polls();
    await connection.callTool('slow', { ms: 1_000 }, { asTask: true });
    // 1 s of work at the server's 300 ms: three or four polls (toolnexus's own 1 s would make one or two).
    expect(polls() - before).toBeGreaterThanOrEqual(3);
    expect(polls() - before).toBeLessThanOrEqual(5);
  }, 20_000);
});

describe('Hub: a call the server runs as a task', () => {
  const stores = () => ({ servers: memory<SavedServer[]>([]), tasks: memory<KeptTask[]>([]), activities: memory<ActivityView[]>([]) });
  const callOf = (tool: string) => (state: HubState) =>
    state.activities.find((activity): activity is CallView => activity.kind === 'tool' && activity.tool === tool);
  const slowCall = callOf('slow');
  const hubs: Hub[] = [];
  const started = async (options: HubOptions) => {
    const hub = testHub(options);
    hubs.push(hub);
    await hub.start();
    return hub;
  };
  afterAll(async () => {
    for (const hub of hubs.reverse()) for (const server of hub.state().servers) await hub.removeServer(server.id);
  });

  it('shows the task and its status message in the call, then its result, and forgets the task once done', async () => {
    const kept = stores();
    const hub = await started(kept);
    const serverId = await hub.addServer({ url: slow.url });
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    const call = hub.callTool(serverId, 'slow', { ms: 1_200 });
    const working = slowCall(await until(hub, (state) => slowCall(state)?.task?.statusMessage !== undefined))!;
    expect(working).toMatchObject({
      status: 'running',
      task: { id: expect.any(String), status: 'working', statusMessage: expect.stringMatching(/ of 1200 ms$/) },
    });
    await expect
      .poll(() => kept.tasks.value())
      .toEqual([
        { activity: expect.objectContaining({ id: working.id, tool: 'slow' }), task: expect.objectContaining({ taskId: working.task!.id }) },
      ]);
    expect(await call).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: 'slept 1200 ms' }] },
      task: { status: 'completed' },
    });
    await expect.poll(() => kept.tasks.value()).toEqual([]);
  });

  /** A worker that started `tool` and stopped while it ran: what it left, as copies it can no longer change. */
  async function stoppedWorker(ms: number, url = slow.url, tool = 'slow') {
    const kept = stores();
    const first = await started(kept);
    const serverId = await first.addServer({ url });
    await until(first, (state) => state.servers[0]?.status === 'connected');
    void first.callTool(serverId, tool, { ms });
    await expect.poll(() => kept.tasks.value()).toHaveLength(1);
    await expect.poll(() => kept.activities.value()).toHaveLength(1);
    const left = { servers: memory(kept.servers.value()), tasks: memory(kept.tasks.value()), activities: memory(kept.activities.value()) };
    return { left, taskId: kept.tasks.value()[0]!.task.taskId };
  }

  it('is followed again by a new worker, which shows its result in the same card', async () => {
    const { left, taskId } = await stoppedWorker(2_000);
    const second = await started(left);
    expect(slowCall(second.state())).toMatchObject({ status: 'running', task: { id: taskId } });
    const done = slowCall(await until(second, (state) => slowCall(state)?.status === 'done'))!;
    expect(done).toMatchObject({ result: { content: [{ type: 'text', text: 'slept 2000 ms' }] }, task: { id: taskId, status: 'completed' } });
    expect(left.tasks.value()).toEqual([]);
  });

  it('is followed again after a browser restart, when only storage.local is left', async () => {
    const { left, taskId } = await stoppedWorker(2_000);
    // storage.session is gone with the browser session: no activity list, only the kept task.
    const second = await started({ servers: left.servers, tasks: left.tasks, activities: memory<ActivityView[]>([]) });
    const done = slowCall(await until(second, (state) => slowCall(state)?.status === 'done'))!;
    expect(done).toMatchObject({
      tool: 'slow',
      args: { ms: 2_000 },
      result: { content: [{ type: 'text', text: 'slept 2000 ms' }] },
      task: { id: taskId },
    });
  });

  it('2026-07-28: is followed again after a browser restart, by its id', async () => {
    const { left, taskId } = await stoppedWorker(1_500, modernTasks.url, 'research');
    const second = await started({ servers: left.servers, tasks: left.tasks, activities: memory<ActivityView[]>([]) });
    const research = callOf('research');
    const done = research(await until(second, (state) => research(state)?.status === 'done'))!;
    expect(done).toMatchObject({
      result: { content: [{ type: 'text', text: 'researched for 1500 ms' }] },
      task: { id: taskId, status: 'completed' },
    });
  });

  it('2026-07-28: a call a stopped worker left in an input round, answered in the next, becomes a task that is followed', async () => {
    const kept = { ...stores(), pending: memory<PendingRequest[]>([]), suspended: memory<SuspendedCall[]>([]) };
    const first = await started(kept);
    const serverId = await first.addServer({ url: modernTasks.url });
    await until(first, (state) => state.servers[0]?.status === 'connected');
    void first.callTool(serverId, 'research', { ms: 300, topic: true });
    await expect.poll(() => kept.suspended.value()).toHaveLength(1);
    await expect.poll(() => kept.pending.value()).toHaveLength(1);
    // The worker stops while the round waits on the person: the next one asks again and sends the retry itself.
    const left = Object.fromEntries(Object.entries(kept).map(([key, store]) => [key, memory(store.value() as unknown[])]));
    const second = await started(left as unknown as HubOptions);
    const asked = (await until(second, (state) => state.inbox.length === 1)).inbox[0]!;
    second.answer({ id: asked.id, ok: true, data: { topic: 'tides' } });
    const research = callOf('research');
    const done = research(await until(second, (state) => research(state)?.status === 'done'))!;
    expect(done).toMatchObject({
      result: { content: [{ type: 'text', text: 'researched {"topic":"tides"} for 300 ms' }] },
      task: { status: 'completed' },
    });
  });

  it('puts the question of a task in input_required in the inbox, and the answer reaches its result (server-everything)', async () => {
    const hub = await started(stores());
    const serverId = await hub.addServer({ url: everything.url });
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    const call = hub.callTool(serverId, 'simulate-research-query', { topic: 'tides', ambiguous: true });
    const asked = (await until(hub, (state) => state.inbox.length === 1)).inbox[0]!;
    expect(asked.prompt).toContain('could have multiple interpretations');
    const research = callOf('simulate-research-query')(hub.state());
    expect(research?.task?.status).toBe('input_required');
    hub.answer({ id: asked.id, ok: true, data: { interpretation: 'current' } });
    const done = await call;
    expect(done).toMatchObject({ status: 'done', task: { status: 'completed' } });
    expect(JSON.stringify(done.result)).toContain('Research Report: tides (current)');
  }, 20_000);

  it('cancelled from the card, sends tasks/cancel and shows the call cancelled', async () => {
    const hub = await started(stores());
    const serverId = await hub.addServer({ url: slow.url });
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    const call = hub.callTool(serverId, 'slow', { ms: 30_000 });
    const working = slowCall(await until(hub, (state) => slowCall(state)?.task !== undefined))!;
    hub.cancelActivity(working.id);
    expect(await call).toMatchObject({ status: 'cancelled' });
    expect(slow.cancelled).toContain(working.task!.id);
  });
});

describe('a 2026-07-28 server with the tasks extension (SEP-2663)', () => {
  it('declares the extension on the call, follows the task the server chose to make, and shows its result', async () => {
    const connection = await connect(modernTasks.url);
    expect(connection.era).toBe('modern');
    const seen: TaskRef[] = [];
    const result = await connection.callTool('research', { ms: 900 }, { onTask: (task) => seen.push(task) });
    expect(texts(result)).toEqual(['researched for 900 ms']);
    expect(seen[0]).toMatchObject({ status: 'working', pollInterval: 300, modern: true });
    expect(seen.at(-1)?.status).toBe('completed');
  });

  it('asks the person what the task needs and sends the answer with tasks/update, once', async () => {
    const connection = await connect(modernTasks.url);
    const from = person.asked.length;
    const statuses: string[] = [];
    const result = await connection.callTool('research', { ms: 600, confirm: true }, { onTask: (task) => statuses.push(task.status) });
    expect(person.asked.slice(from).map((request) => request.prompt)).toEqual(['Carry on with the research?']);
    expect(statuses).toContain('input_required');
    expect(modernTasks.updates.at(-1)).toEqual({ go: { action: 'accept', content: { go: true } } });
    expect(texts(result)).toEqual(['researched for 600 ms, answer {"go":true}']);
  });

  it('follows a task by its id alone from another connection (no session in this era)', async () => {
    const first = await connect(modernTasks.url);
    let created: TaskRef | undefined;
    const abandoned = new AbortController();
    const running = first.callTool('research', { ms: 1_200 }, { signal: abandoned.signal, onTask: (task) => (created ??= task) });
    await expect.poll(() => created).toBeDefined();
    const second = await connect(modernTasks.url);
    expect(texts(await second.followTask(created!))).toEqual(['researched for 1200 ms']);
    abandoned.abort();
    await running.catch(() => {});
  });

  it('follows a task the server makes after an input round of the call itself', async () => {
    const connection = await connect(modernTasks.url);
    const from = person.asked.length;
    const result = await connection.callTool('research', { ms: 300, topic: true });
    expect(person.asked.slice(from).map((request) => request.prompt)).toEqual(['Which topic?']);
    expect(texts(result)).toEqual(['researched {"topic":"tides"} for 300 ms']);
  });

  it('fails the call with the JSON-RPC error a failed task carries', async () => {
    const connection = await connect(modernTasks.url);
    await expect(connection.callTool('research', { ms: 300, fail: true })).rejects.toThrow('The archive went offline.');
  });

  it('sends tasks/cancel when the person cancels', async () => {
    const connection = await connect(modernTasks.url);
    const controller = new AbortController();
    let created: TaskRef | undefined;
    const running = connection.callTool('research', { ms: 10_000 }, { signal: controller.signal, onTask: (task) => (created ??= task) });
    await expect.poll(() => created).toBeDefined();
    controller.abort();
    await expect(running).rejects.toThrow(/asked to stop its task/);
    expect(modernTasks.cancelled).toContain(created!.taskId);
  });
});
