/**
 * What each server asked and what the person answered, kept so they can look back at
 * what they shared. Content is exactly what the server received; nothing else (no OAuth
 * tokens, which never pass through the inbox) is recorded.
 */
import type { PendingRequest } from './inbox';
import type { Answer, RequestKind } from './request';
import { answerToElicitResult } from './mcp/protocol';

export interface HistoryEntry {
  requestId: string;
  serverId: string;
  serverName: string;
  kind: RequestKind;
  prompt: string;
  url: string | null;
  askedAt: number;
  answeredAt: number;
  action: 'accept' | 'decline' | 'cancel';
  /** Why it was not accepted: declined, cancelled, expired, … */
  reason?: string;
  /** What was shared with the server, for an accepted form. */
  content?: Record<string, unknown>;
}

export interface HistoryStore {
  load(): Promise<HistoryEntry[]>;
  save(entries: HistoryEntry[]): Promise<void>;
}

export function historyEntry(request: PendingRequest, answer: Answer, answeredAt: number): HistoryEntry {
  const result = answerToElicitResult(answer);
  const entry: HistoryEntry = {
    requestId: request.id,
    serverId: request.serverId,
    serverName: request.serverName,
    kind: request.kind,
    prompt: request.prompt,
    url: request.url,
    askedAt: request.askedAt,
    answeredAt,
    action: result.action,
  };
  if (!answer.ok && answer.reason) entry.reason = answer.reason;
  if (result.action === 'accept' && request.kind === 'input') entry.content = result.content;
  return entry;
}

/** Newest first, at most `limit` entries; writes go through one queue so none is lost. */
export class History {
  #entries: HistoryEntry[] = [];
  #writes: Promise<void> = Promise.resolve();
  /** Changes made while the stored entries are being read, to apply to them once they are. */
  #whileLoading: Array<(entries: HistoryEntry[]) => HistoryEntry[]> | undefined;

  constructor(
    private readonly store: HistoryStore,
    private readonly limit = 500,
  ) {}

  /**
   * Reads the stored entries. Changes may come in meanwhile (the hub connects while this
   * loads): they are applied on top, and nothing is written before the stored entries have
   * been read, since a write replaces them all.
   */
  load(): Promise<void> {
    const changes: Array<(entries: HistoryEntry[]) => HistoryEntry[]> = [];
    this.#whileLoading = changes;
    const loaded = this.#writes
      .then(() => this.store.load())
      .then((stored) => {
        this.#entries = changes.reduce((entries, change) => change(entries), stored).slice(0, this.limit);
      })
      .finally(() => {
        if (this.#whileLoading === changes) this.#whileLoading = undefined;
      });
    this.#writes = loaded.catch(() => {});
    return loaded;
  }

  list(): HistoryEntry[] {
    return this.#entries;
  }

  add(entry: HistoryEntry): Promise<void> {
    return this.#change((entries) => [entry, ...entries]);
  }

  /** Forgets one server's entries, or every entry when `serverId` is omitted. */
  clear(serverId?: string): Promise<void> {
    return this.#change((entries) => (serverId === undefined ? [] : entries.filter((entry) => entry.serverId !== serverId)));
  }

  #change(change: (entries: HistoryEntry[]) => HistoryEntry[]): Promise<void> {
    this.#entries = change(this.#entries).slice(0, this.limit);
    this.#whileLoading?.push(change);
    // What is written is what there is by then, stored entries included once read.
    this.#writes = this.#writes.then(() => this.store.save(this.#entries));
    return this.#writes;
  }
}
