/**
 * The profile build's worker only (bench/instrument.ts puts it first in the worker's entry):
 * every `chrome.storage` call is recorded — when, which area and keys, how many bytes of JSON
 * written or read, how long until it settled — in `globalThis.__storageLog`, for
 * `npm run bench -- --profile` to read over CDP.
 */
export interface StorageOp {
  /** `performance.now()` in the worker when the call was made. */
  at: number;
  area: 'local' | 'session';
  op: 'get' | 'set' | 'remove';
  keys: string[];
  /** JSON length written (`set`) or read (`get`, once settled). */
  bytes: number;
  /** Call → settled. */
  ms?: number;
}

type Area = Record<'get' | 'set' | 'remove', (...args: unknown[]) => unknown>;
const scope = globalThis as unknown as { chrome?: { storage?: Record<'local' | 'session', Area> }; __storageLog?: StorageOp[] };
const log: StorageOp[] = [];
scope.__storageLog = log;

const keysOf = (op: StorageOp['op'], arg: unknown): string[] => {
  if (arg === null || arg === undefined) return ['(all)'];
  if (typeof arg === 'string') return [arg];
  if (Array.isArray(arg)) return arg.map(String);
  return op === 'set' || typeof arg === 'object' ? Object.keys(arg as object) : [String(arg)];
};

for (const area of ['local', 'session'] as const) {
  const target = scope.chrome?.storage?.[area];
  if (!target) continue;
  for (const op of ['get', 'set', 'remove'] as const) {
    const original = target[op].bind(target);
    target[op] = (...args: unknown[]) => {
      const entry: StorageOp = {
        at: performance.now(),
        area,
        op,
        keys: keysOf(op, args[0]),
        bytes: op === 'set' ? JSON.stringify(args[0]).length : 0,
      };
      log.push(entry);
      const settled = (value: unknown) => {
        entry.ms = performance.now() - entry.at;
        if (op === 'get') entry.bytes = JSON.stringify(value ?? {}).length;
      };
      // webextension-polyfill passes a callback; the promise form returns a promise.
      const last = args.at(-1);
      if (typeof last === 'function') {
        args[args.length - 1] = (value: unknown) => {
          settled(value);
          (last as (value: unknown) => void)(value);
        };
        return original(...args);
      }
      const result = original(...args) as Promise<unknown> | undefined;
      return result?.then((value) => {
        settled(value);
        return value;
      });
    };
  }
}
