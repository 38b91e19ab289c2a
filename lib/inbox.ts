/**
 * The one place where Requests wait for the person. Every server's elicitations and sign-in
 * consents are enqueued here; the side panel lists them and answers them.
 */
import { describeProblems, type Problem } from './forms/validate';
import { t } from './i18n';
import { checkAnswer, type Answer, type Request } from './request';

/** Which server asks: the spec requires the client to show it with every Request. */
export interface Provenance {
  serverId: string;
  serverName: string;
  /**
   * Where the server is (`https://host:port`): names are the server's own words and two
   * servers can share one, so the origin is what tells the person who really asks. Absent only
   * on a Request an older version of the worker kept.
   */
  serverOrigin?: string;
  /**
   * `oauth`: consent to the server's own sign-in, whose window the sign-in flow opens
   * itself; otherwise a URL elicitation, opened by the client on consent. `secrets`: toolnexus
   * itself asks for a synced server's secrets (lib/sync/secrets.ts), which History never keeps.
   */
  purpose?: 'oauth' | 'secrets';
}

export interface PendingRequest extends Request, Provenance {
  askedAt: number;
  /** When an unanswered Request is cancelled for the person; `null` never. */
  expiresAt: number | null;
}

export type InboxErrorCode = 'unknown-request' | 'invalid-answer' | 'too-many';

/**
 * An Answer the inbox refused (the Request it named, if any, is still pending), or a Request it
 * would not take (`too-many`): nothing already pending is touched either way.
 */
export class InboxError extends Error {
  constructor(
    readonly code: InboxErrorCode,
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
    this.name = 'InboxError';
  }
}

export interface InboxOptions {
  /** How long a Request waits before it is answered `cancel` (reason `"expired"`). */
  timeoutMs?: number | null;
  /**
   * How many Requests one server may have waiting at once. A person answers a handful; past
   * this a server is flooding, and each card it adds slows the panel for every other server.
   */
  maxPerServer?: number;
  now?: () => number;
}

export const MAX_PENDING_PER_SERVER = 50;

/**
 * A place in the inbox one server's question holds before it is a Request: counted among that
 * server's waiting (`pendingFor`) from the moment it is let in (lib/mcp/questionGate.ts, before
 * the client has even read it) until it is enqueued with the place or released.
 */
export interface Place {
  /** Gives the place back; a second call does nothing. */
  release(): void;
}

/**
 * What a server is told of a Request refused because `max` of its own already wait: the same words wherever it is refused (lib/mcp/questionGate.ts).
 * English, not the person's language: it is the JSON-RPC error's message, read by the server and its logs (the person reads lib/hub/notices.ts's).
 */
export function tooManyWaiting(serverName: string, max: number): string {
  return `${serverName} already has ${max} requests waiting for the person; answer or dismiss those first.`;
}

interface Entry {
  pending: PendingRequest;
  resolve: (answer: Answer) => void;
  timer?: ReturnType<typeof setTimeout>;
  detach?: () => void;
}

export type InboxListener = (pending: PendingRequest[]) => void;
/** Told once per Request, when it leaves the inbox, with the Answer the server gets. */
export type SettledListener = (request: PendingRequest, answer: Answer, settledAt: number) => void;

export class Inbox {
  readonly #entries = new Map<string, Entry>();
  /** Places held by server (`hold`): questions on their way in. */
  readonly #held = new Map<string, number>();
  readonly #listeners = new Set<InboxListener>();
  readonly #settledListeners = new Set<SettledListener>();
  #timeoutMs: number | null;
  readonly #maxPerServer: number;
  readonly #now: () => number;

  constructor({ timeoutMs = 10 * 60_000, maxPerServer = MAX_PENDING_PER_SERVER, now = Date.now }: InboxOptions = {}) {
    this.#timeoutMs = timeoutMs;
    this.#maxPerServer = maxPerServer;
    this.#now = now;
  }

  /**
   * Puts `request` in front of the person and resolves with their Answer. Aborting
   * `signal` (the server cancelled, the call ended) withdraws it with reason `"cancelled"`.
   * `askedBefore` enqueues again a Request an earlier worker asked: it keeps its times,
   * and one whose time ran out meanwhile expires at once. `place`, the place its question held
   * on its way in (`hold`), becomes the Request's own.
   * @throws InboxError `too-many` (as a rejection) when the server already has `maxPerServer`
   * Requests waiting; the server's request should then fail, not wait.
   */
  enqueue(
    request: Request,
    provenance: Provenance,
    signal?: AbortSignal,
    askedBefore?: Pick<PendingRequest, 'askedAt' | 'expiresAt'>,
    place?: Place,
  ): Promise<Answer> {
    place?.release();
    if (this.#entries.has(request.id)) {
      return Promise.reject(new InboxError('invalid-answer', `Request ${request.id} is already pending.`));
    }
    if (signal?.aborted) return Promise.resolve({ id: request.id, ok: false, reason: 'cancelled' });
    if (this.pendingFor(provenance.serverId) >= this.#maxPerServer) {
      return Promise.reject(new InboxError('too-many', tooManyWaiting(provenance.serverName, this.#maxPerServer)));
    }
    const askedAt = askedBefore?.askedAt ?? this.#now();
    const expiresAt = askedBefore ? askedBefore.expiresAt : this.#timeoutMs === null ? null : askedAt + this.#timeoutMs;
    return new Promise<Answer>((resolve) => {
      const entry: Entry = { pending: { ...request, ...provenance, askedAt, expiresAt }, resolve };
      if (expiresAt !== null) {
        entry.timer = setTimeout(
          () => this.#settle(request.id, { id: request.id, ok: false, reason: 'expired' }),
          Math.max(0, expiresAt - this.#now()),
        );
      }
      if (signal) {
        const onAbort = () => this.#settle(request.id, { id: request.id, ok: false, reason: 'cancelled' });
        signal.addEventListener('abort', onAbort, { once: true });
        entry.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.#entries.set(request.id, entry);
      this.#emit();
    });
  }

  /**
   * Delivers the person's Answer.
   * @throws InboxError `unknown-request` when no Request with that id is pending (never
   * asked, already answered, expired); `invalid-answer` when accepted content does not
   * satisfy the requested schema — the Request stays pending so the person can fix it.
   * That refusal is for the person (the same card, the problems beside it): what keeps invalid
   * content from a server on every path is the client's one check (lib/mcp/elicitations.ts).
   */
  answer(answer: Answer): void {
    const entry = this.#entries.get(answer.id);
    if (!entry) {
      throw new InboxError('unknown-request', t('inbox.refused.gone', { id: answer.id }));
    }
    const problems = checkAnswer(entry.pending, answer);
    if (problems.length > 0) {
      throw new InboxError('invalid-answer', t('inbox.refused.invalid', { problems: describeProblems(problems) }), problems);
    }
    this.#settle(answer.id, answer);
  }

  /** Pending Requests, oldest first. */
  list(): PendingRequest[] {
    return [...this.#entries.values()].map((entry) => entry.pending);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** How many Requests one server may have waiting at once. */
  get maxPerServer(): number {
    return this.#maxPerServer;
  }

  /** How many Requests `serverId` has waiting, with the places its questions on their way in hold: the one count its bound is judged by. */
  pendingFor(serverId: string): number {
    let count = this.#held.get(serverId) ?? 0;
    for (const entry of this.#entries.values()) if (entry.pending.serverId === serverId) count += 1;
    return count;
  }

  /**
   * A place for a question of `serverId` on its way in, or undefined when the server already has
   * `maxPerServer` waiting: the question is then refused where it enters, unread.
   */
  hold(serverId: string): Place | undefined {
    const held = this.#held.get(serverId) ?? 0;
    if (this.pendingFor(serverId) >= this.#maxPerServer) return undefined;
    this.#held.set(serverId, held + 1);
    let holding = true;
    return {
      release: () => {
        if (!holding) return;
        holding = false;
        const left = (this.#held.get(serverId) ?? 1) - 1;
        if (left > 0) this.#held.set(serverId, left);
        else this.#held.delete(serverId);
      },
    };
  }

  /** Calls `listener` now and after every change; returns the unsubscribe function. */
  subscribe(listener: InboxListener): () => void {
    this.#listeners.add(listener);
    listener(this.list());
    return () => this.#listeners.delete(listener);
  }

  /** Calls `listener` for each Request as it is answered, withdrawn or expires. */
  onSettled(listener: SettledListener): () => void {
    this.#settledListeners.add(listener);
    return () => this.#settledListeners.delete(listener);
  }

  /** Changes how long Requests asked from now on wait before they expire. */
  setTimeoutMs(timeoutMs: number | null): void {
    this.#timeoutMs = timeoutMs;
  }

  /** Withdraws every Request of one server (it disconnected); returns how many. */
  cancelServer(serverId: string, reason = 'cancelled'): number {
    const ids = this.list()
      .filter((pending) => pending.serverId === serverId)
      .map((pending) => pending.id);
    for (const id of ids) this.#settle(id, { id, ok: false, reason }, false);
    if (ids.length > 0) this.#emit();
    return ids.length;
  }

  #settle(id: string, answer: Answer, emit = true): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    clearTimeout(entry.timer);
    entry.detach?.();
    entry.resolve(answer);
    const settledAt = this.#now();
    for (const listener of this.#settledListeners) listener(entry.pending, answer, settledAt);
    if (emit) this.#emit();
  }

  #emit(): void {
    const pending = this.list();
    for (const listener of this.#listeners) listener(pending);
  }
}
