import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { Activities } from '../../../lib/hub/activities';
import { Calls } from '../../../lib/hub/calls';
import type { CallOptions, Connection } from '../../../lib/mcp/connection';
import type { ServerView } from '../../../lib/state';
import { fakeConnection } from './fakeConnection';

const TASKS = { tasks: { requests: { tools: { call: {} } } } };

function calls(tools: Tool[], capabilities: Connection['capabilities'] = {}) {
  const sent: Array<{ tool: string; options: CallOptions | undefined }> = [];
  const read: string[] = [];
  const connection = fakeConnection(
    { id: 's1', name: 'Deploys', url: 'https://mcp.example.com/mcp' },
    {
      capabilities,
      callTool: async (tool, _args, options) => {
        sent.push({ tool, options });
        return { content: [] };
      },
      readResource: async (uri) => {
        read.push(uri);
        return { contents: [] };
      },
    },
  );
  let next = 0;
  const activities = new Activities({
    keep: 50,
    newId: () => `a${(next += 1)}`,
    connection: () => connection,
    displayName: () => 'Deploys',
    onRound: () => {},
    onTask: () => {},
    failed: () => {},
    changed: () => {},
  });
  const resumed = { drop: vi.fn() };
  const live = { stopWhere: vi.fn(async (_ended: (activityId: string, serverId: string) => boolean) => {}) };
  const view = { id: 's1', tools } as ServerView;
  const subject = new Calls({ activities, servers: { view: () => view }, connection: () => connection, resumed, live });
  return { subject, sent, read, resumed, live, activities };
}

const tool = (name: string, taskSupport?: 'required' | 'optional' | 'forbidden'): Tool => ({
  name,
  inputSchema: { type: 'object' },
  ...(taskSupport && { execution: { taskSupport } }),
});

describe('a tool call', () => {
  it('runs as a task only where the server offers tasks and the tool allows one', async () => {
    const offered = calls([tool('slow', 'optional'), tool('quick', 'forbidden'), tool('plain')], TASKS);
    await offered.subject.callTool('s1', 'slow', {});
    await offered.subject.callTool('s1', 'quick', {});
    await offered.subject.callTool('s1', 'plain', {});
    expect(offered.sent.map(({ tool, options }) => [tool, options?.asTask])).toEqual([
      ['slow', true],
      ['quick', false],
      ['plain', false],
    ]);
    const notOffered = calls([tool('slow', 'required')]);
    await notOffered.subject.callTool('s1', 'slow', {});
    expect(notOffered.sent[0]!.options?.asTask).toBe(false);
  });

  it('made by an app is shown as that app’s', async () => {
    const { subject } = calls([tool('deploy')]);
    expect(await subject.callForApp('s1', 'deploy', { to: 'prod' }, 'a0')).toMatchObject({
      kind: 'tool',
      tool: 'deploy',
      appOf: 'a0',
      status: 'done',
    });
  });
});

describe('a resource template', () => {
  it('is read at the URI its values fill in, percent-encoded', async () => {
    const { subject, read } = calls([]);
    await subject.readTemplate('s1', 'logs://{day}/{level}', { day: '2026-01-02', level: 'a b' });
    expect(read).toEqual(['logs://2026-01-02/a%20b']);
  });
});

describe('stopping and clearing', () => {
  it('a cancel also stops a kept call from being carried on', () => {
    const { subject, resumed } = calls([]);
    subject.cancel('a9');
    expect(resumed.drop).toHaveBeenCalledWith('a9', 'cancelled', 'Cancelled before it could be carried on.');
  });

  it('clearing stops watching the reads it cleared', async () => {
    const { subject, live, activities } = calls([]);
    const done = await subject.readResource('s1', 'file:///a');
    await subject.clear();
    const stopped = live.stopWhere.mock.calls[0]![0];
    expect(activities.list()).toEqual([]);
    expect(stopped(done.id, 's1')).toBe(true);
  });
});
