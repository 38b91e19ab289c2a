/**
 * The records of each server's protocol log, as the hub keeps them: the newest
 * `PROTOCOL_LOG_LENGTH` of its connections (lib/mcp/protocolLog.ts records them, redacted), each message cut to `MAX_RECORD_CHARS`;
 * and beside them its sign-in trace, the newest `SIGN_IN_ATTEMPTS` attempts (lib/auth/trace.ts,
 * each written to by its sign-in as it goes, redacted the same way), recorded, kept and cleared with them.
 * In the worker's memory only: never stored, gone with the worker or the server. A server's last
 * records come after it is gone (its session's DELETE, recorded a moment later, lib/mcp/protocolLog.ts):
 * only a server the hub still `holds` is recorded, or each add and remove left two records for good.
 */
import type { TraceAttempt } from '../auth/trace';
import type { ProtocolRecord } from '../mcp/protocolLog';

export const PROTOCOL_LOG_LENGTH = 1_000;
export const MAX_RECORD_CHARS = 8_000;
export const SIGN_IN_ATTEMPTS = 20;

function bounded(record: ProtocolRecord): ProtocolRecord {
  if (record.kind !== 'message') return record;
  const text = JSON.stringify(record.message) ?? '';
  if (text.length <= MAX_RECORD_CHARS) return record;
  return {
    ...record,
    message: {
      cut: `${text.length.toLocaleString('en')} characters; the first ${MAX_RECORD_CHARS.toLocaleString('en')} are kept`,
      start: text.slice(0, MAX_RECORD_CHARS),
    },
  };
}

export class ProtocolRecords {
  readonly #logs = new Map<string, ProtocolRecord[]>();
  readonly #traces = new Map<string, TraceAttempt[]>();
  readonly #recording: () => boolean;
  readonly #holds: (serverId: string) => boolean;

  /**
   * `recording` says whether connections made from now on are recorded (the person can turn it
   * off); `holds`, whether a server is still there to record for (a removed one is not).
   */
  constructor(recording: () => boolean = () => true, holds: (serverId: string) => boolean = () => true) {
    this.#recording = recording;
    this.#holds = holds;
  }

  /** What a new connection records with; none while recording is off. */
  recorder(): ((serverId: string, record: ProtocolRecord) => void) | undefined {
    return this.#recording() ? (serverId, record) => this.add(serverId, record) : undefined;
  }

  add(serverId: string, record: ProtocolRecord): void {
    if (!this.#holds(serverId)) return;
    let log = this.#logs.get(serverId);
    if (!log) this.#logs.set(serverId, (log = []));
    log.push(bounded(record));
    if (log.length > PROTOCOL_LOG_LENGTH) log.splice(0, log.length - PROTOCOL_LOG_LENGTH);
  }

  /** Oldest first. */
  list(serverId: string): ProtocolRecord[] {
    return [...(this.#logs.get(serverId) ?? [])];
  }

  /** Where a sign-in of `serverId` hands its attempts; none while recording is off. */
  keeper(serverId: string): ((attempt: TraceAttempt) => void) | undefined {
    if (!this.#recording()) return undefined;
    return (attempt) => {
      if (!this.#holds(serverId)) return;
      let attempts = this.#traces.get(serverId);
      if (!attempts) this.#traces.set(serverId, (attempts = []));
      attempts.push(attempt);
      if (attempts.length > SIGN_IN_ATTEMPTS) attempts.splice(0, attempts.length - SIGN_IN_ATTEMPTS);
    };
  }

  /** The sign-in trace, oldest attempt first: a copy, the trace as it was when asked. */
  signInTrace(serverId: string): TraceAttempt[] {
    return structuredClone(this.#traces.get(serverId) ?? []);
  }

  clear(serverId: string): void {
    this.#logs.delete(serverId);
    this.#traces.delete(serverId);
  }
}
