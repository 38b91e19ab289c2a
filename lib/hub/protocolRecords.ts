/**
 * The records of each server's protocol log, as the hub keeps them: the newest of its connections
 * (lib/mcp/protocolLog.ts records them, redacted), each message cut to `MAX_RECORD_CHARS`, bounded
 * by count and by size, per server and in all; a note at the head of a log says how many older
 * records were dropped and when the last went. Beside them its sign-in trace, the newest
 * `SIGN_IN_ATTEMPTS` attempts (lib/auth/trace.ts, each written to by its sign-in as it goes,
 * redacted the same way), recorded, kept and cleared with them.
 * In the worker's memory only: never stored, gone with the worker or the server. A server's last
 * records come after it is gone (its session's DELETE, recorded a moment later, lib/mcp/protocolLog.ts):
 * only a server the hub still `holds` is recorded, or each add and remove left two records for good.
 */
import type { TraceAttempt } from '../auth/trace';
import { t } from '../i18n';
import type { ProtocolLogEntry, ProtocolRecord } from '../mcp/protocolLog';

/** What a person scrolls through debugging one server. */
export const PROTOCOL_LOG_LENGTH = 1_000;
export const MAX_RECORD_CHARS = 8_000;
/**
 * Size is counted in characters of the records' JSON, which is about what they take in the
 * worker (a byte a character for ASCII text, two otherwise). One server's log: 1,000 typical
 * records (an exchange's headers, a call, its answer: 0.2–1 KB each) fit, so the count is the
 * bound a person meets; only a server sending big messages meets this one (125 of 8,000
 * characters). Counted alone, 1,000 such records made 8 MB a server, 160 MB for 20.
 */
export const PROTOCOL_LOG_CHARS = 1_000_000;
/**
 * All servers' logs together: below the worker's own heap after GC with its servers connected
 * (about 5 MB, bench/RESULTS.md), so a flood of every server's log at most doubles it. Past it the
 * largest log gives up its oldest records first: one busy server never takes a quiet one's.
 */
export const ALL_PROTOCOL_LOGS_CHARS = 4_000_000;
export const SIGN_IN_ATTEMPTS = 20;

/** The record's JSON length, its message's JSON (`messageChars`) already counted. */
const charsWith = (record: ProtocolRecord & { kind: 'message' }, messageChars: number) =>
  JSON.stringify({ ...record, message: 0 }).length - 1 + messageChars;

/** The record as kept, and its size. A cut message keeps a copy of its start: a slice would hold the whole text alive. */
function bounded(record: ProtocolRecord): { record: ProtocolRecord; chars: number } {
  if (record.kind !== 'message') return { record, chars: JSON.stringify(record).length };
  const text = JSON.stringify(record.message) ?? '';
  if (text.length <= MAX_RECORD_CHARS) return { record, chars: charsWith(record, text.length) };
  const message = {
    cut: t('bounds.bodyCut', { length: text.length, kept: MAX_RECORD_CHARS }),
    start: JSON.parse(JSON.stringify(text.slice(0, MAX_RECORD_CHARS))) as string,
  };
  return { record: { ...record, message }, chars: charsWith(record, JSON.stringify(message).length) };
}

/** One server's records, oldest first, with their sizes. */
interface Log {
  records: ProtocolRecord[];
  sizes: number[];
  chars: number;
  /** Older records dropped since the log was cleared, and when the last went. */
  dropped: number;
  droppedAt: number;
}

export class ProtocolRecords {
  readonly #logs = new Map<string, Log>();
  readonly #traces = new Map<string, TraceAttempt[]>();
  readonly #recording: () => boolean;
  readonly #holds: (serverId: string) => boolean;
  /** The characters of every log together. */
  #chars = 0;

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
    if (!log) this.#logs.set(serverId, (log = { records: [], sizes: [], chars: 0, dropped: 0, droppedAt: 0 }));
    const kept = bounded(record);
    log.records.push(kept.record);
    log.sizes.push(kept.chars);
    log.chars += kept.chars;
    this.#chars += kept.chars;
    while (log.records.length > PROTOCOL_LOG_LENGTH || (log.chars > PROTOCOL_LOG_CHARS && log.records.length > 1)) this.#dropOldest(log);
    while (this.#chars > ALL_PROTOCOL_LOGS_CHARS) this.#dropOldest(this.#largest());
  }

  /** Oldest first, after a note of the older records dropped, if any. */
  list(serverId: string): ProtocolLogEntry[] {
    const log = this.#logs.get(serverId);
    if (!log) return [];
    return log.dropped > 0 ? [{ kind: 'dropped', at: log.droppedAt, count: log.dropped }, ...log.records] : [...log.records];
  }

  /** How many records all logs hold, and their characters. */
  held(): { records: number; chars: number } {
    let records = 0;
    for (const log of this.#logs.values()) records += log.records.length;
    return { records, chars: this.#chars };
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
    this.#chars -= this.#logs.get(serverId)?.chars ?? 0;
    this.#logs.delete(serverId);
    this.#traces.delete(serverId);
  }

  #dropOldest(log: Log): void {
    log.records.shift();
    const chars = log.sizes.shift() ?? 0;
    log.chars -= chars;
    this.#chars -= chars;
    log.dropped += 1;
    log.droppedAt = Date.now();
  }

  #largest(): Log {
    let largest: Log | undefined;
    for (const log of this.#logs.values()) if (!largest || log.chars > largest.chars) largest = log;
    return largest!;
  }
}
