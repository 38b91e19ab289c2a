/**
 * How every request of a connection runs: under the idle clock instead of the SDK's fixed
 * timeout, so a request that waits on the person (a 2025 elicitation, a 2026 input round)
 * lives as long as they take while a silent server still fails it; and ended with a
 * `CallError` that says why (cancelled, connection lost, timed out), since the SDK reports
 * every abort of a legacy-era request as a timeout.
 */
import type { RequestOptions } from '@modelcontextprotocol/client';
import type { CallOptions } from './connection';
import { CallError } from './errors';
import { type IdleClock, NO_SDK_TIMEOUT } from './idleClock';
import type { InputRounds } from './inputRounds';
import { cancelled, type RequestTarget, timedOut } from './words';

export type RunRequest = <T>(
  target: RequestTarget,
  send: (options: RequestOptions) => Promise<T>,
  options?: CallOptions,
  roundsDone?: number,
) => Promise<T>;

export function requestRunner(serverName: string, clock: IdleClock, lost: AbortSignal, rounds: Pick<InputRounds, 'track'>): RunRequest {
  return async (target, send, runOptions = {}, roundsDone = 0) => {
    const controller = new AbortController();
    rounds.track(controller.signal, runOptions.onRound, roundsDone);
    let stopped: CallError | undefined;
    const stop = (error: CallError) => {
      stopped ??= error;
      controller.abort(error);
    };
    const onAbort = () => stop(new CallError('cancelled', cancelled(target)));
    const onLost = () => stop(new CallError('disconnected', String((lost.reason as Error).message)));
    if (runOptions.signal?.aborted) onAbort();
    if (lost.aborted) onLost();
    runOptions.signal?.addEventListener('abort', onAbort, { once: true });
    lost.addEventListener('abort', onLost, { once: true });
    const watch = clock.watch(() => stop(new CallError('timeout', timedOut(serverName, target, clock.allowance))));
    try {
      return await send({
        signal: controller.signal,
        timeout: NO_SDK_TIMEOUT,
        onprogress: (progress) => {
          watch.touch();
          runOptions.onprogress?.(progress);
        },
      });
    } catch (error) {
      throw stopped ?? error;
    } finally {
      watch.stop();
      runOptions.signal?.removeEventListener('abort', onAbort);
      lost.removeEventListener('abort', onLost);
    }
  };
}
