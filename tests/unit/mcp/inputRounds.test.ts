import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputRound } from '../../../lib/mcp/connection';
import { CallError } from '../../../lib/mcp/errors';
import { answerRound, inputRounds, MAX_INPUT_ROUNDS, toRound, type InputRequiredCall } from '../../../lib/mcp/inputRounds';
import type { Request } from '../../../lib/request';

const ask = (message: string) => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
});
const params = { name: 'deploy', arguments: { env: 'prod' } };
const never = () => new AbortController().signal;

describe('toRound', () => {
  it('keeps the round as plain data, naming a Request for each input', () => {
    const round = toRound('Deploys', 'tools/call', params, 1, { inputRequests: { who: ask('Who?') }, requestState: 'opaque' });
    expect(round).toEqual({
      method: 'tools/call',
      params,
      round: 1,
      inputRequests: { who: ask('Who?') },
      requestState: 'opaque',
      requestIds: { who: expect.stringMatching(/^elc-[0-9a-z]+-\d+$/) },
    });
    expect(JSON.parse(JSON.stringify(round))).toEqual(round);
  });

  it('omits requestState when the server sent none', () => {
    expect(toRound('Deploys', 'tools/call', params, 1, { inputRequests: {} })).not.toHaveProperty('requestState');
  });

  it('refuses a request toolnexus never declared, naming it', () => {
    expect(() => toRound('Deploys', 'tools/call', params, 1, { inputRequests: { s: { method: 'sampling/createMessage', params: {} } } })).toThrow(
      new CallError('refused', 'Deploys asked for "sampling/createMessage", which toolnexus does not offer; the call was stopped.'),
    );
    expect(() => toRound('Deploys', 'tools/call', params, 1, { inputRequests: { s: 42 } })).toThrow('Deploys asked for something');
  });

  it('refuses malformed elicitation params with -32602', () => {
    const bad = { method: 'elicitation/create', params: { mode: 'form', message: 'x', requestedSchema: { type: 'string' } } };
    try {
      toRound('Deploys', 'tools/call', params, 1, { inputRequests: { bad } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
      expect((error as Error).message).toContain('Elicitation refused by the client: requestedSchema must be an object schema');
    }
  });
});

describe('answerRound', () => {
  afterEach(() => vi.useRealTimers());

  it('asks every input at once under its kept id and echoes requestState exactly', async () => {
    const round = toRound('Deploys', 'tools/call', params, 1, { inputRequests: { a: ask('A?'), b: ask('B?') }, requestState: 'state-bytes' });
    const asked: Request[] = [];
    const retry = await answerRound(round, never(), async (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: request.prompt } };
    });
    expect(asked.map((request) => request.id)).toEqual([round.requestIds.a, round.requestIds.b]);
    expect(retry).toEqual({
      inputResponses: { a: { action: 'accept', content: { name: 'A?' } }, b: { action: 'accept', content: { name: 'B?' } } },
      requestState: 'state-bytes',
    });
  });

  it('paces a round of only requestState as the SDK does, and stops on abort', async () => {
    vi.useFakeTimers();
    const round: InputRound = { method: 'tools/call', params, round: 1, inputRequests: {}, requestIds: {}, requestState: 's' };
    const elicit = vi.fn();
    const paced = answerRound(round, never(), elicit);
    await vi.advanceTimersByTimeAsync(250);
    await expect(paced).resolves.toEqual({ requestState: 's' });
    expect(elicit).not.toHaveBeenCalled();

    const controller = new AbortController();
    const stopped = answerRound(round, controller.signal, elicit);
    controller.abort(new Error('cancelled'));
    await expect(stopped).rejects.toThrow('cancelled');
  });
});

describe('inputRounds.drive', () => {
  const call = (retry: InputRequiredCall['retry'], signal: AbortSignal): InputRequiredCall => ({
    request: { method: 'tools/call', params: { ...params, inputResponses: { old: {} }, requestState: 'old' } },
    options: { signal },
    retry,
  });

  it('answers rounds until the result completes, reporting each round and its end', async () => {
    const rounds = inputRounds('Deploys', async () => ({ action: 'accept', content: { name: 'Ada' } }));
    const signal = never();
    const onRound = vi.fn();
    rounds.track(signal, onRound, 0);
    const retry = vi
      .fn()
      .mockResolvedValueOnce({ resultType: 'input_required', inputRequests: { again: ask('Again?') }, requestState: 'two' })
      .mockResolvedValueOnce({ content: [{ type: 'text', text: 'deployed' }] });
    const result = await rounds.drive({ inputRequests: { who: ask('Who?') } }, call(retry, signal), never());
    expect(result).toEqual({ content: [{ type: 'text', text: 'deployed' }] });
    // Every retry repeats only the original params, never a resumed leg's answers.
    expect(retry.mock.calls[0]![0]).toEqual({ ...params, inputResponses: { who: { action: 'accept', content: { name: 'Ada' } } } });
    expect(retry.mock.calls[1]![0]).toEqual({
      ...params,
      inputResponses: { again: { action: 'accept', content: { name: 'Ada' } } },
      requestState: 'two',
    });
    expect(onRound.mock.calls.map(([round]) => round?.round)).toEqual([1, undefined, 2, undefined]);
    expect(rounds.roundsOf(signal)).toBe(2);
  });

  it(`stops a server that still asks after ${MAX_INPUT_ROUNDS} rounds`, async () => {
    const rounds = inputRounds('Deploys', async () => ({ action: 'decline' }));
    const signal = never();
    rounds.track(signal, undefined, 0);
    const retry = vi.fn().mockResolvedValue({ resultType: 'input_required', inputRequests: { who: ask('Who?') } });
    await expect(rounds.drive({ inputRequests: { who: ask('Who?') } }, call(retry, signal), never())).rejects.toThrow(
      `Deploys still wanted more input after ${MAX_INPUT_ROUNDS} rounds; the call was stopped.`,
    );
    expect(retry).toHaveBeenCalledTimes(MAX_INPUT_ROUNDS);
  });

  it('counts a resumed call from the round it was kept at', async () => {
    const rounds = inputRounds('Deploys', async () => ({ action: 'cancel' }));
    const signal = never();
    rounds.track(signal, undefined, MAX_INPUT_ROUNDS - 1);
    const retry = vi.fn().mockResolvedValue({ resultType: 'input_required', inputRequests: {} });
    await expect(rounds.drive({ inputRequests: { who: ask('Who?') } }, call(retry, signal), never())).rejects.toThrow('still wanted more input');
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
