/**
 * The built extension in headless Chromium, launched as the e2e tests launch it (same
 * flags), plus what the bench needs on top: the probe in every panel page, CDP on the
 * service worker (heap, profiles), and stopping the worker the way Chrome stops an idle one.
 * Its own launcher so a profiling build in another folder can be loaded too.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { PANEL_PORT } from '../lib/port/messages';
import type { HubState } from '../lib/state';
import { CHROMIUM_ARGS } from '../tests/e2e/browser';
import { probeScript, type ProbeWindow } from './probe';
import { withTimeout } from './stats';

/** Where bench/wxt.config.ts builds the extension (not .output/chrome-mv3, which tests rebuild). */
export const EXTENSION_DIR = resolve('.output/bench/chrome-mv3');
export const PROFILE_EXTENSION_DIR = resolve('.output/bench-profile/chrome-mv3');
/** bench/floor-worker: a worker with the SDK client and nothing else, the floor under the cold start and tools/call. */
export const FLOOR_EXTENSION_DIR = resolve('.output/bench-floor');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** CDP on one target reached through the browser (Playwright opens sessions on pages only). */
export interface TargetSession {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  detach(): Promise<void>;
}

export interface BenchBrowser {
  /** Which build it runs (bench/builds.ts): `this tree`, or a baseline's label. */
  label: string;
  /** The browser's UI language when it was given one (`--lang`), which picks the panel's catalog. */
  lang?: string;
  context: BrowserContext;
  extensionId: string;
  panelUrl: string;
  chromiumVersion: string;
  /** Opens sidepanel.html in a new tab (the probe is installed before the panel's script). */
  openPanel(): Promise<Page>;
  /** Saves servers where the worker keeps them; they load when the worker (re)starts. */
  saveServers(servers: SavedServer[]): Promise<void>;
  /** Stops the service worker (CDP) and resolves once Chromium reports it stopped. */
  stopWorker(): Promise<void>;
  /** A CDP session on the extension's service worker. */
  workerSession(): Promise<TargetSession>;
  close(): Promise<void>;
}

const WAIT_MS = 15_000;

export async function launchBench(extensionDir = EXTENSION_DIR, label = 'this tree', lang?: string): Promise<BenchBrowser> {
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: \`npm run bench\` builds it (bench/wxt.config.ts).`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'toolnexus-bench-'));
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        `--disable-extensions-except=${extensionDir}`,
        `--load-extension=${extensionDir}`,
        ...CHROMIUM_ARGS,
        ...(lang ? [`--lang=${lang}`] : []),
      ],
    })
    .catch((error: unknown) => {
      removeProfile();
      throw error;
    });
  const closeAll = async () => {
    await context.close().catch(() => {});
    removeProfile();
  };
  const worker =
    context.serviceWorkers()[0] ??
    (await context.waitForEvent('serviceworker', { timeout: WAIT_MS }).catch(async (error: unknown) => {
      await closeAll();
      throw error;
    }));
  const extensionId = new URL(worker.url()).host;
  await context.addInitScript({ content: probeScript(PANEL_PORT) });
  const panelUrl = `chrome-extension://${extensionId}/sidepanel.html`;
  // A page that is never the panel, to hold browser-wide CDP sessions.
  const controlPage = context.pages()[0] ?? (await context.newPage());
  const control = await context.newCDPSession(controlPage);

  async function workerSession(): Promise<TargetSession> {
    const { targetInfos } = await control.send('Target.getTargets');
    const target = targetInfos.find((info) => info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${extensionId}/`));
    if (!target) throw new Error('The extension has no running service worker to attach to.');
    return attach(control, target.targetId);
  }

  return {
    label,
    ...(lang && { lang }),
    context,
    extensionId,
    panelUrl,
    chromiumVersion: context.browser()?.version() ?? 'unknown',
    async openPanel() {
      const page = await context.newPage();
      page.setDefaultTimeout(WAIT_MS);
      await page.goto(panelUrl);
      return page;
    },
    async saveServers(servers) {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: WAIT_MS }));
      await worker.evaluate(`chrome.storage.local.set({ servers: ${JSON.stringify(servers)} })`);
    },
    async stopWorker() {
      const stopped = new Promise<void>((resolve) => {
        const onUpdate = ({ versions }: { versions: Array<{ scriptURL: string; runningStatus: string }> }) => {
          const ours = versions.filter((version) => version.scriptURL.startsWith(`chrome-extension://${extensionId}/`));
          if (ours.length > 0 && ours.every((version) => version.runningStatus === 'stopped')) {
            control.off('ServiceWorker.workerVersionUpdated', onUpdate);
            resolve();
          }
        };
        control.on('ServiceWorker.workerVersionUpdated', onUpdate);
      });
      await control.send('ServiceWorker.enable');
      await control.send('ServiceWorker.stopAllWorkers');
      await withTimeout(stopped, WAIT_MS, 'the service worker to stop');
      await control.send('ServiceWorker.disable');
    },
    workerSession,
    async close() {
      await control.detach().catch(() => {});
      await closeAll();
    },
  };
}

/** Attaches (non-flattened) to a target and speaks CDP to it through `Target.sendMessageToTarget`. */
async function attach(control: CDPSession, targetId: string): Promise<TargetSession> {
  const { sessionId } = (await control.send('Target.attachToTarget', { targetId, flatten: false })) as { sessionId: string };
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const onMessage = (event: { sessionId?: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id!);
    if (reply.error) waiter.reject(new Error(reply.error.message));
    else waiter.resolve(reply.result);
  };
  control.on('Target.receivedMessageFromTarget', onMessage);
  return {
    async send<T>(method: string, params: Record<string, unknown> = {}) {
      const id = nextId++;
      const reply = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
      await control.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      return (await withTimeout(reply, 60_000, `CDP ${method} on the worker`)) as T;
    },
    async detach() {
      control.off('Target.receivedMessageFromTarget', onMessage);
      await control.send('Target.detachFromTarget', { sessionId }).catch(() => {});
    },
  };
}

/** The worker's JS heap (V8 `Runtime.getHeapUsage`), after a full GC when `collect` is set. */
export async function workerHeap(browser: BenchBrowser, collect: boolean): Promise<number> {
  const session = await browser.workerSession();
  try {
    if (collect) await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send<{ usedSize: number }>('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}

/** The page's JS heap, likewise. */
export async function pageHeap(page: Page, collect: boolean): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    if (collect) await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}

/** What a bench waits for in the panel's state (CSP forbids shipping predicates as source). */
export interface StateGoal {
  /** This many servers, all connected. */
  connected?: number;
  /** Exactly this many pending Requests. */
  inbox?: number;
  /** A server with this URL, connected. */
  connectedUrl?: string;
  /** No server with this URL. */
  absentUrl?: string;
}

/** Waits (in the page) until the panel has received a state that meets `goal`. */
export async function waitForState(page: Page, goal: StateGoal, timeoutMs = WAIT_MS): Promise<HubState> {
  return page.evaluate(
    async ({ goal, timeoutMs }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const meets = (state: HubState) =>
        (goal.connected === undefined ||
          (state.servers.length === goal.connected && state.servers.every((server) => server.status === 'connected'))) &&
        (goal.inbox === undefined || state.inbox.length === goal.inbox) &&
        (goal.connectedUrl === undefined || state.servers.some((server) => server.url === goal.connectedUrl && server.status === 'connected')) &&
        (goal.absentUrl === undefined || !state.servers.some((server) => server.url === goal.absentUrl));
      return (await probe.state(meets, timeoutMs, JSON.stringify(goal))).state;
    },
    { goal, timeoutMs },
  );
}

/** Adds a server from the panel (its own `add-server` message); resolves with its id once connected. */
export async function addServer(page: Page, url: string, name: string): Promise<string> {
  await page.evaluate(
    ({ url, name }) => (window as unknown as ProbeWindow).__probe.port!.postMessage({ type: 'command', command: 'addServer', args: [{ url, name }] }),
    { url, name },
  );
  const href = new URL(url).href;
  const state = await waitForState(page, { connectedUrl: href });
  return state.servers.find((server) => server.url === href)!.id;
}

/** Evaluates `expression` in the service worker (awaiting a promise) and returns its value. */
export async function evaluateInWorker<T>(browser: BenchBrowser, expression: string): Promise<T> {
  const session = await browser.workerSession();
  try {
    const { result, exceptionDetails } = await session.send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`In the worker: ${exceptionDetails.text}`);
    return result.value;
  } finally {
    await session.detach();
  }
}
