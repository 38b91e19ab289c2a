import { describe, expect, it, vi } from 'vitest';
import { Hub, type SavedServer } from '../../lib/hub';
import type { Request } from '../../lib/request';
import { diffState } from '../../lib/port/statePatch';

const form = (id: string): Request => ({
  id,
  kind: 'input',
  prompt: `Question ${id}`,
  url: null,
  data: { schema: { type: 'object', properties: {} } },
});
const link = (id: string): Request => ({ id, kind: 'authorization', prompt: `Visit ${id}`, url: 'https://example.com/connect', data: null });
const from = { serverId: 's1', serverName: 'Deploys' };

function hub(): Hub {
  return new Hub({ servers: { load: async () => [] as SavedServer[], save: async () => {} } });
}
/** Lets the task end: queued microtasks (the hub's emit among them) run. */
const taskEnds = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hub’s state for the panel', () => {
  it('is told once for all the changes one task makes, holding the last of them', async () => {
    const subject = hub();
    await taskEnds();
    const listener = vi.fn();
    subject.subscribe(listener);
    void subject.ask(form('a'), from);
    void subject.ask(form('b'), from);
    subject.clearActivities();
    expect(listener).not.toHaveBeenCalled();
    await taskEnds();
    expect(listener).toHaveBeenCalledOnce();
    expect(listener.mock.lastCall?.[0].inbox.map((request: Request) => request.id)).toEqual(['a', 'b']);
    void subject.ask(form('c'), from);
    await taskEnds();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.lastCall?.[0].inbox).toHaveLength(3);
  });

  it('keeps every unchanged part the same object from one call to the next, URL Requests with their analysis too', async () => {
    const subject = hub();
    void subject.ask(form('a'), from);
    void subject.ask(link('b'), from);
    const before = subject.state();
    const after = subject.state();
    expect(after.inbox[1]).toMatchObject({ id: 'b', analysis: expect.objectContaining({ href: 'https://example.com/connect' }) });
    for (const [index, item] of after.inbox.entries()) expect(item).toBe(before.inbox[index]);
    expect(diffState(before, after)).toBeNull();
  });

  it('keeps a server’s view when an update changes nothing of it', async () => {
    // Host access pending: the server is shown as needing it, and asking again changes nothing.
    const subject = new Hub({ servers: { load: async () => [], save: async () => {} }, canReach: async () => false });
    await subject.addServer({ url: 'https://mcp.example.com/mcp' });
    const before = subject.state();
    await subject.accessChanged();
    await subject.reconnect(before.servers[0]!.id);
    expect(subject.state().servers[0]).toBe(before.servers[0]);
    expect(diffState(before, subject.state())).toBeNull();
  });
});
