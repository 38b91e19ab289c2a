import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { WaitFor } from '../../../lib/mcp/connection';
import { type ElicitationSetup, elicitations, endedCalls } from '../../../lib/mcp/elicitations';
import { CallEndedError, CallError } from '../../../lib/mcp/errors';
import { idleClock } from '../../../lib/mcp/idleClock';
import { elicitationToRequest } from '../../../lib/mcp/protocol';
import type { Request } from '../../../lib/request';

const form = (id = 'elc-1'): Request => ({
  id,
  kind: 'input',
  prompt: 'Where to?',
  url: null,
  data: { schema: { type: 'object', properties: { target: { type: 'string', enum: ['staging', 'prod'] } }, required: ['target'] } },
});
const page = (id = 'elc-2', elicitationId?: string): Request =>
  elicitationToRequest({ mode: 'url', message: 'Link your account', url: 'https://auth.example.com/start', elicitationId }, id);
const signal = () => new AbortController().signal;

function setup(waitFor: WaitFor, more: Partial<ElicitationSetup> = {}) {
  const clock = idleClock(60_000);
  const pause = vi.spyOn(clock, 'pause');
  const resume = vi.spyOn(clock, 'resume');
  const elicits = elicitations({ waitFor, serverName: 'Echo', maxAttempts: 3, clock, lost: signal(), modern: () => false, ...more });
  return { elicits, pause, resume };
}

describe('endedCalls', () => {
  it('withdraws a request whose call ends while it is asked, saying why', () => {
    const calls = endedCalls('Echo');
    const asked = calls.begin(7);
    calls.ended([7]);
    expect(asked.aborted).toBe(true);
    expect(asked.reason).toBeInstanceOf(CallEndedError);
    expect((asked.reason as Error).message).toBe('Echo ended the call this came with, so an answer could no longer be read.');
  });

  it('withdraws at once a request whose call was seen to end before the request was handed over', () => {
    const calls = endedCalls('Echo');
    calls.ended(['late']);
    expect(calls.begin('late').aborted).toBe(true);
    expect(calls.begin('other').aborted).toBe(false);
  });

  it('leaves an answered request alone and remembers only the last hundred ended calls', () => {
    const calls = endedCalls('Echo');
    const answered = calls.begin(1);
    calls.finish(1);
    calls.ended([1]);
    expect(answered.aborted).toBe(false);
    calls.ended(Array.from({ length: 100 }, (_, index) => index + 2));
    expect(calls.begin(1).aborted).toBe(false);
    expect(calls.begin(101).aborted).toBe(true);
  });
});

describe('elicit', () => {
  it('asks with the idle clock paused and maps the Answer to what the server expects', async () => {
    const replies = [
      { ok: true, data: { target: 'prod' } },
      { ok: false, reason: 'declined' },
      { ok: false, reason: 'expired' },
    ];
    const { elicits, pause, resume } = setup(async (request) => {
      expect(pause).toHaveBeenCalledTimes(resume.mock.calls.length + 1);
      return { id: request.id, ...replies.shift()! };
    });
    await expect(elicits.elicit(form(), signal())).resolves.toEqual({ action: 'accept', content: { target: 'prod' } });
    await expect(elicits.elicit(form(), signal())).resolves.toEqual({ action: 'decline' });
    await expect(elicits.elicit(form(), signal())).resolves.toEqual({ action: 'cancel' });
    expect(resume).toHaveBeenCalledTimes(3);
  });

  it('never sends content that breaks the schema: asks again with the problems, then cancels', async () => {
    const problems: string[][] = [];
    const { elicits } = setup(async (request, context) => {
      problems.push(context.problems.map((problem) => problem.path));
      return { id: request.id, ok: true, data: { target: 'moon' } };
    });
    await expect(elicits.elicit(form(), signal())).resolves.toEqual({ action: 'cancel' });
    expect(problems).toEqual([[], ['target'], ['target']]);
  });

  it('holds a 2026-07-28 accepted URL until the person is done with the page, and a 2025-11-25 one not', async () => {
    let done!: () => void;
    const untilVisitEnds = vi.fn(() => new Promise<void>((resolve) => (done = resolve)));
    const accept: WaitFor = async (request) => ({ id: request.id, ok: true });
    const legacy = setup(accept, { untilVisitEnds });
    await expect(legacy.elicits.elicit(page(), signal())).resolves.toEqual({ action: 'accept', content: {} });
    expect(untilVisitEnds).not.toHaveBeenCalled();

    const modern = setup(accept, { untilVisitEnds, modern: () => true });
    const settled = vi.fn();
    void modern.elicits.elicit(page(), signal()).then(settled);
    await vi.waitFor(() => expect(untilVisitEnds).toHaveBeenCalled());
    expect(settled).not.toHaveBeenCalled();
    done();
    await vi.waitFor(() => expect(settled).toHaveBeenCalledWith({ action: 'accept', content: {} }));
  });

  it('lets the server’s completion notification end a 2026-07-28 visit, and tells the host', async () => {
    const onElicitationComplete = vi.fn();
    const { elicits } = setup(async (request) => ({ id: request.id, ok: true }), { modern: () => true, onElicitationComplete });
    const settled = vi.fn();
    void elicits.elicit(page('elc-3', 'flow-1'), signal()).then(settled);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).not.toHaveBeenCalled();
    elicits.complete('flow-1');
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
    expect(onElicitationComplete).toHaveBeenCalledWith('flow-1');
  });
});

describe('visitUrls', () => {
  it('asks every page of a -32042 with the clock paused, and stops the call when one is declined', async () => {
    const asked: Request[] = [];
    const { elicits, pause, resume } = setup(async (request) => {
      asked.push(request);
      return request.url === 'https://b.example.com/' ? { id: request.id, ok: false, reason: 'declined' } : { id: request.id, ok: true };
    });
    const required = [
      { message: 'First', url: 'https://a.example.com/' },
      { message: 'Second', url: 'https://b.example.com/' },
    ];
    const error = await elicits.visitUrls('link', required, signal()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CallError);
    expect(error).toMatchObject({ reason: 'declined', message: 'link needs you to open a page first; that was declined.' });
    expect(asked.map((request) => [request.kind, request.url])).toEqual([
      ['authorization', 'https://a.example.com/'],
      ['authorization', 'https://b.example.com/'],
    ]);
    expect([pause.mock.calls.length, resume.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('handle', () => {
  /** A client connected to a hand-played 2025-11-25 server that sends elicitation/create. */
  async function served() {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const replies: JSONRPCMessage[] = [];
    serverSide.onmessage = (message) => {
      if ('method' in message && message.method === 'initialize' && 'id' in message) {
        void serverSide.send({
          jsonrpc: '2.0',
          id: message.id,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'hand', version: '1' } },
        });
      } else if (!('method' in message)) replies.push(message);
    };
    await serverSide.start();
    const client = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: { form: {} } } });
    return {
      client,
      connect: () => client.connect(clientSide),
      ask: (id: number) =>
        serverSide.send({
          jsonrpc: '2.0',
          id,
          method: 'elicitation/create',
          params: { message: 'Where to?', requestedSchema: { type: 'object', properties: { target: { type: 'string' } } } },
        }),
      replies,
    };
  }

  it('answers the server’s elicitation/create through the person', async () => {
    const { client, connect, ask, replies } = await served();
    const asked: Request[] = [];
    const { elicits } = setup(async (request) => {
      asked.push(request);
      return { id: request.id, ok: true, data: { target: 'prod' } };
    });
    elicits.handle(client);
    await connect();
    await ask(5);
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    expect(asked[0]).toMatchObject({ kind: 'input', prompt: 'Where to?' });
    expect(replies[0]).toEqual({ jsonrpc: '2.0', id: 5, result: { action: 'accept', content: { target: 'prod' } } });
    await client.close();
  });

  it('hands the person the question with the place it held on its way in, found by its session and id', async () => {
    const { client, connect, ask, replies } = await served();
    const place = { release: vi.fn() };
    const placeOf = vi.fn((session: string, id: string | number) => (session === '' && id === 9 ? place : undefined));
    const given: unknown[] = [];
    const { elicits } = setup(
      async (request, context) => {
        given.push(context.place);
        return { id: request.id, ok: false, reason: 'declined' };
      },
      { placeOf },
    );
    elicits.handle(client);
    await connect();
    await ask(9);
    await vi.waitFor(() => expect(replies).toHaveLength(1));
    // The in-memory transport keeps no session: the gate keys such a stream's questions by ''.
    expect(placeOf).toHaveBeenCalledWith('', 9);
    expect(given).toEqual([place]);
    await client.close();
  });

  it('withdraws the question when the call it came with ends or the connection is lost', async () => {
    const lost = new AbortController();
    const signals: AbortSignal[] = [];
    const { client, connect, ask, replies } = await served();
    const { elicits } = setup(
      (request, context) =>
        new Promise((resolve) => {
          signals.push(context.signal);
          context.signal.addEventListener('abort', () => resolve({ id: request.id, ok: false, reason: 'cancelled' }));
        }),
      { lost: lost.signal },
    );
    elicits.handle(client);
    await connect();
    await ask(1);
    await ask(2);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    elicits.callEnded([1]);
    expect(signals[0]!.reason).toBeInstanceOf(CallEndedError);
    expect(signals[1]!.aborted).toBe(false);
    lost.abort(new Error('gone'));
    expect(signals[1]!.reason).toEqual(new Error('gone'));
    await vi.waitFor(() => expect(replies).toHaveLength(2));
    expect(replies.map((reply) => (reply as { result?: unknown }).result)).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
    await client.close();
  });
});
