/**
 * What one JSON-RPC 2.0 message is (spec basic: requests, notifications, responses), read from
 * untrusted JSON: the one reading of a message's kind, method and id for all that look at
 * messages beside the SDK — the question gate and the notification budget as events enter, the
 * call-stream watch, the language preference on what goes out, and the protocol log's view.
 */
import { isRecord, parseRecord } from '../json';

/** spec basic (JSON-RPC 2.0): a request's id is a string or a number. */
export type RpcId = string | number;

export const isRpcId = (value: unknown): value is RpcId => typeof value === 'string' || typeof value === 'number';

export type RpcMessage =
  | { kind: 'request'; id: RpcId; method: string; params?: Record<string, unknown> }
  | { kind: 'notification'; method: string; params?: Record<string, unknown> }
  /** `failed`: it carries an `error`, not a `result`. */
  | { kind: 'response'; id: RpcId; failed: boolean };

/** What `value` is as a JSON-RPC message, or undefined for anything else (not an object, a batch, no method and no result or error, an id of another type). */
export function rpcMessage(value: unknown): RpcMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { method, id, params } = value;
  if (typeof method === 'string') {
    const given = isRecord(params) ? { params } : {};
    if (isRpcId(id)) return { kind: 'request', id, method, ...given };
    return id === undefined ? { kind: 'notification', method, ...given } : undefined;
  }
  if (isRpcId(id) && ('result' in value || 'error' in value)) return { kind: 'response', id, failed: 'error' in value };
  return undefined;
}

/** `text` read as one JSON-RPC message (see `rpcMessage`). */
export const readRpcMessage = (text: string): RpcMessage | undefined => rpcMessage(parseRecord(text));
