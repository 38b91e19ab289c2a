/**
 * Where the hub keeps saved calls (what one is, and its file: lib/savedCalls.ts): in storage (a
 * write that fails is the caller's error to show), listed in the state.
 */
import { exportSavedCalls, MAX_SAVED_CALLS, parseSavedCalls, type SavedCall, SavedCallError, type SavedCallsImport, savedCall } from '../savedCalls';
import type { Stored } from '../stored';
import { t } from '../i18n';

export class SavedCallStore {
  readonly #stored: Stored<SavedCall[]> | undefined;
  readonly #changed: () => void;
  #list: SavedCall[] = [];
  /** Writes in the order the changes were made, each of the whole list. */
  #writes: Promise<unknown> = Promise.resolve();
  /** Settles once the kept list is read: a change made before then waits for it, or would erase it. */
  #ready: Promise<void> = Promise.resolve();

  constructor(stored: Stored<SavedCall[]> | undefined, changed: () => void) {
    this.#stored = stored;
    this.#changed = changed;
  }

  load(): Promise<void> {
    this.#ready = (async () => {
      const kept = (await this.#stored?.load()) ?? [];
      this.#list = Array.isArray(kept) ? kept : [];
      this.#changed();
    })();
    return this.#ready;
  }

  /** Oldest first. */
  list(): SavedCall[] {
    return this.#list;
  }

  /** @throws SavedCallError when the name or arguments cannot be kept, or there are too many. */
  async add(serverUrl: string, tool: string, name: string, args: Record<string, unknown>): Promise<void> {
    await this.#ready;
    if (this.#list.length >= MAX_SAVED_CALLS) throw new SavedCallError(t('errors.hub.savedCallsFull', { max: MAX_SAVED_CALLS }));
    const call = savedCall({ serverUrl, tool, name, arguments: args }, crypto.randomUUID(), Date.now());
    await this.#save([...this.#list, call]);
  }

  async remove(id: string): Promise<void> {
    await this.#ready;
    await this.#save(this.#list.filter((call) => call.id !== id));
  }

  /** Adds a file's calls to those kept; what cannot be kept, or would pass the bound, is skipped with why. */
  async import(text: string): Promise<SavedCallsImport> {
    await this.#ready;
    const result = parseSavedCalls(text, () => crypto.randomUUID(), Date.now());
    const room = MAX_SAVED_CALLS - this.#list.length;
    const over = result.calls.slice(Math.max(room, 0));
    const kept = result.calls.slice(0, Math.max(room, 0));
    const skipped = [
      ...result.skipped,
      ...over.map((call) => ({ name: call.name, reason: t('errors.hub.savedCallsOver', { max: MAX_SAVED_CALLS }) })),
    ];
    await this.#save([...this.#list, ...kept]);
    return { calls: kept, skipped };
  }

  /** Puts `next` in place of the list, as another browser's sync or a backup has it. */
  async replace(next: SavedCall[]): Promise<void> {
    await this.#ready;
    await this.#save(next);
  }

  export(): string {
    return exportSavedCalls(this.#list);
  }

  #save(next: SavedCall[]): Promise<void> {
    this.#list = next;
    this.#changed();
    const write = this.#writes.then(() => this.#stored?.save(next));
    this.#writes = write.catch(() => {});
    return write;
  }
}
