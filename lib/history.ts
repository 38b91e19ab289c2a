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

  constructor(
    private readonly store: HistoryStore,
    private readonly limit = 500,
  ) {}

  async load(): Promise<void> {
    this.#entries = (await this.store.load()).slice(0, this.limit);
  }

  list(): HistoryEntry[] {
    return this.#entries;
  }

  add(entry: HistoryEntry): Promise<void> {
    this.#entries = [entry, ...this.#entries].slice(0, this.limit);
    return this.#save();
  }

  /** Forgets one server's entries, or every entry when `serverId` is omitted. */
  clear(serverId?: string): Promise<void> {
    this.#entries = serverId === undefined ? [] : this.#entries.filter((entry) => entry.serverId !== serverId);
    return this.#save();
  }

  #save(): Promise<void> {
    const snapshot = this.#entries;
    this.#writes = this.#writes.then(() => this.store.save(snapshot));
    return this.#writes;
  }
}
