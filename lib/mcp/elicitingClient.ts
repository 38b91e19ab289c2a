/**
 * The SDK `Client` with the hooks toolnexus needs: elicitation params checked before the
 * SDK's own schema (one readable -32602 instead of a dump of validation issues),
 * 2026-07-28 `input_required` rounds driven by `inputRounds` instead of the SDK's
 * auto-fulfilment, whose rounds cannot be seen from outside, and 2026-07-28 task results
 * (`resultType: "task"`), which the SDK refuses, passed on wrapped (lib/mcp/tasks.ts).
 */
import {
  Client,
  type ClientContext,
  type JSONRPCErrorResponse,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type Result,
} from '@modelcontextprotocol/client';
import { type InputRequiredCall, type InputRequiredPayload, refusal } from './inputRounds';
import { checkElicitationParams, ElicitationParamsError } from './protocol';
import { wrapCreateTaskResult } from './tasks';

export class ElicitingClient extends Client {
  driveInputRounds?: (payload: InputRequiredPayload, call: InputRequiredCall) => Promise<unknown>;

  /** A notification the server's budget held (lib/mcp/inboundBudget.ts), dispatched now as if it had just come. */
  deliverNotification(notification: JSONRPCNotification): void {
    this._onnotification(notification);
  }

  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ClientContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'elicitation/create') return wrapped;
    return (request, ctx) => {
      try {
        checkElicitationParams(request.params);
      } catch (error) {
        if (error instanceof ElicitationParamsError) throw refusal(error);
        throw error;
      }
      return wrapped(request, ctx);
    };
  }

  // The SDK's named extension point for results that are not complete (protocol.ts).
  protected override _resolveNonCompleteResult(
    decoded: InputRequiredPayload & { kind: 'input_required' },
    call: InputRequiredCall,
  ): Promise<unknown> {
    return this.driveInputRounds ? this.driveInputRounds(decoded, call) : super._resolveNonCompleteResult(decoded, call as never);
  }

  protected override _onresponse(response: JSONRPCResponse | JSONRPCErrorResponse): void {
    super._onresponse('result' in response ? { ...response, result: wrapCreateTaskResult(response.result) as Result } : response);
  }
}
