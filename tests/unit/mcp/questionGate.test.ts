import { describe, expect, it, vi } from 'vitest';
import type { EventStream } from '../../../lib/mcp/eventFilter';
import { questionGate } from '../../../lib/mcp/questionGate';

const ask = (id: number | string, message = `Question ${id}`) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'elicitation/create',
    params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
  });
const answer = (id: number | string) => JSON.stringify({ jsonrpc: '2.0', id, result: { action: 'decline' } });

function stream(session = 's1'): EventStream & { replies: object[] } {
  const replies: object[] = [];
  return { session, replies, reply: (message) => void replies.push(message) };
}

describe('questionGate', () => {
  it('lets `max` questions wait, refuses the rest from the stream with the inbox’s words, and says so once per run of refusals', () => {
    const onRefused = vi.fn();
    const gate = questionGate({
      max: 2,
      refusal: () => 'Fixture already has 2 requests waiting for the person; answer or dismiss those first.',
      onRefused,
    });
    const on = stream();
    expect([1, 2, 3, 4].map((id) => gate.admit(ask(id, `Q${id}`), on))).toEqual([true, true, false, false]);
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

  it('frees a place when the client answers a question or the server cancels it, in that question’s session only', () => {
    const onRefused = vi.fn();
    const gate = questionGate({ max: 1, refusal: () => 'full', onRefused });
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

  it('passes everything else as it came, without a place taken: notifications, responses, other requests, what is not JSON', () => {
    const gate = questionGate({ max: 0, refusal: () => 'full' });
    const on = stream();
    for (const data of [
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'elicitation/create' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'roots/list' }),
      'elicitation/create {',
    ])
      expect(gate.admit(data, on)).toBe(true);
    expect(on.replies).toEqual([]);
  });
});
