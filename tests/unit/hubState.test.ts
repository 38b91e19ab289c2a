import { describe, expect, it, vi } from 'vitest';
import type { Hub } from '../../lib/hub';
import type { WaitFor } from '../../lib/mcp/connection';
import type { Request } from '../../lib/request';
import { diffState } from '../../lib/port/statePatch';
import { urlJudge } from '../../lib/urls';
import { testHub } from '../hub-harness';
import { fakeConnection } from './hub/fakeConnection';

const form = (id: string): Request => ({
  id,
  kind: 'input',
  prompt: `Question ${id}`,
  url: null,
  data: { schema: { type: 'object', properties: {} } },
});
const link = (id: string): Request => ({ id, kind: 'authorization', prompt: `Visit ${id}`, url: 'https://example.com/connect', data: null });

/** A hub with one connected server; `ask` sends the hub a Request as that server would. */
async function hub(): Promise<{ subject: Hub; ask: (request: Request) => void }> {
  let waitFor: WaitFor | undefined;
  const subject = testHub({
    connect: async (server, options) => {
      waitFor = options.waitFor;
      return fakeConnection(server);
    },
  });
  await subject.addServer({ url: 'https://mcp.example.com/mcp' });
  return { subject, ask: (request) => void waitFor!(request, { signal: new AbortController().signal, problems: [] }) };
}
/** Lets the task end: queued microtasks (the hub's emit among them) run. */
const taskEnds = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hub’s state for the panel', () => {
  it('is told once for all the changes one task makes, holding the last of them', async () => {
    const { subject, ask } = await hub();
    await taskEnds();
    const listener = vi.fn();
    subject.subscribe(listener);
    ask(form('a'));
    ask(form('b'));
    subject.clearActivities();
    expect(listener).not.toHaveBeenCalled();
    await taskEnds();
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.lastCall?.[0].inbox.map((request: Request) => request.id)).toEqual(['a', 'b']);
    ask(form('c'));
    await taskEnds();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.lastCall?.[0].inbox).toHaveLength(3);
  });

  it('keeps every unchanged part the same object from one call to the next, URL Requests with their analysis too', async () => {
    // The suffix list in, as the worker has it once its start is done: a URL Request is shown in the same turn.
    await urlJudge();
    const { subject, ask } = await hub();
    ask(form('a'));
    ask(link('b'));
    const before = subject.state();
    const after = subject.state();
    expect(after.inbox[1]).toMatchObject({ id: 'b', analysis: expect.objectContaining({ href: 'https://example.com/connect' }) });
    for (const [index, item] of after.inbox.entries()) expect(item).toBe(before.inbox[index]);
    expect(diffState(before, after)).toBeNull();
  });

  it('keeps a server’s view when an update changes nothing of it', async () => {
    // Host access pending: the server is shown as needing it, and asking again changes nothing.
    const subject = testHub({ canReach: async () => false });
    await subject.addServer({ url: 'https://mcp.example.com/mcp' });
    const before = subject.state();
    await subject.accessChanged();
    await subject.reconnect(before.servers[0]!.id);
    expect(subject.state().servers[0]).toBe(before.servers[0]);
    expect(diffState(before, subject.state())).toBeNull();
  });
});
