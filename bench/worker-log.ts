/**
 * The profile build's worker only (bench/instrument.ts puts it first in the worker's entry):
 * a record of what the worker asks of the browser, in `globalThis.__workerLog`, for
 * `npm run bench -- --profile` to read over CDP — every `chrome.storage` call (area, keys,
 * bytes of JSON written or read, how long until it settled), the other extension calls a start
 * waits on (declarativeNetRequest, permissions), and every message posted to a panel (type,
 * bytes). Times are the worker's `performance.now()`, from its global scope's start, as its
 * Resource Timing entries are.
 */
export interface WorkerOp {
  at: number;
  /** `storage.local.get`, `declarativeNetRequest.getSessionRules`, `port.postMessage`, … */
  call: string;
  /** Storage keys; a posted message's type. */
  keys: string[];
  /** JSON length written (`set`, a posted message) or read (`get`, once settled); measured as the log is taken (`takeLog`). */
  bytes: number;
  /** What was written or read, until the log is taken: serialising it as it happens would be most of what the profile sees. */
  value?: unknown;
  /** Call → settled. */
  ms?: number;
}

type Api = Record<string, (...args: unknown[]) => unknown>;
const scope = globalThis as unknown as {
  chrome?: Record<string, Record<string, unknown> | undefined>;
  __workerLog?: WorkerOp[];
  __takeWorkerLog?: () => WorkerOp[];
};
const log: WorkerOp[] = [];
scope.__workerLog = log;
/** The calls so far, each value's size measured now, and the log emptied. */
scope.__takeWorkerLog = () =>
  log.splice(0).map(({ value, ...entry }) => ({ ...entry, bytes: value === undefined ? entry.bytes : (JSON.stringify(value)?.length ?? 0) }));

const keysOf = (arg: unknown): string[] => {
  if (arg === null || arg === undefined) return ['(all)'];
  if (typeof arg === 'string') return [arg];
  if (Array.isArray(arg)) return arg.map(String);
  return typeof arg === 'object' ? Object.keys(arg as object) : [String(arg)];
};

/** Replaces `target[name]` with a recorder of each call; `measure` says what the call carries. */
function record(
  target: Api | undefined,
  name: string,
  call: string,
  measure: (args: unknown[]) => Pick<WorkerOp, 'keys' | 'value'>,
  keepRead = false,
): void {
  const original = target?.[name];
  if (!target || typeof original !== 'function') return;
  target[name] = (...args: unknown[]) => {
    const entry: WorkerOp = { at: performance.now(), call, bytes: 0, ...measure(args) };
    log.push(entry);
    const settled = (value: unknown) => {
      entry.ms = performance.now() - entry.at;
      if (keepRead) entry.value = value ?? {};
    };
    // webextension-polyfill passes a callback; the promise form returns a promise.
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (value: unknown) => {
        settled(value);
        (last as (value: unknown) => void)(value);
      };
      return original.apply(target, args);
    }
    const result = original.apply(target, args) as Promise<unknown> | undefined;
    return result && typeof result.then === 'function'
      ? result.then((value) => {
          settled(value);
          return value;
        })
      : result;
  };
}

const chrome = scope.chrome ?? {};
for (const area of ['local', 'session'] as const) {
  const target = (chrome.storage as Record<string, Api> | undefined)?.[area];
  record(target, 'get', `storage.${area}.get`, ([keys]) => ({ keys: keysOf(keys) }), true);
  record(target, 'set', `storage.${area}.set`, ([items]) => ({ keys: keysOf(items), value: items }));
  record(target, 'remove', `storage.${area}.remove`, ([keys]) => ({ keys: keysOf(keys) }));
}
for (const name of ['getSessionRules', 'updateSessionRules']) {
  record(chrome.declarativeNetRequest as Api | undefined, name, `declarativeNetRequest.${name}`, () => ({ keys: [] }));
}
record(chrome.permissions as Api | undefined, 'contains', 'permissions.contains', () => ({ keys: [] }));

// Each panel port's messages: wrapped as the worker is handed the port.
const onConnect = (chrome.runtime as { onConnect?: { addListener: (listener: (port: Api) => void) => void } } | undefined)?.onConnect;
if (onConnect) {
  const addListener = onConnect.addListener.bind(onConnect);
  onConnect.addListener = (listener) =>
    addListener((port) => {
      record(port, 'postMessage', 'port.postMessage', ([message]) => ({ keys: [String((message as { type?: unknown }).type)], value: message }));
      listener(port);
    });
}
