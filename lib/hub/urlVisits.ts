/**
 * URL-mode elicitation (spec 2025-11-25 client/elicitation, URL mode) and sign-in consent:
 * what the worker found in each URL it asks about, and the visits the person agreed to, open
 * until they are done or the server says the visit is complete.
 */
import { historyEntry, type HistoryEntry } from '../history';
import { InboxError, type Inbox, type Provenance } from '../inbox';
import type { Answer, Request } from '../request';
import { type PolicyJudge, verdictSentence } from '../policy';
import type { OpenMode, VisitView } from '../state';
import { loadedUrlJudge, type UrlAnalysis, urlJudge } from '../urls';
import type { Notices } from './notices';
import { t } from '../i18n';

interface Visit {
  view: VisitView;
  elicitationId?: string;
  /** Whoever waits for the person to be done with it. */
  done: Array<() => void>;
}

export interface UrlVisitsOptions {
  inbox: Pick<Inbox, 'list' | 'answer'>;
  /** Opens a URL where the extension cannot read it; resolves when the person is done with it. */
  open?: (url: string, mode: OpenMode) => Promise<void>;
  notify: Notices['notify'];
  record: (entry: HistoryEntry) => void;
  changed: () => void;
  /** The organisation's policy: which hosts a server may send the person to. */
  policy?: () => PolicyJudge;
}

export class UrlVisits {
  readonly #options: UrlVisitsOptions;
  readonly #visits = new Map<string, Visit>();
  /** What was found in the URL of each URL Request while it waits, by Request id. */
  readonly #analyses = new Map<string, UrlAnalysis>();

  constructor(options: UrlVisitsOptions) {
    this.#options = options;
  }

  views(): VisitView[] {
    return [...this.#visits.values()].map((visit) => visit.view);
  }

  get size(): number {
    return this.#visits.size;
  }

  analysis(requestId: string): UrlAnalysis | undefined {
    return this.#analyses.get(requestId);
  }

  /**
   * Asks the person's consent to a URL Request through `enqueue`, unless the URL is one no one
   * should open, or (but for a sign-in, which the policy's authorization servers govern) on a host
   * the organisation does not allow: that is answered `decline` at once and shown as refused.
   */
  consent(request: Request, provenance: Provenance, enqueue: () => Promise<Answer>): Promise<Answer> {
    // Asked in the same turn once the suffix list is in (lib/urls.ts); before that, once it is.
    const judge = loadedUrlJudge();
    if (!judge) return urlJudge().then(() => this.consent(request, provenance, enqueue));
    const analysis = judge(request.url ?? '');
    if (analysis.refused !== null) return this.#refuse(request, provenance, analysis.refused);
    const verdict = provenance.purpose === 'oauth' ? undefined : this.#options.policy?.().judgeUrlHost(request.url ?? '');
    if (verdict && !verdict.allowed) return this.#refuse(request, provenance, verdictSentence(verdict));
    this.#analyses.set(request.id, analysis);
    return enqueue().finally(() => this.#analyses.delete(request.id));
  }

  /** Declines a URL Request without asking, and says why: a notice, and a line in History. */
  #refuse(request: Request, provenance: Provenance, reason: string): Promise<Answer> {
    const at = Date.now();
    const answer: Answer = { id: request.id, ok: false, reason: 'declined' };
    this.#options.notify('refused', { ...request, ...provenance }, reason, at);
    const entry = historyEntry({ ...request, ...provenance, askedAt: at, expiresAt: null }, answer, at);
    this.#options.record({ ...entry, reason });
    return Promise.resolve(answer);
  }

  /**
   * The person consents to a URL Request: it is answered `accept` (spec: opening is what
   * accept means) and opened where the extension cannot read it. A server's own sign-in
   * opens its window itself, so it is only answered.
   * @throws InboxError when the Request is no longer pending.
   */
  open(requestId: string, mode: OpenMode): void {
    const { inbox } = this.#options;
    const request = inbox.list().find((pending) => pending.id === requestId);
    if (!request?.url) throw new InboxError('unknown-request', t('errors.hub.requestGone'));
    if (request.purpose === 'oauth') {
      inbox.answer({ id: requestId, ok: true });
      return;
    }
    const view: VisitView = {
      requestId,
      serverId: request.serverId,
      serverName: request.serverName,
      prompt: request.prompt,
      url: request.url,
      domain: this.#analyses.get(requestId)?.hostParts.domain ?? null,
      mode,
      openedAt: Date.now(),
    };
    this.#visits.set(requestId, { view, elicitationId: request.elicitationId, done: [] });
    inbox.answer({ id: requestId, ok: true });
    void (this.#options.open?.(request.url, mode) ?? Promise.resolve()).catch(() => {}).finally(() => this.finish(requestId));
  }

  finish(requestId: string): void {
    const visit = this.#visits.get(requestId);
    if (!visit) return;
    this.#visits.delete(requestId);
    for (const resolve of visit.done) resolve();
    this.#options.changed();
  }

  /** Resolves when the visit of an accepted URL Request ends (at once if none is open). */
  until(requestId: string, signal: AbortSignal): Promise<void> {
    const visit = this.#visits.get(requestId);
    if (!visit) return Promise.resolve();
    return new Promise((resolve) => {
      visit.done.push(resolve);
      signal.addEventListener('abort', () => this.finish(requestId), { once: true });
    });
  }

  /** The server is gone: none of its visits is waited for any more. */
  finishServer(serverId: string): void {
    for (const [requestId, visit] of this.#visits) if (visit.view.serverId === serverId) this.finish(requestId);
  }

  /** spec 2025-11-25 `notifications/elicitation/complete`: the server saw the visit through. */
  complete(serverId: string, elicitationId: string): void {
    for (const [requestId, visit] of this.#visits) {
      if (visit.view.serverId === serverId && visit.elicitationId === elicitationId) this.finish(requestId);
    }
    const { inbox } = this.#options;
    const pending = inbox.list().find((request) => request.serverId === serverId && request.elicitationId === elicitationId);
    // Completed elsewhere before the person got to it: nothing left to ask.
    if (pending) inbox.answer({ id: pending.id, ok: true });
  }
}
