/**
 * 2025-11-25 tasks against real servers on 127.0.0.1: `@modelcontextprotocol/server-everything`
 * (simulate-research-query, a task-only tool that can ask for a clarification while it runs)
 * and an SDK v1 server of our own with a slow task tool that counts what it is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { load } from '../../lib/mcp/client';
import type { Connection } from '../../lib/mcp/connection';
import { runsAsTask, type TaskRef } from '../../lib/mcp/tasks';
import type { Request } from '../../lib/request';
import { scriptedPerson } from '../../conformance/scripted-person';
import { type Everything, startEverything } from '../fixtures/everything';
import { startSlowTaskServer, type SlowTaskServer } from '../fixtures/task-server';

const texts = (result: CallToolResult) => result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));

let everything: Everything;
let slow: SlowTaskServer;
const person = scriptedPerson({
  script: (request: Request) =>
    request.prompt.includes('multiple interpretations') ? { id: request.id, ok: true, data: { interpretation: 'historical' } } : 'accept',
});
const connections: Connection[] = [];
const connect = async (url: string) => {
  const connection = await load({ id: url, name: 'Tasks', url }, { waitFor: person.waitFor });
  connections.push(connection);
  return connection;
};

beforeAll(async () => {
  [everything, slow] = await Promise.all([startEverything(), startSlowTaskServer()]);
}, 30_000);

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await Promise.all([everything?.close(), slow?.close()]);
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
    await expect(running).rejects.toThrow(/cancelled, and Tasks was asked to stop its task/);
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
