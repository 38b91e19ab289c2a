/**
 * Why a call or a server's request ended, as values the hub and the panel branch on. Kept apart
 * from the parts that throw them (the request runner, task calls, input rounds, URL visits) so
 * each can import them without importing the others: no import circle in lib/mcp.
 */

/** A tool call failed for a reason the person should read as-is. */
export class CallError extends Error {
  constructor(
    /** `refused`: the server asked for something toolnexus will not do. */
    readonly reason: 'timeout' | 'cancelled' | 'disconnected' | 'declined' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

/** Why a server's request no longer waits on the person: the call it came with has ended (lib/mcp/callStreams.ts). */
export class CallEndedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallEndedError';
  }
}
