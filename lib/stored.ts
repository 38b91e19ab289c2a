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
