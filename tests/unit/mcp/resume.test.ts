import { type CallToolResult, type Client, ProtocolError, ProtocolErrorCode, type RequestOptions } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { InputRound } from '../../../lib/mcp/connection';
import { CallError } from '../../../lib/mcp/errors';
import { idleClock } from '../../../lib/mcp/idleClock';
import { inputRounds } from '../../../lib/mcp/inputRounds';
import { resumeRounds } from '../../../lib/mcp/resume';
import { requestRunner } from '../../../lib/mcp/runRequest';
import type { Request } from '../../../lib/request';

const kept = (method: InputRound['method'], params: Record<string, unknown>): InputRound => ({
  method,
  params,
  round: 2,
  inputRequests: {
    who: {
      method: 'elicitation/create',
      params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
    },
  },
  requestState: 'opaque-state',
  requestIds: { who: 'elc-kept-1' },
});

type Send = (params: Record<string, unknown>, options: RequestOptions) => Promise<unknown>;

/** `resume` on a connection whose client speaks `era` and answers the retry with `send`. */
function resumer(era: 'modern' | 'legacy', send: Send) {
  const lost = new AbortController().signal;
  const asked: Request[] = [];
  const elicit = async (request: Request) => {
    asked.push(request);
    return { action: 'accept' as const, content: { name: 'Ada' } };
  };
  const rounds = inputRounds('Echo', elicit);
  const client = { getProtocolEra: () => era, callTool: vi.fn(send), getPrompt: vi.fn(send) };
  const followIfTask = vi.fn(async (result: CallToolResult) => ({ ...result, followed: true }));
  const resume = resumeRounds({
    serverName: 'Echo',
    client: client as unknown as Client,
    run: requestRunner('Echo', idleClock(60_000), lost, rounds),
    rounds,
    elicit,
    tasks: { followIfTask },
  });
  return { resume, asked, client, rounds, followIfTask };
}

describe('resumeRounds', () => {
  it('asks the kept round again under the same Request ids, then sends its retry with the answers and the kept requestState', async () => {
    const { resume, asked, client } = resumer('modern', async () => ({ messages: [] }));
    const onRound = vi.fn();
    await expect(resume(kept('prompts/get', { name: 'greet' }), { onRound })).resolves.toEqual({ messages: [] });
    expect(asked.map((request) => [request.id, request.prompt])).toEqual([['elc-kept-1', 'Name?']]);
    expect(onRound).toHaveBeenCalledWith(undefined);
    expect(client.getPrompt.mock.calls[0]![0]).toEqual({
      name: 'greet',
      inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } },
      requestState: 'opaque-state',
    });
  });

  it('follows a resumed tool call that comes back a task', async () => {
    const { resume, followIfTask } = resumer('modern', async () => ({ content: [] }));
    await expect(resume(kept('tools/call', { name: 'slow' }))).resolves.toEqual({ content: [], followed: true });
    expect(followIfTask).toHaveBeenCalledTimes(1);
  });

  it('refuses to carry on with a server that no longer speaks 2026-07-28', async () => {
    const { resume, asked } = resumer('legacy', async () => ({}));
    await expect(resume(kept('tools/call', { name: 'slow' }))).rejects.toEqual(
      new CallError('refused', 'Echo no longer speaks the 2026-07-28 protocol, so the call cannot be carried on. Run it again.'),
    );
    expect(asked).toEqual([]);
  });

  it('says the kept round could not be carried on when the server refuses its very retry', async () => {
    const { resume } = resumer('modern', async () => {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState expired');
    });
    await expect(resume(kept('prompts/get', { name: 'greet' }))).rejects.toEqual(
      new CallError('refused', 'Echo could not carry on the prompt greet after toolnexus restarted (requestState expired). Run it again.'),
    );
  });

  it('passes on as it is a refusal of a later round of the resumed call', async () => {
    const refused = new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad answer');
    const later: { rounds?: ReturnType<typeof inputRounds> } = {};
    const { resume, rounds } = resumer('modern', (params, options) =>
      later.rounds!.drive(
        { inputRequests: {} },
        { request: { method: 'prompts/get', params }, options, retry: () => Promise.reject(refused) },
        new AbortController().signal,
      ),
    );
    later.rounds = rounds;
    await expect(resume(kept('prompts/get', { name: 'greet' }))).rejects.toBe(refused);
  });
});
