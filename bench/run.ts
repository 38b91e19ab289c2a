/**
 * `npm run bench`: builds the extension (bench/wxt.config.ts → .output/bench), starts the
 * bench's MCP servers in their own process, runs every bench in a fresh headless Chromium,
 * and writes bench/RESULTS.md. Exits 1 when the harness fails (a bench throws, the build
 * breaks), never because a target was missed.
 *
 *   npm run bench                      everything, writes bench/RESULTS.md
 *   npm run bench -- --quick           small counts, prints instead of writing
 *   npm run bench -- --only scale,size prints only those (toolcall, elicitation, open, size, scale, start, apps, protocollog)
 *   npm run bench -- --profile         also CPU-profiles the non-minified build (bench/profiles/)
 *   npm run bench -- --skip-build      reuse .output/bench and .output/bench-profile
 *
 * Benches 1 and 11 also install MCP Inspector v2 (pinned, into node_modules/.cache) to measure beside it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build as viteBuild } from 'vite';
import { EXTENSION_DIR, launchBench, PROFILE_EXTENSION_DIR, type BenchBrowser } from './browser';
import { benchAppRender } from './app-render';
import { benchBundleSize } from './bundle-size';
import { benchElicitation } from './elicitation';
import { benchPanelOpen } from './panel-open';
import { benchProtocolLog } from './protocol-log';
import { profileAll } from './profile';
import { describeMachine, renderResults, type Section } from './report';
import { benchScale } from './scale';
import { startServerProcess, type ServerProcess } from './servers';
import { benchToolCall } from './tool-call';
import { benchWorkerStart } from './worker-start';

const BENCHES = ['toolcall', 'elicitation', 'open', 'size', 'scale', 'start', 'apps', 'protocollog'] as const;
type BenchName = (typeof BENCHES)[number];
const RESULTS = 'bench/RESULTS.md';
const FINDINGS = 'bench/findings.md';
/** Nothing may hang the bench: past this, it stops with a failure. */
const OVERALL_LIMIT_MS = 20 * 60_000;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const only = values.only?.split(',').map((name) => name.trim()) ?? [...BENCHES];
const unknown = only.filter((name) => !BENCHES.includes(name as BenchName));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; choose from ${BENCHES.join(', ')}.`);
  process.exit(1);
}
const quick = values.quick ?? false;
const partial = quick || values.only !== undefined;

const counts = quick
  ? {
      toolcall: { calls: 100, warmup: 20, rounds: 2 },
      elicitation: { runs: 20, warmup: 3, rounds: 2 },
      open: { runs: 5 },
      scale: { perServer: 3, opens: 2, rerenders: 3 },
      start: { reps: 2, sizes: [3, 20] },
      apps: { runs: 10, warmup: 2 },
      protocollog: { calls: 50, rounds: 2 },
    }
  : {
      toolcall: { calls: 500, warmup: 50, rounds: 10 },
      elicitation: { runs: 200, warmup: 10, rounds: 4 },
      open: { runs: 30 },
      scale: { perServer: 10, opens: 5, rerenders: 10 },
      start: { reps: 8, sizes: [3, 20] },
      apps: { runs: 60, warmup: 5 },
      protocollog: { calls: 100, rounds: 6 },
    };

function build(profiling: boolean): void {
  const started = Date.now();
  const result = spawnSync('npx', ['wxt', 'build', '-c', 'bench/wxt.config.ts'], {
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, BENCH_PROFILE: profiling ? '1' : '0' },
  });
  if (result.status !== 0) {
    throw new Error(`wxt build failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`built ${profiling ? 'the non-minified copy' : 'the extension'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The raw SDK's page (bench/sdk-page), added to the bench build only: chrome-extension://<id>/bench-sdk/. */
async function buildSdkPage(): Promise<void> {
  await viteBuild({
    root: 'bench/sdk-page',
    base: './',
    logLevel: 'warn',
    build: { outDir: join(EXTENSION_DIR, 'bench-sdk'), emptyOutDir: true },
  });
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const watchdog = setTimeout(() => {
    console.error(`The bench ran past ${OVERALL_LIMIT_MS / 60_000} minutes; stopping.`);
    process.exit(1);
  }, OVERALL_LIMIT_MS);
  watchdog.unref();

  if (!values['skip-build']) {
    build(false);
    // Non-minified twin: module comments for the bundle composition, names for --profile.
    build(true);
    await buildSdkPage();
  }
  const sections: Section[] = [];
  const failures: string[] = [];
  let chromium = 'unknown';
  let servers: ServerProcess | undefined;

  const attempt = async (name: BenchName | 'profile', run: () => Promise<Section[]>) => {
    if (name !== 'profile' && !only.includes(name)) return;
    const began = Date.now();
    process.stdout.write(`${name}… `);
    try {
      sections.push(...(await run()));
      console.log(`${((Date.now() - began) / 1000).toFixed(1)} s`);
    } catch (error) {
      console.log('FAILED');
      console.error(error);
      failures.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  };
  // A fresh browser per bench, so no bench inherits another's history, activities or JIT state.
  const inBrowser = async <T>(use: (browser: BenchBrowser) => Promise<T>): Promise<T> => {
    const browser = await launchBench();
    chromium = browser.chromiumVersion;
    try {
      return await use(browser);
    } finally {
      await browser.close();
    }
  };

  try {
    servers = await startServerProcess();
    const urls = servers;
    await attempt('toolcall', () => inBrowser(async (browser) => [await benchToolCall(browser, urls.timed, counts.toolcall)]));
    await attempt('elicitation', () => inBrowser(async (browser) => [await benchElicitation(browser, urls.timed, counts.elicitation)]));
    await attempt('open', () => inBrowser(async (browser) => [(await benchPanelOpen(browser, urls.legacyFleet.slice(0, 3), counts.open)).section]));
    await attempt('size', async () => [benchBundleSize(EXTENSION_DIR, PROFILE_EXTENSION_DIR)]);
    await attempt('scale', () => inBrowser(async (browser) => [await benchScale(browser, urls.modernFleet, urls.timed, counts.scale)]));
    await attempt('start', () => inBrowser(async (browser) => [await benchWorkerStart(browser, urls.legacyFleet, counts.start)]));
    await attempt('apps', () => inBrowser(async (browser) => [await benchAppRender(browser, counts.apps)]));
    await attempt('protocollog', () => inBrowser(async (browser) => [await benchProtocolLog(browser, urls.timed, counts.protocollog)]));
    if (values.profile) {
      await attempt('profile', async () => [await profileAll(urls)]);
    }
  } catch (error) {
    console.error(error);
    failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  } finally {
    await servers?.close();
  }

  const document = renderResults({
    machine: describeMachine(chromium, loadAtStart),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    durationS: (Date.now() - started) / 1000,
    sections,
    failures,
    findings: existsSync(FINDINGS) ? readFileSync(FINDINGS, 'utf8') : '',
  });
  if (partial) {
    console.log(`\n${document}`);
    console.log(`(partial run: ${RESULTS} left as it was)`);
  } else {
    writeFileSync(RESULTS, document);
    console.log(`wrote ${RESULTS} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
