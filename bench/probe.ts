/**
 * What the bench adds to every extension page before the panel's own script runs: a hook
 * on the panel's port (`runtime.connect`), so the bench can post through the very port the
 * panel uses and time each worker message as it arrives, before and after the panel
 * handles it; the worker's state as of each message, rebuilt from its first `state` and the
 * `patch`es after it with the panel's own lib/port/statePatch.ts; and a watch for the first
 * render of the tab list.
 *
 * `installProbe` is shipped to the page as source (`probeScript`): it must not use any outer
 * name.
 */
import type { PanelMessage, WorkerMessage } from '../lib/port/messages';
import type { HubState } from '../lib/state';
import type { applyStatePatch } from '../lib/port/statePatch';
import { statePatchModule } from '../tests/fixtures/page-module';

export interface ProbePort {
  name: string;
  postMessage(message: PanelMessage): void;
}

export interface StateArrival {
  /** The worker's state as of `message`. */
  state: HubState;
  /** The `state` or `patch` message that brought it. */
  message: WorkerMessage;
  /** `performance.now()` when the message reached the page, before the panel handled it. */
  at: number;
}

export interface PanelProbe {
  /** The panel's own port to the worker. */
  port?: ProbePort;
  /** When the panel called `runtime.connect` (ms since navigation start). */
  connectAt?: number;
  firstStateAt?: number;
  /** After the panel handled its first state (listener, then the render it scheduled). */
  firstStateHandledAt?: number;
  /** Request cards drawn whole in the DOM at that moment (not the empty frames of those off screen). */
  firstStateCards?: number;
  /** After the frame that followed. */
  firstStatePaintedAt?: number;
  /** First contentful paint, from a buffered PerformanceObserver. */
  firstContentfulPaintAt?: number;
  /** When `[role=tablist]` (the first render with state) entered the DOM. */
  tablistAt?: number;
  /** After the frame that follows `tablistAt` (rAF, then a task: style, layout, paint done). */
  tablistFrameAt?: number;
  /**
   * Time inside `chrome.i18n.getMessage` until `tablistFrameAt` (ms), its first call alone, and the
   * number of calls: what reading the catalog costs the first render (issue 41).
   */
  catalog: { ms: number; firstMs?: number; calls: number };
  /** When the panel asked for its first part of the catalog (lib/i18n/firstPart.ts), and when its answer was in. */
  firstPart?: { askedAt: number; inAt?: number };
  /** The worker's state as of its last message (`state` or `patch`). */
  latest?: StateArrival;
  /** Told of each worker message before the panel sees it (`probe.latest` already includes it). */
  before: Set<(message: WorkerMessage, at: number) => void>;
  /** Told after the panel's listener and the render it scheduled (microtasks) have run. */
  after: Set<(message: WorkerMessage, at: number, handledAt: number) => void>;
  /** Resolves with the first state (including the latest one) that satisfies `test`. */
  state(test: (state: HubState) => boolean, timeoutMs: number, what: string): Promise<StateArrival>;
  /** Resolves after the next frame has been produced (rAF, then a task). */
  nextFrame(): Promise<number>;
}

export interface ProbeWindow {
  __probe: PanelProbe;
}

/** `portName`: the panel's port (PANEL_PORT), passed in because this runs as shipped source; so is `apply`. */
export function installProbe(portName: string, apply: typeof applyStatePatch): void {
  // tsx (esbuild keepNames) wraps named functions in __name(); evaluated code needs it too.
  (globalThis as unknown as { __name: (target: unknown) => unknown }).__name = (target) => target;
  if (location.protocol !== 'chrome-extension:') return;

  const afterTask = (callback: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(null);
  };
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => afterTask(() => resolve(performance.now()))));

  const probe: PanelProbe = {
    catalog: { ms: 0, calls: 0 },
    before: new Set(),
    after: new Set(),
    nextFrame,
    state(test, timeoutMs, what) {
      return new Promise((resolve, reject) => {
        if (probe.latest && test(probe.latest.state)) return resolve(probe.latest);
        const timer = setTimeout(() => {
          probe.before.delete(listener);
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`));
        }, timeoutMs);
        const listener = (message: WorkerMessage) => {
          const arrival = probe.latest;
          if (arrival?.message !== message || !test(arrival.state)) return;
          clearTimeout(timer);
          probe.before.delete(listener);
          resolve(arrival);
        };
        probe.before.add(listener);
      });
    },
  };
  (globalThis as unknown as ProbeWindow).__probe = probe;

  const i18n = (globalThis as unknown as { chrome?: { i18n?: { getMessage(...args: unknown[]): string } } }).chrome?.i18n;
  if (i18n) {
    const getMessage = i18n.getMessage.bind(i18n);
    i18n.getMessage = (...args: unknown[]) => {
      const started = performance.now();
      try {
        return getMessage(...args);
      } finally {
        if (probe.tablistFrameAt === undefined) {
          const took = performance.now() - started;
          probe.catalog.firstMs ??= took;
          probe.catalog.ms += took;
          probe.catalog.calls += 1;
        }
      }
    };
  }

  const fetchAs = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = fetchAs(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (probe.firstPart === undefined && url.includes('/i18n/')) {
      const asked = { askedAt: performance.now() } as NonNullable<PanelProbe['firstPart']>;
      probe.firstPart = asked;
      void answer.then(() => (asked.inAt = performance.now()));
    }
    return answer;
  };

  type Listener = (message: unknown, port: unknown) => void;
  type Port = ProbePort & { onMessage: { addListener(listener: Listener): void }; onDisconnect: { addListener(listener: () => void): void } };
  const instrument = (port: Port) => {
    probe.port = port;
    probe.connectAt ??= performance.now();
    // A new port means a new worker: whatever the last one said is stale.
    probe.latest = undefined;
    port.onDisconnect.addListener(() => {
      if (probe.port !== port) return;
      probe.latest = undefined;
      probe.port = undefined;
    });
    const addListener = port.onMessage.addListener.bind(port.onMessage);
    port.onMessage.addListener = (listener: Listener) =>
      addListener((raw, sender) => {
        const at = performance.now();
        const message = raw as WorkerMessage;
        if (message.type === 'state') {
          probe.firstStateAt ??= at;
          probe.latest = { state: message.state, message, at };
        } else if (message.type === 'patch' && probe.latest) {
          probe.latest = { state: apply(probe.latest.state, message.patch), message, at };
        }
        for (const hook of [...probe.before]) hook(message, at);
        listener(raw, sender);
        if (message.type === 'state' && probe.firstStateHandledAt === undefined && probe.firstStateAt === at) {
          afterTask(() => {
            probe.firstStateHandledAt = performance.now();
            // Drawn whole: a frame standing in for a card off screen is empty.
            probe.firstStateCards = [...document.querySelectorAll('section.card.request')].filter((card) => card.childElementCount > 0).length;
            void nextFrame().then((painted) => (probe.firstStatePaintedAt = painted));
          });
        }
        if (probe.after.size > 0)
          afterTask(() => {
            const handledAt = performance.now();
            for (const hook of [...probe.after]) hook(message, at, handledAt);
          });
      });
  };

  type Runtime = { connect: (...args: unknown[]) => Port; __probed?: boolean };
  const scope = globalThis as unknown as { browser?: { runtime?: Runtime }; chrome?: { runtime?: Runtime } };
  for (const runtime of [scope.browser?.runtime, scope.chrome?.runtime]) {
    if (!runtime || runtime.__probed) continue;
    const connect = runtime.connect.bind(runtime);
    runtime.connect = (...args: unknown[]) => {
      const port = connect(...args);
      if (port.name === portName) instrument(port);
      return port;
    };
    runtime.__probed = true;
  }

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') probe.firstContentfulPaintAt ??= entry.startTime;
  }).observe({ type: 'paint', buffered: true });

  const observer = new MutationObserver(() => {
    if (probe.tablistAt !== undefined || !document.querySelector('[role=tablist]')) return;
    probe.tablistAt = performance.now();
    observer.disconnect();
    void nextFrame().then((at) => (probe.tablistFrameAt = at));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The probe as a page script: `installProbe` with lib/port/statePatch.ts beside it. */
export function probeScript(portName: string): string {
  return `(${installProbe.toString()})(${JSON.stringify(portName)}, ${statePatchModule()}.applyStatePatch);`;
}
