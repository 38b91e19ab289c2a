/**
 * How untrusted JSON is read, one meaning for every module: what a server, a file or a page
 * sent is checked with these before anything is taken from it.
 */

/** A JSON object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text read as one JSON object, or undefined for anything else (not JSON, a batch, a scalar): one JSON-RPC message. */
export function parseRecord(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** spec basic (JSON-RPC 2.0): a request's id is a string or a number. */
export type RpcId = string | number;

export const isRpcId = (value: unknown): value is RpcId => typeof value === 'string' || typeof value === 'number';

/** The id of a JSON-RPC request or its response, if `message` has one. */
export const rpcId = (message: unknown): RpcId | undefined => (isRecord(message) && isRpcId(message.id) ? message.id : undefined);
