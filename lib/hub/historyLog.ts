/**
 * History as the hub keeps it: every settled Request recorded, and a record that could not be
 * saved (storage full, quota) told to the person instead of lost without a word; later
 * records go on.
 */
import { errorMessage } from '../errorMessage';
import { History, type HistoryEntry } from '../history';
import type { Stored } from '../stored';
import type { Notices } from './notices';
import { isolated, t } from '../i18n';

export class HistoryLog {
  readonly #history: History;
  readonly #notify: Notices['notify'];
  readonly #changed: () => void;

  constructor(stored: Stored<HistoryEntry[]> | undefined, notify: Notices['notify'], changed: () => void) {
    this.#history = new History(stored ?? { load: async () => [], save: async () => {} });
    this.#notify = notify;
    this.#changed = changed;
  }

  async load(): Promise<void> {
    await this.#history.load();
    this.#changed();
  }

  list(): HistoryEntry[] {
    return this.#history.list();
  }

  record(entry: HistoryEntry): void {
    void this.#history.add(entry).then(this.#changed, (error: unknown) => {
      const subject = {
        id: `unsaved:${entry.requestId}`,
        serverId: entry.serverId,
        serverName: entry.serverName,
        prompt: entry.prompt,
        url: entry.url,
      };
      this.#notify('unsaved', subject, t('notices.unsaved', { error: isolated(errorMessage(error)) }));
    });
  }

  /** Adds entries from a backup. @throws HistorySaveError when they could not be saved; they show either way. */
  async merge(entries: readonly HistoryEntry[]): Promise<void> {
    try {
      await this.#history.merge(entries);
    } finally {
      this.#changed();
    }
  }

  /** @throws HistorySaveError when the cleared list could not be saved; it shows cleared either way. */
  async clear(serverId?: string): Promise<void> {
    try {
      await this.#history.clear(serverId);
    } finally {
      this.#changed();
    }
  }
}
