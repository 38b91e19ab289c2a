/**
 * MCP Inspector v2's web client, driven beside the extension: bench 1 clicks a tool in both
 * (issue 15 asks for click → result against it), bench 11 opens an MCP App in both.
 * Installed on demand at a pinned version (cached under node_modules/.cache, as bundle-size
 * fetches the v1 client with `npm pack`; it runs on Node 20 though it asks for 22.19), started
 * against the bench's server on a loopback port, and opened in the bench's own Chromium. Its
 * page may ask only loopback: it wants Google Fonts, which is refused.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { freeLoopbackPort } from '../tests/fixtures/loopback-http';
import { withTimeout } from './stats';

export const INSPECTOR_VERSION = '2.12.0';
const PACKAGE = '@modelcontextprotocol/inspector';
const CACHE = resolve(`node_modules/.cache/toolnexus-bench/inspector-${INSPECTOR_VERSION}`);
const INSTALLED = join(CACHE, 'node_modules', PACKAGE);
const LAUNCHER = join(INSTALLED, 'clients/launcher/build/index.js');

export interface Inspector {
  /** The web client's address with its API token. */
  url: string;
  close(): Promise<void>;
}

/** Installs the Inspector (once) and returns where its package is. */
export function installInspector(): string {
  if (existsSync(LAUNCHER)) return INSTALLED;
  // --ignore-scripts: its one script installs the clients of a source checkout, a no-op here.
  execFileSync('npm', ['install', '--prefix', CACHE, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${PACKAGE}@${INSPECTOR_VERSION}`], {
    stdio: 'ignore',
    timeout: 300_000,
  });
  if (!existsSync(LAUNCHER)) throw new Error(`npm installed ${PACKAGE}@${INSPECTOR_VERSION} without ${LAUNCHER}.`);
  return INSTALLED;
}

/** Starts the Inspector's web client with `serverUrl` as its one (ad-hoc) server. */
export async function startInspector(serverUrl: string): Promise<Inspector> {
  installInspector();
  const home = mkdtempSync(join(tmpdir(), 'toolnexus-inspector-home-'));
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER, '--web', '--transport', 'http', '--server-url', serverUrl], {
    env: {
      ...process.env,
      HOME: home,
      // Its web client needs a fixed port: its origin allow-list is derived from it.
      CLIENT_PORT: String(await freeLoopbackPort()),
      MCP_SANDBOX_PORT: '0',
      MCP_APP_ORIGIN_PORT: '0',
      MCP_AUTO_OPEN_ENABLED: 'false',
      MCP_INSPECTOR_SECRET_STORE: 'memory',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const close = async () => {
    if (child.exitCode === null) {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill();
      await withTimeout(gone, 5_000, 'the Inspector to exit').catch(() => child.kill('SIGKILL'));
    }
    rmSync(home, { recursive: true, force: true });
  };
  let output = '';
  const up = new Promise<string>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /(http:\/\/127\.0\.0\.1:\d+\/?\?MCP_INSPECTOR_API_TOKEN=[0-9a-f]+)/.exec(output);
      if (address) done(address[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`The Inspector exited (code ${code}):\n${output}`)));
  });
  try {
    return { url: await withTimeout(up, 60_000, 'the Inspector web client to start'), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts it when it can be (the registry may be out of reach): a bench without it still measures ours, and says why. */
export async function startInspectorIfAble(serverUrl: string): Promise<{ inspector?: Inspector; missing: string }> {
  try {
    return { inspector: await startInspector(serverUrl), missing: '' };
  } catch (error) {
    return { missing: error instanceof Error ? error.message.split('\n')[0]! : String(error) };
  }
}

/** Opens the Inspector in the bench browser and connects it to its server. */
export async function openInspector(context: BrowserContext, inspector: Inspector): Promise<Page> {
  const page = await context.newPage();
  await page.route('**', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()));
  await page.goto(inspector.url);
  // Mantine draws its track over the switch's input.
  await page.getByRole('switch').check({ force: true });
  await page.getByRole('button', { name: 'Disconnect from server' }).waitFor();
  return page;
}

/**
 * Leaves `echo`'s form filled with `text`, as a person would before clicking. `sidebar: false`
 * closes its protocol monitor, which it shows by default.
 */
export async function prepareEcho(page: Page, options: { text: string; sidebar: boolean }): Promise<void> {
  await page.getByText('Tools', { exact: true }).click();
  await page.getByText('echo', { exact: true }).first().click();
  await page.getByLabel('text').first().fill(options.text);
  if (!options.sidebar) await page.getByRole('button', { name: 'Close monitoring sidebar' }).click();
  await page.getByRole('button', { name: 'Execute Tool' }).waitFor();
}

/**
 * In the Inspector's page: clicks **Execute Tool** `count` times, each time timing until the
 * result's text is in the DOM (the clock stops as bench 1's (f) does), then closes the result
 * to get the form back.
 */
export async function inspectorClicks({ count, text }: { count: number; text: string }): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const run = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Execute Tool');
    if (!run) throw new Error(`The Inspector shows no Execute Tool (call ${i}).`);
    const shown = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The Inspector showed no result in 10 s (call ${i})`)), 10_000);
      const observer = new MutationObserver(() => {
        if ([...document.querySelectorAll('pre')].some((pre) => pre.textContent?.trim() === text)) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const start = performance.now();
    run.click();
    samples.push((await shown) - start);
    document.querySelector<HTMLButtonElement>('button[aria-label="Close results"]')?.click();
    for (let waited = 0; ![...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Execute Tool'); waited += 5) {
      if (waited > 5_000) throw new Error(`The Inspector's form did not come back (call ${i}).`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}
