import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../lib/history';
import { UrlVisits } from '../../../lib/hub/urlVisits';
import { Inbox, InboxError, type Provenance } from '../../../lib/inbox';
import type { Request } from '../../../lib/request';
import type { OpenMode } from '../../../lib/state';
import { urlJudge } from '../../../lib/urls';

// The suffix list in, as it is moments after the worker's start (one test below starts without it).
await urlJudge();

const from: Provenance = { serverId: 's1', serverName: 'Deploys', serverOrigin: 'https://mcp.example.com' };
const link = (id: string, url = 'https://example.com/connect', elicitationId?: string): Request => ({
  id,
  kind: 'authorization',
  prompt: `Visit ${id}`,
  url,
  data: null,
  ...(elicitationId && { elicitationId }),
});

function visits(open?: (url: string, mode: OpenMode) => Promise<void>) {
  const inbox = new Inbox();
  const notify = vi.fn();
  const recorded: HistoryEntry[] = [];
  const subject = new UrlVisits({ inbox, open, notify, record: (entry) => recorded.push(entry), changed: () => {} });
  const consent = (request: Request, provenance = from) => subject.consent(request, provenance, () => inbox.enqueue(request, provenance));
  return { subject, inbox, notify, recorded, consent };
}

describe('asking about a URL', () => {
  it('waits for the suffix list the first time, then asks in the same turn', async () => {
    // A fresh lib/urls.ts: its suffix list not loaded yet, as in a worker that has just started.
    vi.resetModules();
    const fresh = await import('../../../lib/hub/urlVisits');
    const urls = await import('../../../lib/urls');
    const inbox = new Inbox();
    const subject = new fresh.UrlVisits({ inbox, notify: vi.fn(), record: () => {}, changed: () => {} });
    const consent = (request: Request) => subject.consent(request, from, () => inbox.enqueue(request, from));
    expect(urls.loadedUrlJudge()).toBeUndefined();
    const first = consent(link('first'));
    expect(subject.analysis('first')).toBeUndefined();
    await vi.waitFor(() => expect(subject.analysis('first')).toMatchObject({ domain: 'example.com' }));
    expect(urls.loadedUrlJudge()).toBeDefined();
    const second = consent(link('second', 'https://docs.example.org/x'));
    expect(subject.analysis('second')).toMatchObject({ domain: 'example.org' });
    inbox.answer({ id: 'first', ok: false, reason: 'declined' });
    inbox.answer({ id: 'second', ok: false, reason: 'declined' });
    await Promise.all([first, second]);
  });

  it('declines a URL no one should open without asking, and says so in notices and History', async () => {
    const { inbox, notify, recorded, consent } = visits();
    const answer = await consent(link('r', 'javascript:alert(1)'));
    expect(answer).toEqual({ id: 'r', ok: false, reason: 'declined' });
    expect(inbox.list()).toEqual([]);
    expect(notify).toHaveBeenCalledWith(
      'refused',
      expect.objectContaining({ id: 'r', serverName: 'Deploys' }),
      expect.stringContaining('javascript:'),
      expect.any(Number),
    );
    expect(recorded).toEqual([expect.objectContaining({ requestId: 'r', reason: expect.stringContaining('javascript:') })]);
  });

  it('keeps what it found in the URL while the person decides, and no longer', async () => {
    const { subject, inbox, consent } = visits();
    const answered = consent(link('r'));
    expect(subject.analysis('r')).toMatchObject({ href: 'https://example.com/connect', refused: null });
    inbox.answer({ id: 'r', ok: false, reason: 'declined' });
    await answered;
    expect(subject.analysis('r')).toBeUndefined();
  });
});

describe('a visit the person agreed to', () => {
  it('accepts the Request, opens the URL, and shows the visit until the person is done with it', async () => {
    let done!: () => void;
    const open = vi.fn((_url: string, _mode: OpenMode) => new Promise<void>((resolve) => (done = resolve)));
    const { subject, consent } = visits(open);
    const answered = consent(link('r'));
    subject.open('r', 'tab');
    await expect(answered).resolves.toEqual({ id: 'r', ok: true });
    expect(open).toHaveBeenCalledWith('https://example.com/connect', 'tab');
    expect(subject.views()).toEqual([expect.objectContaining({ requestId: 'r', serverName: 'Deploys', domain: 'example.com', mode: 'tab' })]);
    expect(subject.size).toBe(1);
    done();
    await vi.waitFor(() => expect(subject.size).toBe(0));
  });

  it('ends even when the window could not be opened', async () => {
    const { subject, consent } = visits(() => Promise.reject(new Error('no window')));
    void consent(link('r'));
    subject.open('r', 'window');
    await vi.waitFor(() => expect(subject.views()).toEqual([]));
  });

  it('is only answered for a server’s own sign-in, which opens its own window', async () => {
    const open = vi.fn(async () => {});
    const { subject, consent } = visits(open);
    const answered = consent(link('r'), { ...from, purpose: 'oauth' });
    subject.open('r', 'window');
    await expect(answered).resolves.toEqual({ id: 'r', ok: true });
    expect(open).not.toHaveBeenCalled();
    expect(subject.views()).toEqual([]);
  });

  it('cannot be opened for a Request no longer waiting', () => {
    const { subject } = visits();
    expect(() => subject.open('gone', 'tab')).toThrow(InboxError);
  });

  it('lets whoever waits on it go on when it finishes or they stop waiting', async () => {
    const { subject, consent } = visits(() => new Promise(() => {}));
    void consent(link('a'));
    void consent(link('b'));
    subject.open('a', 'tab');
    subject.open('b', 'tab');
    const waitedA = subject.until('a', new AbortController().signal);
    const stop = new AbortController();
    const waitedB = subject.until('b', stop.signal);
    subject.finish('a');
    await waitedA;
    stop.abort();
    await waitedB;
    expect(subject.views()).toEqual([]);
    await subject.until('never-opened', new AbortController().signal);
  });

  it('ends with its server, and only its server', () => {
    const { subject, consent } = visits(() => new Promise(() => {}));
    void consent(link('a'));
    void consent(link('b'), { ...from, serverId: 's2' });
    subject.open('a', 'tab');
    subject.open('b', 'tab');
    subject.finishServer('s1');
    expect(subject.views().map((view) => view.requestId)).toEqual(['b']);
  });

  it('ends when the server says its elicitation is complete, and a Request not yet answered needs no answer', async () => {
    const { subject, inbox, consent } = visits(() => new Promise(() => {}));
    void consent(link('a', 'https://example.com/a', 'e1'));
    const notYet = consent(link('b', 'https://example.com/b', 'e2'));
    void consent(link('c', 'https://example.com/c', 'e1'), { ...from, serverId: 's2' });
    subject.open('a', 'tab');
    subject.open('c', 'tab');
    subject.complete('s1', 'e1');
    expect(subject.views().map((view) => view.requestId)).toEqual(['c']);
    subject.complete('s1', 'e2');
    await expect(notYet).resolves.toEqual({ id: 'b', ok: true });
    expect(inbox.list()).toEqual([]);
  });
});
