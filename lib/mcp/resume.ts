/**
 * Carrying on a 2026-07-28 call from a round an earlier connection kept (a worker that was
 * stopped while the call waited on the person): the round's inputs are asked again under the
 * same Request ids, then its retry is sent. The server decides whether the kept `requestState`
 * is still good (spec basic/patterns/mrtr).
 */
import { type Client, type CallToolResult, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Connection } from './connection';
import { CallError } from './errors';
import { t } from '../i18n';
import { answerRound, type Elicit, type InputRounds, sendRoundMethod } from './inputRounds';
import type { RunRequest } from './runRequest';
import type { TaskCalls } from './taskCalls';
import { notCarriedOn } from './words';

export interface ResumeSetup {
  serverName: string;
  client: Client;
  run: RunRequest;
  rounds: Pick<InputRounds, 'roundsOf'>;
  elicit: Elicit;
  tasks: Pick<TaskCalls, 'followIfTask'>;
}

export function resumeRounds(setup: ResumeSetup): Connection['resume'] {
  const { serverName, client, run } = setup;
  return async (round, options = {}) => {
    if (client.getProtocolEra() !== 'modern') {
      throw new CallError('refused', t('mcp.rounds.noLongerModern', { server: serverName }));
    }
    let signal: AbortSignal | undefined;
    let result: Awaited<ReturnType<Connection['resume']>>;
    try {
      result = await run(
        { method: round.method, params: round.params },
        async (sdk) => {
          signal = sdk.signal!;
          const retry = await answerRound(round, signal, setup.elicit);
          options.onRound?.(undefined);
          return sendRoundMethod(client, round.method, { ...round.params, ...retry }, sdk);
        },
        options,
        round.round,
      );
    } catch (error) {
      // The server checks the kept requestState (spec mrtr: e.g. its expiry) and may refuse
      // it: say so when the very retry of the kept round failed, not a later round.
      const firstLeg = signal !== undefined && setup.rounds.roundsOf(signal) === round.round;
      if (firstLeg && error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams) {
        throw new CallError('refused', notCarriedOn(serverName, round, error.message));
      }
      throw error;
    }
    // SEP-2663: a server SHOULD settle input rounds before it makes the call a task, so the retry may be one.
    return round.method === 'tools/call' ? setup.tasks.followIfTask(result as CallToolResult, options) : result;
  };
}
