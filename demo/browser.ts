/**
 * Finds a Chromium-family browser that still honours `--load-extension`, launches it with
 * the built extension and a throwaway profile, and saves the demo servers into the
 * extension's storage the way the panel would.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import type { SavedServer } from '../lib/hub';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');

/** An error the person can act on; the demo prints its message without a stack. */
export class DemoError extends Error {
  override name = 'DemoError';
}

// Chromium and Chrome for Testing first: Google Chrome's branded builds ignore
// --load-extension since Chrome 137.
const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const WHAT_TO_INSTALL = [
  'Install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`), or Chrome for Testing',
  '(any system: `npx @puppeteer/browsers install chrome@stable`, then set CHROME_PATH to the path it prints).',
  'Google Chrome itself ignores --load-extension since Chrome 137, so it cannot load the demo extension.',
].join('\n');

const isBrandedChrome = (path: string) => /google[- ]chrome/i.test(path) && !/for testing/i.test(path);

export function findBrowser(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.CHROME_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new DemoError(`CHROME_PATH is ${chosen}, but there is no file there.\n${WHAT_TO_INSTALL}`);
    return chosen;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new DemoError(`No Chromium or Chrome found (looked in ${CANDIDATES.join(', ')}).\n${WHAT_TO_INSTALL}`);
  if (isBrandedChrome(found)) {
    console.warn(`Using ${found}. Google Chrome 137+ ignores --load-extension; if the extension does not load, install Chromium or set CHROME_PATH.`);
  }
  return found;
}

/** A headed browser on Linux needs X11 or Wayland; say so before anything starts. */
export function checkDisplay(headless: boolean, env: NodeJS.ProcessEnv = process.env): void {
  if (!headless && process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    throw new DemoError('No display to open a browser window on. Run `npm run demo -- --headless --screenshots DIR`, or use xvfb-run.');
  }
}

export interface DemoBrowser {
  context: BrowserContext;
  /** bekjilnimdjfgknlplojgnmbcojiihao, unless TOOLNEXUS_EXTENSION_KEY gave the build another key. */
  extensionId: string;
  /** The extension's service worker as first started. */
  worker: Worker;
  close(): Promise<void>;
}

export interface LaunchOptions {
  executablePath: string;
  headless: boolean;
  /** The browser's UI language, which picks the extension's catalog (`--lang`, as tests/e2e/browser.ts). */
  lang?: string;
}

/** How long to wait for the extension's service worker before saying it did not load. */
const WORKER_TIMEOUT_MS = 15_000;

const isExtensionWorker = (worker: Worker) => worker.url().startsWith('chrome-extension://');

async function extensionWorker(context: BrowserContext, executablePath: string): Promise<Worker> {
  const existing = context.serviceWorkers().find(isExtensionWorker);
  if (existing) return existing;
  return context.waitForEvent('serviceworker', { predicate: isExtensionWorker, timeout: WORKER_TIMEOUT_MS }).catch(() => {
    throw new DemoError(
      `${executablePath} started, but the toolnexus extension did not load within ${WORKER_TIMEOUT_MS / 1000} s.\n${WHAT_TO_INSTALL}`,
    );
  });
}

export async function launchDemoBrowser({ executablePath, headless, lang }: LaunchOptions): Promise<DemoBrowser> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new DemoError(`No built extension at ${EXTENSION_DIR}: run \`npm run build\` (npm run demo does it for you).`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'toolnexus-demo-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless,
      // Headed: a normal window; headless: the side panel's width, for the screenshots.
      viewport: headless ? { width: 420, height: 900 } : null,
      // Screenshots are light (the walk-through adds one dark); a window follows the system.
      colorScheme: headless ? 'light' : null,
      // The demo itself closes the browser, then the servers, on Ctrl-C.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: [
        `--disable-extensions-except=${EXTENSION_DIR}`,
        `--load-extension=${EXTENSION_DIR}`,
        // The demo needs only loopback: keep the browser from calling home.
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        ...(lang ? [`--lang=${lang}`] : []),
        // Chromium refuses to run as root with its sandbox on.
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new DemoError(`Could not start ${executablePath}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    })());
  try {
    const worker = await extensionWorker(context, executablePath);
    return { context, extensionId: new URL(worker.url()).host, worker, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Saves `servers` where the worker keeps them (`storage.local` key `servers`) and stops the
 * worker, so the next panel to open starts it again and it loads and connects them, as after
 * a browser restart. (`chrome.runtime.reload()` would unload an extension loaded with
 * --load-extension for good.)
 */
export async function saveServersAndStopWorker(browser: DemoBrowser, page: Page, servers: SavedServer[]): Promise<void> {
  await browser.worker.evaluate(`chrome.storage.local.set({ servers: ${JSON.stringify(servers)} })`);
  const cdp = await browser.context.newCDPSession(page);
  try {
    const stopped = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new DemoError('The extension’s service worker did not stop.')), WORKER_TIMEOUT_MS);
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.filter((version) => version.scriptURL.startsWith(`chrome-extension://${browser.extensionId}/`));
        if (ours.length > 0 && ours.every((version) => version.runningStatus === 'stopped')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

export const panelUrl = (browser: DemoBrowser) => `chrome-extension://${browser.extensionId}/sidepanel.html`;
