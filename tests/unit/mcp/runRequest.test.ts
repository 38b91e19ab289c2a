import type { RequestOptions } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../lib/mcp/errors';
import { idleClock, NO_SDK_TIMEOUT } from '../../../lib/mcp/idleClock';
import { requestRunner } from '../../../lib/mcp/runRequest';

/** A request that never answers by itself, rejecting with the SDK's own error when aborted, as the SDK does. */
const silent = (options: RequestOptions) =>
  new Promise<never>((_, reject) => {
    const timedOut = () => reject(new Error('Request timed out'));
    if (options.signal!.aborted) timedOut();
    options.signal!.addEventListener('abort', timedOut, { once: true });
  });

const DEPLOY = { method: 'tools/call', params: { name: 'deploy' } } as const;

describe('requestRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const lost = new AbortController();
    const track = vi.fn();
    const run = requestRunner('Deploys', idleClock(1_000), lost.signal, { track });
    return { lost, track, run };
  };

  it('turns the SDK timeout off and tracks the call for its input rounds', async () => {
    const { run, track } = setup();
    const send = vi.fn(async (options: RequestOptions) => options.timeout);
    const onRound = vi.fn();
    await expect(run(DEPLOY, send, { onRound }, 2)).resolves.toBe(NO_SDK_TIMEOUT);
    expect(track).toHaveBeenCalledWith(send.mock.calls[0]![0].signal, onRound, 2);
  });

  it('fails a silent server with a timeout that names the server and the request', async () => {
    const { run } = setup();
    const call = run(DEPLOY, silent);
    const failed = expect(call).rejects.toEqual(new CallError('timeout', 'Deploys did not answer the call to deploy for 1 s.'));
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
  });

  it('keeps a call alive while the server reports progress', async () => {
    const { run } = setup();
    const onprogress = vi.fn();
    let report!: () => void;
    const call = run(
      DEPLOY,
      (options) => {
        report = () => options.onprogress!({ progress: 1 });
        return silent(options);
      },
      { onprogress },
    );
    for (let i = 0; i < 5; i += 1) {
      await vi.advanceTimersByTimeAsync(900);
      report();
    }
    expect(onprogress).toHaveBeenCalledTimes(5);
    const failed = expect(call).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
  });

  it('says cancelled when the caller aborts, and disconnected when the connection is lost', async () => {
    const { run, lost } = setup();
    const controller = new AbortController();
    const cancelled = run(DEPLOY, silent, { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toEqual(new CallError('cancelled', 'The call to deploy was cancelled.'));

    const disconnected = run({ method: 'resources/read', params: { uri: 'file:///a' } }, silent);
    lost.abort(new Error('The connection to Deploys closed.'));
    await expect(disconnected).rejects.toEqual(new CallError('disconnected', 'The connection to Deploys closed.'));
    await expect(run({ method: 'resources/read', params: { uri: 'file:///b' } }, silent)).rejects.toEqual(
      new CallError('disconnected', 'The connection to Deploys closed.'),
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes the server’s own error through', async () => {
    const { run } = setup();
    await expect(run(DEPLOY, () => Promise.reject(new Error('Unknown tool')))).rejects.toThrow('Unknown tool');
  });
});
