import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { createdTask, isTerminal, pollDelay, runsAsTask, wrapCreateTaskResult } from '../../../lib/mcp/tasks';

const offering = { tasks: { requests: { tools: { call: {} } } } };

describe('runsAsTask', () => {
  it('runs a tool as a task when the server takes tasks for tools/call and the tool requires or allows one', () => {
    expect(runsAsTask(offering, { execution: { taskSupport: 'required' } })).toBe(true);
    expect(runsAsTask(offering, { execution: { taskSupport: 'optional' } })).toBe(true);
  });

  it('never sends a task the tool forbids or does not mention', () => {
    expect(runsAsTask(offering, { execution: { taskSupport: 'forbidden' } })).toBe(false);
    expect(runsAsTask(offering, {})).toBe(false);
    expect(runsAsTask(offering, undefined)).toBe(false);
  });

  it('never sends a task to a server without tasks.requests.tools.call, whatever the tool says (spec MUST NOT)', () => {
    expect(runsAsTask({}, { execution: { taskSupport: 'required' } })).toBe(false);
    expect(runsAsTask({ tasks: { list: {}, cancel: {} } } as never, { execution: { taskSupport: 'required' } })).toBe(false);
  });
});

describe('pollDelay', () => {
  it('waits as long as the server suggests', () => {
    expect(pollDelay({ pollInterval: 5_000 })).toBe(5_000);
  });

  it('polls once a second when the server suggests nothing', () => {
    expect(pollDelay({})).toBe(1_000);
  });

  it('keeps a suggestion that would hammer the server or leave the person without news within bounds', () => {
    expect(pollDelay({ pollInterval: 0 })).toBe(200);
    expect(pollDelay({ pollInterval: 3_600_000 })).toBe(30_000);
  });
});

describe('isTerminal', () => {
  it('ends on completed, failed and cancelled only', () => {
    expect(['working', 'input_required', 'completed', 'failed', 'cancelled'].filter((status) => isTerminal(status as never))).toEqual([
      'completed',
      'failed',
      'cancelled',
    ]);
  });
});

describe('a 2026-07-28 CreateTaskResult through the SDK', () => {
  const created = {
    resultType: 'task',
    taskId: 't1',
    status: 'working',
    createdAt: '2026-08-01T00:00:00Z',
    lastUpdatedAt: '2026-08-01T00:00:00Z',
    ttlMs: null,
    pollIntervalMs: 500,
  };

  it('is wrapped as a result the SDK decodes, and read back whole', () => {
    const wrapped = wrapCreateTaskResult(created) as CallToolResult;
    expect(wrapped).toMatchObject({ resultType: 'complete', content: [], isError: true });
    expect(createdTask(wrapped)).toEqual(created);
  });

  it('leaves every other result alone, and finds no task in it', () => {
    const plain = { resultType: 'complete', content: [{ type: 'text', text: 'hi' }] };
    expect(wrapCreateTaskResult(plain)).toBe(plain);
    expect(createdTask(plain as CallToolResult)).toBeUndefined();
    expect(wrapCreateTaskResult(undefined)).toBeUndefined();
  });
});
