/** A value kept across browser restarts (in the extension: one `storage.local` key). */
export interface Stored<T> {
  load(): Promise<T>;
  save(value: T): Promise<void>;
}

/**
 * Writes a value to `stored` as it changes, one write at a time: the changes made while a
 * write is in flight are written together as soon as it ends, the latest value only.
 * Writing every change on its own cost the worker half its time in a burst of 200 Requests
 * (each write is the whole list); writing on a timer lost what changed just before a worker
 * stop (a two-step form's second step, under Chrome's stopAllWorkers). The promise of a
 * change settles once a write holding it has ended, so the hub shows a new Request only
 * when a stopped worker's successor would find it. A failed write is passed to `onError`
 * (a full store); the promise settles all the same.
 */
export function durableMirror<T>(stored: Stored<T> | undefined, onError: (error: unknown) => void = () => {}): (value: T) => Promise<void> {
  let next: { value: T; written: Array<() => void> } | undefined;
  let writing = false;
  const drain = async (): Promise<void> => {
    writing = true;
    while (next) {
      const { value, written } = next;
      next = undefined;
      try {
        await stored!.save(value);
      } catch (error) {
        onError(error);
      }
      for (const settle of written) settle();
    }
    writing = false;
  };
  return (value) => {
    if (!stored) return Promise.resolve();
    return new Promise<void>((settle) => {
      if (next) {
        next.value = value;
        next.written.push(settle);
      } else next = { value, written: [settle] };
      // The first write starts now, in this task: a worker stopped right after still has it sent.
      if (!writing) void drain();
    });
  };
}

/**
 * What to write so that a store holding `written` (by key) holds `list` instead: the items
 * that are not the very values written last (the hub replaces a value it changes, never edits
 * it), and `null` for each key no longer in the list. Writing these in one call of the storage
 * area is one change, as atomic as a write of the whole list was, at the size of what changed:
 * a tools/call's end wrote all 50 kept results (28 KB) and now writes its own (bench/findings.md).
 */
export function recordChanges<T>(written: ReadonlyMap<string, T>, list: readonly T[], keyOf: (item: T) => string): Record<string, T | null> {
  const changes: Record<string, T | null> = {};
  const keys = new Set<string>();
  for (const item of list) {
    const key = keyOf(item);
    keys.add(key);
    if (written.get(key) !== item) changes[key] = item;
  }
  for (const key of written.keys()) if (!keys.has(key)) changes[key] = null;
  return changes;
}
