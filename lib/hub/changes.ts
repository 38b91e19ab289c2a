/**
 * Telling listeners that something changed: once for all the changes one task makes (a lost
 * server's notices, its withdrawn Requests and its new status; a call that cannot start,
 * started and failed), in a microtask, so the first change waits for no timer, and the value
 * read then holds the last.
 */
export class Changes<T> {
  readonly #read: () => T;
  readonly #listeners = new Set<(value: T) => void>();
  #queued = false;

  /** `read` gives what listeners are told, read when the task's changes are done. */
  constructor(read: () => T) {
    this.#read = read;
  }

  subscribe(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Something changed: listeners are told once this task is done. */
  changed(): void {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const value = this.#read();
      for (const listener of this.#listeners) listener(value);
    });
  }
}
