import { describe, expect, it } from 'vitest';
import { Asking } from '../../../lib/hub/asking';
import { Notices } from '../../../lib/hub/notices';
import { UrlVisits } from '../../../lib/hub/urlVisits';
import { Inbox, InboxError, type PendingRequest, type Provenance } from '../../../lib/inbox';
import type { Request } from '../../../lib/request';
import { isolated } from '../../../lib/i18n';

const from: Provenance = { serverId: 's1', serverName: 'Deploys', serverOrigin: 'https://mcp.example.com' };
const other: Provenance = { serverId: 's2', serverName: 'Payroll', serverOrigin: 'https://pay.example.com' };
const form = (id: string, prompt = `Question ${id}`): Request => ({ id, kind: 'input', prompt, url: null, data: null });

function asking(askedBefore: (id: string) => PendingRequest | undefined = () => undefined, maxPerServer = 50) {
  const inbox = new Inbox({ maxPerServer });
  const notices = new Notices(() => {});
  const visits = new UrlVisits({ inbox, notify: notices.notify.bind(notices), record: () => {}, changed: () => {} });
  return { inbox, notices, subject: new Asking({ inbox, visits, notices, askedBefore, mirror: () => undefined, changed: () => {} }) };
}

describe('Asking', () => {
  it('puts a form in the inbox, keeping the place a stopped worker gave it', async () => {
    const before = { ...form('r1'), ...from, askedAt: 5, expiresAt: null };
    const { inbox, subject } = asking((id) => (id === 'r1' ? before : undefined));
    const answered = subject.deliver(form('r1'), from);
    expect(inbox.list()).toEqual([expect.objectContaining({ id: 'r1', askedAt: 5 })]);
    inbox.answer({ id: 'r1', ok: false, reason: 'declined' });
    await expect(answered).resolves.toEqual({ id: 'r1', ok: false, reason: 'declined' });
  });

  it('refuses a URL no one should open without reaching the inbox', async () => {
    const { inbox, subject } = asking();
    const answer = await subject.deliver({ id: 'u', kind: 'authorization', prompt: 'Go', url: 'javascript:alert(1)', data: null }, from);
    expect(answer).toEqual({ id: 'u', ok: false, reason: 'declined' });
    expect(inbox.size).toBe(0);
  });

  it('tells the person once when a server floods, and refuses the rest', async () => {
    const { notices, subject } = asking(undefined, 2);
    void subject.deliver(form('a'), from);
    void subject.deliver(form('b'), from);
    const refused = [subject.deliver(form('c'), from), subject.deliver(form('d'), from)];
    for (const ask of refused) await expect(ask).rejects.toBeInstanceOf(InboxError);
    expect(notices.list()).toEqual([
      expect.objectContaining({ kind: 'refused', id: 'too-many:s1', reason: expect.stringContaining('more than 2 questions') }),
    ]);
  });

  it('withdraws a lost server’s Requests with a notice each, leaving other servers’ alone', async () => {
    const { inbox, notices, subject } = asking();
    const lost = subject.deliver(form('a'), from);
    void subject.deliver(form('b'), other);
    subject.withdraw('s1', new Error('socket hang up'));
    await expect(lost).resolves.toEqual({ id: 'a', ok: false, reason: 'cancelled' });
    expect(inbox.list().map((request) => request.id)).toEqual(['b']);
    expect(notices.list()).toEqual([
      expect.objectContaining({
        kind: 'withdrawn',
        id: 'a',
        reason: `${isolated('Deploys')} went away before you answered (${isolated('socket hang up')}); an answer can no longer be sent.`,
      }),
    ]);
  });

  it('withdraws without a notice when the server was removed on purpose', async () => {
    const { notices, subject } = asking();
    const removed = subject.deliver(form('a'), from);
    subject.withdraw('s1');
    await expect(removed).resolves.toEqual({ id: 'a', ok: false, reason: 'cancelled' });
    expect(notices.list()).toEqual([]);
  });

  it('gives the panel one bounded item per pending Request, the same object each time', () => {
    const { inbox, subject } = asking();
    void subject.deliver(form('a', 'x'.repeat(300_000)), from);
    const [pending] = inbox.list();
    const item = subject.item(pending!);
    expect(item.prompt.length).toBeLessThan(300_000);
    expect(subject.item(pending!)).toBe(item);
  });
});
