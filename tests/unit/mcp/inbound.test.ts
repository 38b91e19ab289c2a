import { describe, expect, it, vi } from 'vitest';
import { Inbox } from '../../../lib/inbox';
import type { EventStream } from '../../../lib/mcp/eventFilter';
import { inbound } from '../../../lib/mcp/inbound';
import { NOTIFICATION_BURST } from '../../../lib/mcp/inboundBudget';

const question = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'elicitation/create', params: { message: `Q${id}` } });
const log = (index: number) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `line ${index}` } });
const stream = (): EventStream & { replies: object[] } => {
  const replies: object[] = [];
  return { session: '', replies, reply: (message) => void replies.push(message) };
};

describe('what judges a connection’s events as they enter', () => {
  it('refuses and answers a question past the bound, and lets notifications by the budget as ever', () => {
    const inbox = new Inbox({ maxPerServer: 1 });
    const lost = new AbortController();
    const { judge } = inbound({ deliver: vi.fn(), lost: lost.signal, questions: { hold: () => inbox.hold('s'), refusal: () => 'full' } });
    const on = stream();
    expect(judge.admit(question(1), on)).toBe(true);
    for (let id = 2; id < 200; id += 1) expect(judge.admit(question(id), on)).toBe(false);
    expect(on.replies).toHaveLength(198);
    // The budget's burst is whole: questions are not the budget's.
    expect(Array.from({ length: NOTIFICATION_BURST + 10 }, (_, index) => judge.admit(log(index), on)).filter(Boolean)).toHaveLength(
      NOTIFICATION_BURST,
    );
  });

  it('stops both once the connection is gone: the places questions held are given back', () => {
    const inbox = new Inbox({ maxPerServer: 5 });
    const lost = new AbortController();
    const { judge, placeOf } = inbound({ deliver: vi.fn(), lost: lost.signal, questions: { hold: () => inbox.hold('s'), refusal: () => 'full' } });
    judge.admit(question(1), stream());
    judge.admit(question(2), stream());
    expect(inbox.pendingFor('s')).toBe(2);
    expect(placeOf).toBeDefined();
    lost.abort(new Error('gone'));
    expect(inbox.pendingFor('s')).toBe(0);
  });

  it('without a bound on questions, judges only by the budget, and has no places to hand over', () => {
    const { judge, placeOf } = inbound({ deliver: vi.fn(), lost: new AbortController().signal });
    expect(judge.admit(question(1), stream())).toBe(true);
    expect(judge.sent).toBeUndefined();
    expect(placeOf).toBeUndefined();
  });
});
