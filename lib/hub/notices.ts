/** What the person should know about Requests they did not get to answer (lib/state.ts `NoticeView`). */
import type { Provenance } from '../inbox';
import { boundForPanel } from '../panelBounds';
import type { Request } from '../request';
import type { NoticeView } from '../state';

/** The Request a notice is about, or what stands for it (a flood, a History entry). */
export type NoticeSubject = Pick<Request & Provenance, 'id' | 'serverId' | 'serverName' | 'prompt' | 'url'>;

/** The panel shows the newest; older ones have been seen or no longer matter. */
const KEPT = 20;

export class Notices {
  readonly #changed: () => void;
  #notices: NoticeView[] = [];

  constructor(changed: () => void) {
    this.#changed = changed;
  }

  /** Newest first; the same array until a notice comes or goes. */
  list(): NoticeView[] {
    return this.#notices;
  }

  notify(kind: NoticeView['kind'], subject: NoticeSubject, reason: string, at = Date.now()): void {
    const { value: notice } = boundForPanel<NoticeView>({
      id: subject.id,
      kind,
      serverId: subject.serverId,
      serverName: subject.serverName,
      prompt: subject.prompt,
      url: subject.url ?? '',
      reason,
      at,
    });
    this.#notices = [notice, ...this.#notices].slice(0, KEPT);
    this.#changed();
  }

  /** Once per flood: the refused requests themselves fail at their server, one by one. */
  flooded(request: Request, provenance: Provenance, maxPerServer: number): void {
    const id = `too-many:${provenance.serverId}`;
    if (this.#notices.some((notice) => notice.id === id)) return;
    const reason = `${provenance.serverName} asked more than ${maxPerServer} questions at once; the rest were refused, so the ones waiting stay answerable. Answer or decline those to let it ask again.`;
    this.notify('refused', { ...request, ...provenance, id }, reason);
  }

  dismiss(id: string): void {
    this.#notices = this.#notices.filter((notice) => notice.id !== id);
    this.#changed();
  }
}
