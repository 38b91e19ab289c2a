import { describe, expect, it, vi } from 'vitest';
import { Inbox } from '../../../lib/inbox';
import type { EventStream } from '../../../lib/mcp/eventFilter';
import { questionGate } from '../../../lib/mcp/questionGate';
import type { Request } from '../../../lib/request';

const ask = (id: number | string, message = `Question ${id}`) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
  });
const answer = (id: number | string) => JSON.stringify({ jsonrpc: '2.0', id, result: { action: 'decline' } });
const server = { serverId: 's1', serverName: 'Fixture' };
let asked = 0;
const formRequest = (): Request => ({
  id: `elc-${(asked += 1)}`,
  kind: 'input',
  prompt: 'Where to?',
  url: null,
  data: { schema: { type: 'object', properties: {} } },
});

function stream(session = 's1'): EventStream & { replies: object[] } {
  const replies: object[] = [];
  return { session, replies, reply: (message) => void replies.push(message) };
}

/** A gate over a real inbox's places for one server, as the hub wires it (lib/hub/asking.ts `bound`). */
function gated(max: number) {
  const inbox = new Inbox({ maxPerServer: max });
  const onRefused = vi.fn();
  const gate = questionGate({
    hold: () => inbox.hold('s1'),
    refusal: () => `Fixture already has ${max} requests waiting for the person; answer or dismiss those first.`,
    onRefused,
  });
  return { inbox, gate, onRefused };
}

describe('questionGate', () => {
  it('lets in as many as the inbox has places for, refuses the rest from the stream with the inbox’s words, and says so once per run of refusals', () => {
    const { inbox, gate, onRefused } = gated(2);
    const on = stream();
    expect([1, 2, 3, 4].map((id) => gate.admit(ask(id, `Q${id}`), on))).toEqual([true, true, false, false]);
    // The inbox counts them from the moment they are let in, before the client has read them.
    expect(inbox.pendingFor('s1')).toBe(2);
    expect(on.replies).toEqual(
      [3, 4].map((id) => ({
        jsonrpc: '2.0',
        id,
        error: { code: -32603, message: 'Fixture already has 2 requests waiting for the person; answer or dismiss those first.' },
      })),
    );
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledWith({ prompt: 'Q3', url: null });
  });

  it('counts with the inbox’s one number: a Request asked another way (a 2026-07-28 round) takes a place too, and its answer frees it', async () => {
    const { inbox, gate } = gated(2);
    const round = inbox.enqueue(formRequest(), server);
    expect(gate.admit(ask(1), stream())).toBe(true);
    expect(gate.admit(ask(2), stream())).toBe(false);
    inbox.answer({ id: inbox.list()[0]!.id, ok: false, reason: 'declined' });
    await round;
    expect(gate.admit(ask(3), stream())).toBe(true);
    expect(inbox.pendingFor('s1')).toBe(2);
  });

  it('hands a question’s place to its Request: counted once, in the inbox, until the person answers', () => {
    const { inbox, gate } = gated(2);
    const on = stream();
    gate.admit(ask(1), on);
    gate.admit(ask(2), on);
    // The client's handler receives question 1: the inbox takes its place over with its Request.
    void inbox.enqueue(formRequest(), server, undefined, undefined, gate.take('s1', 1));
    expect(inbox.pendingFor('s1')).toBe(2);
    expect(gate.admit(ask(3), on)).toBe(false);
    inbox.answer({ id: inbox.list()[0]!.id, ok: false, reason: 'declined' });
    // Its response, sent after, frees nothing more: the place went with the Request.
    gate.sent(answer(1), 's1');
    expect(inbox.pendingFor('s1')).toBe(1);
    expect(gate.admit(ask(4), on)).toBe(true);
  });

  it('frees a place when the client answers a question or the server cancels it, in that question’s session only', () => {
    const { gate, onRefused } = gated(1);
    const main = stream('main');
    const task = stream('task');
    expect(gate.admit(ask(0), main)).toBe(true);
    // The same id in another session is another question: the answer to it frees nothing here.
    gate.sent(answer(0), 'task');
    expect(gate.admit(ask(1), task)).toBe(false);
    gate.sent(answer(0), 'main');
    expect(gate.admit(ask(2), task)).toBe(true);
    expect(onRefused).toHaveBeenCalledTimes(1);
    gate.admit(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } }), task);
    expect(gate.admit(ask('three'), main)).toBe(true);
    // A new run of refusals is told again.
    expect(gate.admit(ask(4), main)).toBe(false);
    expect(onRefused).toHaveBeenCalledTimes(2);
  });

  it('gives every place back once the connection is gone, and takes no more', () => {
    const { inbox, gate } = gated(3);
    gate.admit(ask(1), stream());
    gate.admit(ask(2), stream());
    gate.stop();
    expect(inbox.pendingFor('s1')).toBe(0);
    expect(gate.admit(ask(3), stream())).toBe(true);
    expect(inbox.pendingFor('s1')).toBe(0);
  });

  it('passes everything else as it came, without a place taken: notifications, responses, other requests, what is not JSON', () => {
    const { inbox, gate } = gated(0);
    const on = stream();
    for (const data of [
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'elicitation/create' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'roots/list' }),
      'elicitation/create {',
    ])
      expect(gate.admit(data, on)).toBe(true);
    expect(on.replies).toEqual([]);
    expect(inbox.pendingFor('s1')).toBe(0);
  });
});
