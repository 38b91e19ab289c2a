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
