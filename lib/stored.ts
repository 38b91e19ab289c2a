/** A value kept across browser restarts (in the extension: one `storage.local` key). */
export interface Stored<T> {
  load(): Promise<T>;
  save(value: T): Promise<void>;
}

/**
 * Writes a value to `stored` as it changes, at most once per `everyMs`: a change is written
 * at once, and the changes that follow within `everyMs` are written together after it.
 * Writing every change cost the worker half its time in a burst of 200 Requests (each write
 * is the whole list); writing late would lose a lone change to a worker stopped right after.
 */
export function throttledMirror<T>(stored: Stored<T> | undefined, everyMs = 200): (value: T) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next: { value: T } | undefined;
  const write = (value: T): void => {
    if (timer !== undefined) {
      next = { value };
      return;
    }
    void stored?.save(value);
    timer = setTimeout(() => {
      timer = undefined;
      const latest = next;
      next = undefined;
      if (latest) write(latest.value);
    }, everyMs);
  };
  return write;
}
