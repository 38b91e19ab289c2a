import { afterEach, describe, expect, it, vi } from 'vitest';
import { Inbox, InboxError } from '../../lib/inbox';
import type { Request } from '../../lib/request';
import { readText } from '../readText';

const server = { serverId: 's1', serverName: 'Deploy Server' };
const other = { serverId: 's2', serverName: 'Calendar' };

let n = 0;
function formRequest(): Request {
  n += 1;
  return {
    id: `elc-test-${n}`,
    kind: 'input',
    prompt: 'Where to?',
    url: null,
    data: {
      schema: { type: 'object', properties: { target: { type: 'string', enum: ['staging', 'prod'] } }, required: ['target'] },
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('Inbox', () => {
  it('resolves enqueue with the Answer given to that id, and lists it until then', async () => {
    const inbox = new Inbox();
    const request = formRequest();
    const answer = inbox.enqueue(request, server);
    expect(inbox.list()).toMatchObject([{ id: request.id, serverName: 'Deploy Server', prompt: 'Where to?' }]);
    inbox.answer({ id: request.id, ok: true, data: { target: 'prod' } });
    await expect(answer).resolves.toEqual({ id: request.id, ok: true, data: { target: 'prod' } });
    expect(inbox.list()).toEqual([]);
  });

  it('refuses an Answer for an unknown or already-answered id, without touching others', async () => {
    const inbox = new Inbox();
    const first = formRequest();
    const second = formRequest();
    const firstAnswer = inbox.enqueue(first, server);
    inbox.enqueue(second, other);
    expect(() => inbox.answer({ id: 'elc-nope-1', ok: true })).toThrow(InboxError);
    inbox.answer({ id: first.id, ok: false, reason: 'declined' });
    await firstAnswer;
    try {
      inbox.answer({ id: first.id, ok: true, data: { target: 'prod' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InboxError);
      expect((error as InboxError).code).toBe('unknown-request');
    }
    expect(inbox.list().map((p) => p.id)).toEqual([second.id]);
  });

  it('refuses accepted content that breaks the schema and keeps the Request pending', () => {
    const inbox = new Inbox();
    const request = formRequest();
    inbox.enqueue(request, server);
    try {
      inbox.answer({ id: request.id, ok: true, data: { target: 'moon' } });
      expect.unreachable();
    } catch (error) {
      expect((error as InboxError).code).toBe('invalid-answer');
      expect((error as InboxError).problems[0]?.path).toBe('target');
      expect(readText((error as Error).message)).toMatch(/^Not sent: target:/);
    }
    expect(inbox.list()).toHaveLength(1);
    // Declining needs no valid content.
    inbox.answer({ id: request.id, ok: false, reason: 'declined' });
    expect(inbox.list()).toHaveLength(0);
  });

  it('cancels every Request of a disconnected server and no other', async () => {
    const inbox = new Inbox();
    const a = inbox.enqueue(formRequest(), server);
    const b = inbox.enqueue(formRequest(), server);
    inbox.enqueue(formRequest(), other);
    expect(inbox.cancelServer('s1')).toBe(2);
    await expect(a).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    await expect(b).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(inbox.list().map((p) => p.serverId)).toEqual(['s2']);
  });

  it('refuses a flooding server past its cap, leaves its waiting Requests and other servers alone, and takes more once one is answered', async () => {
    const inbox = new Inbox({ maxPerServer: 3 });
    const waiting = [formRequest(), formRequest(), formRequest()];
    for (const request of waiting) void inbox.enqueue(request, server);
    const fromOther = inbox.enqueue(formRequest(), other);
    const refused = inbox.enqueue(formRequest(), server);
    await expect(refused).rejects.toMatchObject({ code: 'too-many', message: expect.stringContaining('Deploy Server already has 3 requests') });
    expect(inbox.pendingFor('s1')).toBe(3);
    expect(inbox.list().map((p) => p.id)).toEqual([...waiting.map((r) => r.id), expect.any(String)]);
    inbox.answer({ id: waiting[0]!.id, ok: false, reason: 'declined' });
    const next = formRequest();
    void inbox.enqueue(next, server);
    expect(inbox.pendingFor('s1')).toBe(3);
    const otherId = inbox.list().find((p) => p.serverId === 's2')!.id;
    inbox.answer({ id: otherId, ok: false, reason: 'declined' });
    await expect(fromOther).resolves.toMatchObject({ ok: false, reason: 'declined' });
  });

  it('withdraws a Request when the server aborts it', async () => {
    const inbox = new Inbox();
    const controller = new AbortController();
    const answer = inbox.enqueue(formRequest(), server, controller.signal);
    controller.abort();
    await expect(answer).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(inbox.size).toBe(0);
  });

  it('expires an unanswered Request as a cancel, showing when it will', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const inbox = new Inbox({ timeoutMs: 5_000 });
    const answer = inbox.enqueue(formRequest(), server);
    expect(inbox.list()[0]).toMatchObject({ askedAt: 1_000, expiresAt: 6_000 });
    vi.advanceTimersByTime(5_000);
    await expect(answer).resolves.toMatchObject({ ok: false, reason: 'expired' });
  });

  it('asks a Request an earlier worker asked with its first times, and expires it when they ran out meanwhile', async () => {
    vi.useFakeTimers({ now: 10_000 });
    const inbox = new Inbox({ timeoutMs: 5_000 });
    const still = inbox.enqueue(formRequest(), server, undefined, { askedAt: 8_000, expiresAt: 12_000 });
    const late = inbox.enqueue(formRequest(), server, undefined, { askedAt: 1_000, expiresAt: 6_000 });
    expect(inbox.list()[0]).toMatchObject({ askedAt: 8_000, expiresAt: 12_000 });
    vi.advanceTimersByTime(0);
    await expect(late).resolves.toMatchObject({ ok: false, reason: 'expired' });
    vi.advanceTimersByTime(1_999);
    expect(inbox.size).toBe(1);
    vi.advanceTimersByTime(1);
    await expect(still).resolves.toMatchObject({ ok: false, reason: 'expired' });
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const inbox = new Inbox();
    const sizes: number[] = [];
    const unsubscribe = inbox.subscribe((pending) => sizes.push(pending.length));
    const request = formRequest();
    inbox.enqueue(request, server);
    inbox.answer({ id: request.id, ok: false });
    unsubscribe();
    inbox.enqueue(formRequest(), server);
    expect(sizes).toEqual([0, 1, 0]);
  });
});
