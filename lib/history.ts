/**
 * What each server asked and what the person answered, kept so they can look back at
 * what they shared. Content is exactly what the server received; nothing else (no OAuth
 * tokens, which never pass through the inbox) is recorded.
 */
import { t, tn } from './i18n';
import type { PendingRequest } from './inbox';
import type { Answer, RequestKind } from './request';
import { answerToElicitResult } from './mcp/protocol';
import { boundForPanel, type PanelBounds } from './panelBounds';

/**
 * What one entry may keep. History sits in `storage.local` (10 MiB for the whole extension,
 * tokens and servers included): one 11 MiB message once made every later save fail. A prompt
 * or URL past 4,000 characters is no longer read by anyone; what a person typed into a form
 * fits in 32 KiB; and the newest entries are kept up to 2 MiB in all.
 */
export const HISTORY_TEXT = 4_000;
const CONTENT_BOUNDS: PanelBounds = { maxString: HISTORY_TEXT, maxItems: 200, maxKeys: 200, maxDepth: 8, maxTotal: 32 * 1024 };
export const HISTORY_BYTES = 2 * 1024 * 1024;

/** `text` cut to `max` characters, saying how much was left out. */
export function clipText(text: string, max = HISTORY_TEXT): string {
  return text.length <= max ? text : text.slice(0, max) + tn('bounds.cut.notKept', text.length - max);
}

/** A sign-in URL's one-time values let whoever reads them finish or forge that sign-in: History keeps the rest. */
const SIGN_IN_SECRETS = ['state', 'code_challenge', 'nonce'];

function keptUrl(request: PendingRequest): string | null {
  if (request.url === null || request.purpose !== 'oauth') return request.url && clipText(request.url);
  try {
    const url = new URL(request.url);
    for (const name of SIGN_IN_SECRETS) url.searchParams.delete(name);
    return clipText(url.href);
  } catch {
    return clipText(request.url);
  }
}

/** A save History could not make (the storage quota, most likely); the entries stay in memory and later saves go on. */
export class HistorySaveError extends Error {
  constructor(cause: unknown) {
    super(t('history.saveFailed', { error: cause instanceof Error ? cause.message : String(cause) }), { cause });
    this.name = 'HistorySaveError';
  }
}

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
    serverName: clipText(request.serverName),
    kind: request.kind,
    prompt: clipText(request.prompt),
    url: keptUrl(request),
    askedAt: request.askedAt,
    answeredAt,
    action: result.action,
  };
  if (!answer.ok && answer.reason) entry.reason = clipText(answer.reason);
  // What a person types for toolnexus's own question about secrets is a secret: History keeps that it was answered, not what.
  if (result.action === 'accept' && request.kind === 'input' && request.purpose !== 'secrets')
    entry.content = boundForPanel(result.content, CONTENT_BOUNDS).value;
  return entry;
}

/**
 * Newest first, at most `limit` entries; writes go through one queue so none is lost. Each
 * write is the whole list, so changes made while one waits its turn share it: a server that
 * goes away settles all its Requests at once, and each would otherwise write up to
 * HISTORY_BYTES again.
 */
export class History {
  #entries: HistoryEntry[] = [];
  #writes: Promise<void> = Promise.resolve();
  /** The write waiting its turn: it has not read the entries yet, so it will write any change made now. */
  #queued: Promise<void> | undefined;
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
    // A write queued before this read would run before it: later changes wait for the read.
    this.#queued = undefined;
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

  /** @throws HistorySaveError (as a rejection) when the save fails; the entry is still listed. */
  add(entry: HistoryEntry): Promise<void> {
    const kept = entry.reason === undefined ? entry : { ...entry, reason: clipText(entry.reason) };
    return this.#change((entries) => [kept, ...entries]);
  }

  /** Adds entries kept elsewhere (a backup), those not here already, each in its place by when it was answered. */
  merge(entries: readonly HistoryEntry[]): Promise<void> {
    return this.#change((kept) => {
      const ids = new Set(kept.map((entry) => entry.requestId));
      return [...kept, ...entries.filter((entry) => !ids.has(entry.requestId))].sort((a, b) => b.answeredAt - a.answeredAt);
    });
  }

  /** Forgets one server's entries, or every entry when `serverId` is omitted. */
  clear(serverId?: string): Promise<void> {
    return this.#change((entries) => (serverId === undefined ? [] : entries.filter((entry) => entry.serverId !== serverId)));
  }

  #change(change: (entries: HistoryEntry[]) => HistoryEntry[]): Promise<void> {
    this.#entries = newestWithin(change(this.#entries).slice(0, this.limit));
    this.#whileLoading?.push(change);
    if (this.#queued) return this.#queued;
    // What is written is what there is by then, stored entries included once read.
    const write = this.#writes
      .then(() => {
        if (this.#queued === write) this.#queued = undefined;
        return this.store.save(this.#entries);
      })
      .catch((error: unknown) => {
        throw new HistorySaveError(error);
      });
    this.#queued = write;
    // One failed save must not stop the ones after it.
    this.#writes = write.catch(() => {});
    return write;
  }
}

const sizes = new WeakMap<HistoryEntry, number>();

/** The newest entries that fit in HISTORY_BYTES (as JSON, which is near enough what storage counts). */
function newestWithin(entries: HistoryEntry[]): HistoryEntry[] {
  let total = 0;
  for (const [index, entry] of entries.entries()) {
    let size = sizes.get(entry);
    if (size === undefined) sizes.set(entry, (size = JSON.stringify(entry).length));
    total += size;
    if (total > HISTORY_BYTES) return entries.slice(0, index);
  }
  return entries;
}
