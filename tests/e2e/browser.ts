/**
 * Launches the built extension (.output/chrome-mv3) in Debian's Chromium, headless, with a
 * fresh profile (or, for a restarted browser, the profile it had). `npm test` builds the
 * extension before the e2e project runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  /** Opens the side panel's page in a tab, where a test can drive it like the panel. */
  openPanel(): Promise<Page>;
  /** Writes `chrome.storage.local` items, as the extension itself would. */
  setStorage(items: Record<string, unknown>): Promise<void>;
  /**
   * Stops the extension's service worker (CDP `ServiceWorker.stopAllWorkers`), as Chrome
   * does to an idle MV3 worker; the next extension event starts a fresh one.
   */
  stopWorker(): Promise<void>;
  /**
   * Quits the browser and starts it again on the same profile, as a person restarting it:
   * storage.local stays, storage.session and the worker's memory are gone.
   */
  restart(): Promise<ExtensionBrowser>;
  close(): Promise<void>;
}

type ChromeGlobal = { chrome: { storage: { local: { set(items: Record<string, unknown>): Promise<void> } } } };

/** Headless Chromium as the tests (and the bench) run it: only loopback is reachable here, so it must not call home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchOptions {
  /** The built extension to load (a pseudo-locale copy: tests/e2e/languages.ts); the build by default. */
  extensionDir?: string;
  /** The browser's UI language, which picks the extension's catalog (`--lang`; LANGUAGE alone does not, verified on Chromium 156). */
  lang?: string;
  /** The page's size in CSS px and its device pixels per CSS px: 320 wide at 2 is a 640 px panel zoomed to 200 %. */
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
}

export async function launchExtension(
  profile = mkdtempSync(join(tmpdir(), 'toolnexus-e2e-')),
  options: LaunchOptions = {},
): Promise<ExtensionBrowser> {
  const { extensionDir = EXTENSION_DIR, lang, viewport, deviceScaleFactor } = options;
  if (!existsSync(join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: run \`npm run build\` first.`);
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ...(viewport && { viewport }),
    ...(deviceScaleFactor && { deviceScaleFactor }),
    args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...CHROMIUM_ARGS, ...(lang ? [`--lang=${lang}`] : [])],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    async openPanel() {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      return page;
    },
    async setStorage(items) {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      await worker.evaluate((values) => (globalThis as unknown as ChromeGlobal).chrome.storage.local.set(values), items);
    },
    async stopWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    async restart() {
      await context.close();
      return launchExtension(profile, options);
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
