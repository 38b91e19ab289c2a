/**
 * Where the hub keeps the person's settings: read at start, checked and saved when the person
 * changes them, and applied (`apply`) to what they govern each time.
 */
import type { Settings } from '../state';
import type { Stored } from '../stored';
import { changedSettings, DEFAULT_SETTINGS } from './settings';

export class SettingsStore {
  readonly #stored: Stored<Partial<Settings>> | undefined;
  readonly #apply: (settings: Settings) => void;
  readonly #changed: () => void;
  #current: Settings = DEFAULT_SETTINGS;

  constructor(stored: Stored<Partial<Settings>> | undefined, apply: (settings: Settings) => void, changed: () => void) {
    this.#stored = stored;
    this.#apply = apply;
    this.#changed = changed;
  }

  current(): Settings {
    return this.#current;
  }

  /** Reads what was saved, over the defaults; the panel is told with whatever the start shows next. */
  async load(): Promise<void> {
    this.#set({ ...DEFAULT_SETTINGS, ...((await this.#stored?.load()) ?? {}) });
  }

  /** @throws RangeError when the patch cannot be set; nothing is changed then. */
  async update(patch: Partial<Settings>): Promise<void> {
    this.#set(changedSettings(this.#current, patch));
    await this.#stored?.save(this.#current);
    this.#changed();
  }

  #set(settings: Settings): void {
    this.#current = settings;
    this.#apply(settings);
  }
}
