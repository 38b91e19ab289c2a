/**
 * Asking the person: every Request of every server is delivered to the inbox through here (a
 * URL one through its consent first, which may refuse it), and leaves it answered, refused as
 * part of a flood, or withdrawn with a notice when its server went away. Also what the panel
 * is shown of the pending Requests: each as the panel holds it, and only once a stopped worker
 * would not lose it.
 */
import { errorMessage } from '../errorMessage';
import { type Inbox, InboxError, type PendingRequest, type Place, type Provenance, tooManyWaiting } from '../inbox';
import { boundForPanel } from '../panelBounds';
import { CallEndedError } from '../mcp/errors';
import type { QuestionBound } from '../mcp/questionGate';
import type { Answer, Request } from '../request';
import type { InboxItem } from '../state';
import type { Notices } from './notices';
import type { UrlVisits } from './urlVisits';
import { isolated, t } from '../i18n';

export interface AskingOptions {
  inbox: Pick<Inbox, 'enqueue' | 'hold' | 'list' | 'cancelServer' | 'maxPerServer' | 'subscribe'>;
  visits: Pick<UrlVisits, 'consent' | 'analysis' | 'finishServer'>;
  notices: Pick<Notices, 'notify' | 'flooded'>;
  /** The Request a stopped worker left pending under this id, so it keeps its place and times. */
  askedBefore: (requestId: string) => PendingRequest | undefined;
  /** Makes the pending Requests durable; settles when a stopped worker's successor would find them (nothing to wait for: `undefined`). */
  mirror: (pending: PendingRequest[]) => Promise<void> | undefined;
  /** What the panel is shown changed. */
  changed: () => void;
}

export class Asking {
  readonly #options: AskingOptions;
  /** The panel's view of each pending Request, built once (the state's identity invariant). */
  readonly #items = new WeakMap<PendingRequest, InboxItem>();
  /** The pending Requests as last made durable: the panel is shown no Request a stopped worker would lose. */
  #shown: PendingRequest[] = [];

  constructor(options: AskingOptions) {
    this.#options = options;
    options.inbox.subscribe((pending) => {
      // durableMirror settles changes in the order they were made, so the last shown is the latest.
      const show = () => {
        this.#shown = pending;
        options.changed();
      };
      const written = options.mirror(pending);
      if (written) void written.then(show, show);
      else show();
    });
  }

  /** The pending Requests the panel is shown, oldest first. */
  shown(): InboxItem[] {
    return this.#shown.map((request) => this.item(request));
  }

  /**
   * Delivers a server's Request to the person and resolves with their Answer, unless it is a URL
   * no one should open: those are answered `decline` at once and shown as refused. `place`, the
   * place its question took in the inbox on its way in (`bound`), becomes the Request's.
   */
  deliver(request: Request, provenance: Provenance, signal?: AbortSignal, place?: Place): Promise<Answer> {
    const { inbox, visits, notices, askedBefore } = this.#options;
    // Told before the inbox drops it, while the Request is still listed.
    signal?.addEventListener(
      'abort',
      () => {
        const pending = inbox.list().find((item) => item.id === request.id);
        if (pending && signal.reason instanceof CallEndedError) notices.notify('withdrawn', pending, signal.reason.message);
      },
      { once: true },
    );
    const enqueue = () =>
      inbox.enqueue(request, provenance, signal, askedBefore(request.id), place).catch((error: unknown) => {
        if (error instanceof InboxError && error.code === 'too-many') notices.flooded(request, provenance, inbox.maxPerServer);
        throw error;
      });
    return request.kind === 'authorization' ? visits.consent(request, provenance, enqueue) : enqueue();
  }

  /**
   * The bound on one server's questions where they enter its connection (lib/mcp/questionGate.ts):
   * each takes a place in the inbox, so the count the gate asks is the inbox's own; refused in
   * the inbox's words, said with the same notice.
   */
  bound(provenance: () => Provenance, current: () => boolean): QuestionBound {
    const { inbox, notices } = this.#options;
    const max = inbox.maxPerServer;
    const { serverId } = provenance();
    return {
      hold: () => inbox.hold(serverId),
      refusal: () => tooManyWaiting(provenance().serverName, max),
      onRefused: (question) => current() && notices.flooded(question, provenance(), max),
    };
  }

  /** The server is gone: nothing of it waits on the person any more; if it was lost, those it asked are told. */
  withdraw(serverId: string, lostTo?: unknown): void {
    const { inbox, visits, notices } = this.#options;
    if (lostTo !== undefined) {
      for (const request of inbox.list().filter((pending) => pending.serverId === serverId)) {
        notices.notify('withdrawn', request, t('notices.withdrawn', { server: isolated(request.serverName), error: isolated(errorMessage(lostTo)) }));
      }
    }
    inbox.cancelServer(serverId);
    visits.finishServer(serverId);
  }

  /** A pending Request as the panel holds it: cut to the panel's bounds, with what the worker found in its URL. */
  item(request: PendingRequest): InboxItem {
    let item = this.#items.get(request);
    if (item) return item;
    const analysis = this.#options.visits.analysis(request.id);
    const { value } = boundForPanel(request);
    item = analysis ? { ...value, analysis } : value;
    this.#items.set(request, item);
    return item;
  }
}
