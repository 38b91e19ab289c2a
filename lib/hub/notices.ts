/**
 * What the person should know about Requests they did not get to answer (lib/state.ts
 * `NoticeView`). Kept (`kept`, the extension's `storage.session`) as they change: a notice
 * that a worker stop lost a Request must outlive the next stop too.
 */
import type { Provenance } from '../inbox';
import { boundForPanel } from '../panelBounds';
import type { Request } from '../request';
import type { NoticeView } from '../state';
import { durableMirror, type Stored } from '../stored';
import { isolated, t } from '../i18n';

/** The Request a notice is about, or what stands for it (a flood, a History entry). */
export type NoticeSubject = Pick<Request & Provenance, 'id' | 'serverId' | 'serverName' | 'prompt' | 'url'>;

/** The panel shows the newest; older ones have been seen or no longer matter. */
const KEPT = 20;

export class Notices {
  readonly #changed: () => void;
  readonly #kept: Stored<NoticeView[]> | undefined;
  readonly #save: (notices: NoticeView[]) => Promise<void>;
  #notices: NoticeView[] = [];
  /** Until the last worker's notices are read, writing this one's would erase them. */
  #loaded = false;
  /** Dismissed before they were read (a panel shows the last worker's until this one's come). */
  readonly #dismissedEarly = new Set<string>();

  constructor(changed: () => void, kept?: Stored<NoticeView[]>) {
    this.#changed = changed;
    this.#kept = kept;
    this.#save = durableMirror(kept);
  }

  /** Adds the notices the last worker kept, after any this one has given since it started. */
  async load(): Promise<void> {
    const left = (await this.#kept?.load().catch(() => [])) ?? [];
    const ids = new Set(this.#notices.map((notice) => notice.id));
    const listed = Array.isArray(left) ? left : [];
    const kept = listed.filter((notice) => !ids.has(notice.id) && !this.#dismissedEarly.has(notice.id));
    const notices = [...this.#notices, ...kept].slice(0, KEPT);
    this.#loaded = true;
    // Written back only if it is not what was read: a start writes nothing it did not change.
    if (notices.length === listed.length && notices.every((notice, i) => notice === listed[i])) {
      this.#notices = notices;
      this.#changed();
    } else this.#update(notices);
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
    this.#update([notice, ...this.#notices].slice(0, KEPT));
  }

  /** Once per flood: the refused requests themselves fail at their server, one by one. */
  flooded(request: Pick<Request, 'prompt' | 'url'>, provenance: Provenance, maxPerServer: number): void {
    const id = `too-many:${provenance.serverId}`;
    if (this.#notices.some((notice) => notice.id === id)) return;
    const reason = t('notices.flooded', { server: isolated(provenance.serverName), max: maxPerServer });
    this.notify('refused', { ...request, ...provenance, id }, reason);
  }

  dismiss(id: string): void {
    if (!this.#loaded) this.#dismissedEarly.add(id);
    this.#update(this.#notices.filter((notice) => notice.id !== id));
  }

  #update(notices: NoticeView[]): void {
    this.#notices = notices;
    this.#changed();
    if (this.#loaded) void this.#save(notices);
  }
}
