import { describe, expect, it, vi } from 'vitest';
import { durableMirror, recordChanges } from '../../lib/stored';

/** A store whose writes end when the test says so. */
function slowStore() {
  const saved: number[] = [];
  const ends: Array<(error?: Error) => void> = [];
  const store = {
    load: async () => 0,
    save: (value: number) =>
      new Promise<void>((resolve, reject) => {
        saved.push(value);
        ends.push((error) => (error ? reject(error) : resolve()));
      }),
  };
  const endWrite = async (error?: Error) => {
    ends.shift()!(error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, saved, endWrite };
}

describe('durableMirror', () => {
  it('starts writing a change in the same task, and settles once it is written', async () => {
    const { store, saved, endWrite } = slowStore();
    const write = durableMirror(store);
    const written = vi.fn();
    void write(1).then(written);
    expect(saved).toEqual([1]);
    await Promise.resolve();
    expect(written).not.toHaveBeenCalled();
    await endWrite();
    expect(written).toHaveBeenCalled();
  });

  it('writes the changes made during a write together, the latest only, and settles each once it is written', async () => {
    const { store, saved, endWrite } = slowStore();
    const write = durableMirror(store);
    const settled: number[] = [];
    for (const value of [1, 2, 3, 4]) void write(value).then(() => settled.push(value));
    expect(saved).toEqual([1]);
    await endWrite();
    expect(settled).toEqual([1]);
    expect(saved).toEqual([1, 4]);
    await endWrite();
    expect(settled).toEqual([1, 2, 3, 4]);
    void write(5);
    expect(saved).toEqual([1, 4, 5]);
  });

  it('reports a failed write, settles anyway, and goes on writing', async () => {
    const { store, saved, endWrite } = slowStore();
    const onError = vi.fn();
    const write = durableMirror(store, onError);
    const first = write(1);
    const second = write(2);
    await endWrite(new Error('QUOTA_BYTES quota exceeded'));
    await expect(first).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(new Error('QUOTA_BYTES quota exceeded'));
    await endWrite();
    await expect(second).resolves.toBeUndefined();
    expect(saved).toEqual([1, 2]);
  });

  it('does nothing without a store', async () => {
    await expect(durableMirror<number>(undefined)(1)).resolves.toBeUndefined();
  });
});

describe('recordChanges', () => {
  const a = { id: 'a', n: 1 };
  const b = { id: 'b', n: 2 };
  const keyOf = (item: { id: string }) => `x:${item.id}`;

  it('writes only the items that are not the very values written last, and null for those gone', () => {
    const written = new Map([
      ['x:a', a],
      ['x:b', b],
    ]);
    const c = { id: 'c', n: 3 };
    const b2 = { ...b, n: 20 };
    expect(recordChanges(written, [a, b2, c], keyOf)).toEqual({ 'x:b': b2, 'x:c': c });
    expect(recordChanges(written, [b], keyOf)).toEqual({ 'x:a': null });
  });

  it('writes nothing when the list holds what was written, in any order', () => {
    const written = new Map([
      ['x:a', a],
      ['x:b', b],
    ]);
    expect(recordChanges(written, [b, a], keyOf)).toEqual({});
  });

  it('writes an equal but new value: only identity says unchanged', () => {
    expect(recordChanges(new Map([['x:a', a]]), [{ ...a }], keyOf)).toEqual({ 'x:a': { id: 'a', n: 1 } });
  });
});
