/**
 * Where the hub keeps pinned tools (what one is: lib/pinnedTools.ts): in storage beside the
 * saved calls, so a restarted worker or browser shows the same pins; listed in the state.
 */
import { keptPins, type PinnedTool, pinTool } from '../pinnedTools';
import type { Stored } from '../stored';

export class PinnedToolStore {
  readonly #stored: Stored<PinnedTool[]> | undefined;
  readonly #changed: () => void;
  #pins: readonly PinnedTool[] = [];
  /** Each write after the one before, so the last change is the one kept. */
  #written: Promise<unknown> = Promise.resolve();
  /** A pin made before the kept ones are read waits for them: it would otherwise write over them. */
  #loaded: Promise<void> = Promise.resolve();

  constructor(stored: Stored<PinnedTool[]> | undefined, changed: () => void) {
    this.#stored = stored;
    this.#changed = changed;
  }

  load(): Promise<void> {
    this.#loaded = (this.#stored?.load() ?? Promise.resolve([])).then((kept) => {
      this.#pins = keptPins(kept);
      this.#changed();
    });
    return this.#loaded;
  }

  /** Oldest pin first. */
  list(): readonly PinnedTool[] {
    return this.#pins;
  }

  /** Puts `next` in place of the pins (another browser's sync, a backup), bounded as pins are; settles once storage holds them. */
  async replace(next: readonly PinnedTool[]): Promise<void> {
    await this.#loaded;
    await this.#write(keptPins(next));
  }

  /**
   * Pins (or unpins) a server's tool; settles once storage holds it.
   * @throws PinError when it cannot be pinned; a failed write is thrown as it came.
   */
  async pin(serverUrl: string, tool: string, pinned: boolean): Promise<void> {
    await this.#loaded;
    const next = pinTool(this.#pins, serverUrl, tool, pinned, Date.now());
    if (next === this.#pins) return;
    await this.#write(next);
  }

  async #write(next: readonly PinnedTool[]): Promise<void> {
    this.#pins = next;
    this.#changed();
    const write = this.#written.then(() => this.#stored?.save([...next]));
    this.#written = write.catch(() => {});
    await write;
  }
}
