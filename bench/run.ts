/**
 * `npm run bench`: builds the extension (bench/wxt.config.ts → .output/bench), starts the
 * bench's MCP servers in their own process, runs every bench in a fresh headless Chromium,
 * and writes bench/RESULTS.md. Exits 1 when the harness fails (a bench throws, the build
 * breaks, the watchdog stops it), never because a target was missed.
 *
 *   npm run bench                      everything, writes bench/RESULTS.md
 *   npm run bench -- --quick           small counts, no MCP Inspector, prints instead of writing (under 5 minutes)
 *   npm run bench -- --only scale,size prints only those (toolcall, elicitation, open, size, scale, start, apps, protocollog, tools, memory)
 *   npm run bench -- --baseline main   also builds that git ref (bench/builds.ts) and measures it beside this tree, interleaved
 *   npm run bench -- --skip-inspector  leaves out MCP Inspector's rows (it is most of a full run's time)
 *   npm run bench -- --profile         also CPU-profiles the non-minified build (bench/profiles/)
 *   npm run bench -- --skip-build      reuse .output/bench and .output/bench-profile
 *   npm run bench -- --limit 60        the watchdog's minutes per build (20 unless told; a loaded shared machine needs more)
 *
 * Benches 1, 3b and 11 also install MCP Inspector (pinned, into node_modules/.cache) to measure beside it.
 * When the watchdog stops a run, what was measured until then is still written, marked partial.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build as viteBuild } from 'vite';
import { EXTENSION_DIR, FLOOR_EXTENSION_DIR, launchBench, PROFILE_EXTENSION_DIR, type BenchBrowser } from './browser';
import { buildBaseline, WORKING_TREE, type Build } from './builds';
import { benchAppRender } from './app-render';
import { benchBundleSize } from './bundle-size';
import { benchElicitation } from './elicitation';
import { benchMemory } from './memory';
import { FLOOR_LABEL } from './floor';
import { benchPanelOpen } from './panel-open';
import { benchProtocolLog } from './protocol-log';
import { profileAll } from './profile';
import { describeMachine, renderResults, type Section } from './report';
import { benchScale } from './scale';
import { startServerProcess, type ServerProcess } from './servers';
import { benchToolCall } from './tool-call';
import { benchToolsList } from './tools-list';
import { benchWorkerStart } from './worker-start';

const BENCHES = ['toolcall', 'elicitation', 'open', 'size', 'scale', 'start', 'apps', 'protocollog', 'tools', 'memory'] as const;
type BenchName = (typeof BENCHES)[number];
const RESULTS = 'bench/RESULTS.md';
const FINDINGS = 'bench/findings.md';
/** Nothing may hang the bench: past this (and as much again for each baseline), it stops with a failure, writing what it has. */
const OVERALL_LIMIT_MINUTES = 20;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    'skip-inspector': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    limit: { type: 'string' },
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
// MCP Inspector's clicks are most of a full run; a quick run is for before/after a change.
const inspector = !quick && !values['skip-inspector'];

const counts = quick
  ? {
      toolcall: { calls: 100, warmup: 20, rounds: 2 },
      elicitation: { runs: 20, warmup: 3, rounds: 2 },
      open: { runs: 5 },
      scale: { perServer: 3, opens: 2, rerenders: 3 },
      start: { reps: 2, sizes: [3, 20] },
      apps: { runs: 10, warmup: 2 },
      protocollog: { calls: 50, rounds: 2 },
      tools: { renders: 5, keystrokes: 14 },
      memory: { calls: 1_000 },
    }
  : {
      toolcall: { calls: 500, warmup: 50, rounds: 10 },
      elicitation: { runs: 200, warmup: 10, rounds: 4 },
      open: { runs: 30 },
      scale: { perServer: 10, opens: 5, rerenders: 10 },
      start: { reps: 8, sizes: [3, 20] },
      apps: { runs: 60, warmup: 5 },
      protocollog: { calls: 100, rounds: 6 },
      tools: { renders: 20, keystrokes: 56 },
      memory: { calls: 1_000 },
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

/** bench/floor-worker as an extension of its own, its worker minified as WXT's is (one classic script). */
async function buildFloorWorker(): Promise<void> {
  await viteBuild({
    root: 'bench/floor-worker',
    logLevel: 'warn',
    build: {
      outDir: FLOOR_EXTENSION_DIR,
      emptyOutDir: true,
      minify: true,
      lib: { entry: resolve('bench/floor-worker/background.ts'), formats: ['iife'], name: 'floor', fileName: () => 'background.js' },
    },
  });
}

/** The run's results as markdown; `stopped` says why it ended early (then it is marked partial). */
function resultsDocument(
  state: { started: number; loadAtStart: number; chromium: string; sections: Section[]; failures: string[]; builds: Build[] },
  stopped?: string,
) {
  return renderResults({
    machine: describeMachine(state.chromium, state.loadAtStart),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    durationS: (Date.now() - state.started) / 1000,
    sections: state.sections,
    failures: state.failures,
    builds: state.builds.map((build) => build.label),
    stopped,
    findings: existsSync(FINDINGS) ? readFileSync(FINDINGS, 'utf8') : '',
  });
}

/** Prints a partial run; writes bench/RESULTS.md for a full one, even one the watchdog stopped (marked so). */
function publish(text: string, started: number): void {
  if (partial) {
    console.log(`\n${text}`);
    console.log(`(partial run: ${RESULTS} left as it was)`);
  } else {
    writeFileSync(RESULTS, text);
    console.log(`wrote ${RESULTS} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

async function main(): Promise<number> {
  const state = {
    started: Date.now(),
    loadAtStart: loadavg()[0]!,
    chromium: 'unknown',
    sections: [] as Section[],
    failures: [] as string[],
    builds: [WORKING_TREE],
  };
  const { sections, failures } = state;
  let running = 'the build';
  const perBuild = Number(values.limit ?? OVERALL_LIMIT_MINUTES);
  if (!(perBuild > 0)) throw new Error(`--limit ${values.limit}: give the watchdog's minutes per build, a number above 0.`);
  const limitMs = perBuild * 60_000 * (values.baseline ? 2 : 1);
  const watchdog = setTimeout(() => {
    const stopped = `the watchdog stopped the run after ${limitMs / 60_000} minutes, during ${running}; what came after it did not run`;
    console.error(`The bench ran past ${limitMs / 60_000} minutes; stopping, and writing what it measured.`);
    failures.push(stopped);
    publish(resultsDocument(state, stopped), state.started);
    process.exit(1);
  }, limitMs);
  watchdog.unref();

  if (!values['skip-build']) {
    build(false);
    // Non-minified twin: module comments for the bundle composition, names for --profile.
    build(true);
    await buildSdkPage();
    if (only.some((name) => ['start', 'toolcall', 'elicitation', 'memory'].includes(name))) await buildFloorWorker();
  }
  if (values.baseline) state.builds.push(buildBaseline(values.baseline));
  const { builds } = state;
  let servers: ServerProcess | undefined;

  const attempt = async (name: BenchName | 'profile', run: () => Promise<Section[]>) => {
    if (name !== 'profile' && !only.includes(name)) return;
    const began = Date.now();
    running = `the ${name} bench`;
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
  // A fresh browser per bench and build, so no bench inherits another's history, activities or JIT state.
  // bench/floor-worker's extension in a browser of its own, beside the builds' (toolcall, elicitation, start, memory).
  const withFloor = async <T>(use: (floor: BenchBrowser) => Promise<T>): Promise<T> => {
    const floor = await launchBench(FLOOR_EXTENSION_DIR, FLOOR_LABEL);
    try {
      return await use(floor);
    } finally {
      await floor.close();
    }
  };
  const inBrowsers = async <T>(use: (browsers: BenchBrowser[]) => Promise<T>): Promise<T> => {
    const browsers: BenchBrowser[] = [];
    try {
      for (const build of builds) browsers.push(await launchBench(build.dir, build.label));
      state.chromium = browsers[0]!.chromiumVersion;
      return await use(browsers);
    } finally {
      for (const browser of browsers) await browser.close();
    }
  };

  try {
    servers = await startServerProcess();
    const urls = servers;
    await attempt('toolcall', () =>
      inBrowsers((browsers) => withFloor(async (floor) => [await benchToolCall(browsers, urls.timed, { ...counts.toolcall, inspector }, floor)])),
    );
    await attempt('elicitation', () =>
      inBrowsers((browsers) => withFloor(async (floor) => [await benchElicitation(browsers, urls.timed, counts.elicitation, floor)])),
    );
    await attempt('open', () => inBrowsers(async (browsers) => [await benchPanelOpen(browsers, urls.legacyFleet.slice(0, 3), counts.open)]));
    await attempt('size', async () => [benchBundleSize(builds, PROFILE_EXTENSION_DIR, inspector)]);
    await attempt('scale', () => inBrowsers(async (browsers) => [await benchScale(browsers, urls.modernFleet, urls.timed, counts.scale)]));
    await attempt('start', () =>
      inBrowsers((browsers) => withFloor(async (floor) => [await benchWorkerStart(browsers, urls.legacyFleet, counts.start, floor)])),
    );
    await attempt('apps', () => inBrowsers(async (browsers) => [await benchAppRender(browsers, { ...counts.apps, inspector })]));
    await attempt('protocollog', () => inBrowsers(async (browsers) => [await benchProtocolLog(browsers, urls.timed, counts.protocollog)]));
    await attempt('tools', () => inBrowsers(async (browsers) => [await benchToolsList(browsers, urls.wideApis, urls.narrowApis, counts.tools)]));
    await attempt('memory', () =>
      inBrowsers((browsers) => withFloor(async (floor) => [await benchMemory(browsers, urls.narrowApis, counts.memory, floor)])),
    );
    if (values.profile) {
      await attempt('profile', async () => [await profileAll(urls)]);
    }
  } catch (error) {
    console.error(error);
    failures.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
  } finally {
    await servers?.close();
  }
  publish(resultsDocument(state), state.started);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
