import { ProtocolError, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../lib/mcp/errors';
import { sendAfterUrlVisits, urlCompletion, visitRequiredUrls } from '../../../lib/mcp/urlCompletion';
import type { Answer, Request } from '../../../lib/request';

const visit = (id: string, elicitationId?: string): Request => ({
  id,
  kind: 'authorization',
  prompt: 'Link your account',
  url: 'https://auth.example.com/start',
  data: null,
  ...(elicitationId !== undefined && { elicitationId }),
});
const never = () => new AbortController().signal;

describe('urlCompletion', () => {
  it('settles when the server says the flow is complete', async () => {
    const urls = urlCompletion();
    const settled = vi.fn();
    void urls.settled(visit('r1', 'e1'), never()).then(settled);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    urls.complete('e1');
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
  });

  it('remembers a completion that arrives before anyone waits for it', async () => {
    const urls = urlCompletion();
    urls.complete('early');
    await expect(urls.settled(visit('r1', 'early'), never())).resolves.toBeUndefined();
  });

  it('forgets the oldest completions past a hundred', async () => {
    const urls = urlCompletion();
    for (let i = 0; i <= 100; i += 1) urls.complete(`e${i}`);
    const first = vi.fn();
    void urls.settled(visit('r1', 'e0'), never()).then(first);
    await expect(urls.settled(visit('r2', 'e100'), never())).resolves.toBeUndefined();
    expect(first).not.toHaveBeenCalled();
  });

  it('without a host to ask, settles at once when the server gave no id to wait for', async () => {
    await expect(urlCompletion().settled(visit('r1'), never())).resolves.toBeUndefined();
  });

  it('settles when the host says the visit ended, whichever comes first', async () => {
    const untilVisitEnds = vi.fn(() => Promise.resolve());
    const urls = urlCompletion(untilVisitEnds);
    const request = visit('r1', 'never-completed');
    await expect(urls.settled(request, never())).resolves.toBeUndefined();
    expect(untilVisitEnds).toHaveBeenCalledWith(request, expect.any(AbortSignal));
  });

  it('rejects with the abort reason when the call ends first', async () => {
    const controller = new AbortController();
    const pending = urlCompletion(() => new Promise(() => {})).settled(visit('r1', 'e1'), controller.signal);
    controller.abort(new Error('connection lost'));
    await expect(pending).rejects.toThrow('connection lost');
  });
});

describe('visitRequiredUrls (-32042)', () => {
  const accepted = (request: Request): Promise<Answer> => Promise.resolve({ id: request.id, ok: true });

  it('asks every page at once and resolves once each is done', async () => {
    const ask = vi.fn(accepted);
    const done: string[] = [];
    await visitRequiredUrls('deploy', [visit('a'), visit('b')], ask, async (request) => {
      done.push(request.id);
    });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(done).toEqual(['a', 'b']);
  });

  it('ends the call as declined, naming the tool, when a page is refused', async () => {
    const settled = vi.fn(async () => {});
    const refusing = visitRequiredUrls(
      'deploy',
      [visit('a'), visit('b')],
      async (request) => ({ id: request.id, ok: request.id === 'a', reason: 'declined' }),
      settled,
    );
    await expect(refusing).rejects.toEqual(new CallError('declined', 'deploy needs you to open a page first; that was declined.'));
    expect(settled).not.toHaveBeenCalled();
    await expect(
      visitRequiredUrls('deploy', [visit('a')], async (request) => ({ id: request.id, ok: false, reason: 'cancelled' }), settled),
    ).rejects.toThrow('that was cancelled.');
  });
});

describe('sendAfterUrlVisits', () => {
  const required = () =>
    new UrlElicitationRequiredError([{ mode: 'url', message: 'Link your account', url: 'https://auth.example.com/start', elicitationId: 'e1' }]);

  it('sends the call again once the person has visited what a -32042 named', async () => {
    const visited: string[] = [];
    let sent = 0;
    const result = await sendAfterUrlVisits(
      async () => {
        sent += 1;
        if (sent === 1) throw required();
        return 'done';
      },
      async (error) => {
        visited.push(...error.elicitations.map((params) => params.url));
      },
    );
    expect(result).toBe('done');
    expect(sent).toBe(2);
    expect(visited).toEqual(['https://auth.example.com/start']);
  });

  it('shows the error of a server that keeps refusing after three rounds of visits', async () => {
    const visit = vi.fn(async () => {});
    const send = vi.fn(async () => {
      throw required();
    });
    await expect(sendAfterUrlVisits(send, visit)).rejects.toBeInstanceOf(UrlElicitationRequiredError);
    expect(visit).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('neither visits nor sends again after any other error, nor after a visit that was refused', async () => {
    const visit = vi.fn(async () => {});
    await expect(sendAfterUrlVisits(() => Promise.reject(new ProtocolError(-32603, 'boom')), visit)).rejects.toThrow('boom');
    expect(visit).not.toHaveBeenCalled();
    const send = vi.fn(() => Promise.reject(required()));
    const declined = new CallError('declined', 'link needs you to open a page first; that was declined.');
    await expect(sendAfterUrlVisits(send, () => Promise.reject(declined))).rejects.toBe(declined);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
