/**
 * `npm run bench -- --profile`: where the time goes, on a non-minified build
 * (BENCH_PROFILE=1 → .output/bench-profile) so functions keep their names and the bundle its
 * module comments. Start-up (worker cold start, panel open) is read from a Chromium trace
 * with V8's sampling profiler on; steady state from CDP `Profiler` on the worker and the panel.
 * Every profile is also written to bench/profiles/*.cpuprofile (open in DevTools → Performance).
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { addServer, evaluateInWorker, launchBench, PROFILE_EXTENSION_DIR, waitForState, type BenchBrowser, type TargetSession } from './browser';
import { profileTimeline, summarizeProfile, type CpuProfile, type ProfileSummary } from './cpu-profile';
import type { ProbeWindow } from './probe';
import { table, type Section } from './report';
import type { WorkerOp } from './worker-log';
import { burst, cancelAll, openWithPending, rerender } from './scale';
import type { ServerUrls } from './servers';
import { bytes, ms } from './stats';
import { extensionCalls } from './tool-call';
import { extensionPid, PROFILE_CATEGORIES, traceDurations, traceProfiles, type Trace } from './trace-profile';

const OUT = 'bench/profiles';
const SAMPLING_US = 200;

function bundleFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = { '/background.js': join(dir, 'background.js') };
  for (const name of readdirSync(join(dir, 'chunks'))) files[`/chunks/${name}`] = join(dir, 'chunks', name);
  return files;
}

function describe(title: string, summary: ProfileSummary, note = ''): string {
  const busy = summary.totalMs - summary.idleMs;
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  return [
    `**${title}** — busy ${ms(busy)} of ${ms(summary.totalMs)} sampled${summary.gapMs > 0 ? ` (${ms(summary.gapMs)} of it unsampled gaps, not counted busy)` : ''}${note}`,
    '',
    table(
      ['module (self time)', 'ms', 'share of busy'],
      summary.byModule.slice(0, 10).map((line) => [line.name, line.selfMs.toFixed(1), percent(line.share)]),
    ),
    '',
    table(
      ['function (self time)', 'ms', 'share of busy'],
      summary.byFunction.slice(0, 12).map((line) => [`\`${line.name}\``, line.selfMs.toFixed(1), percent(line.share)]),
    ),
  ].join('\n');
}

/** What the worker asked of the browser since the last take (bench/worker-log.ts; the profile build only). */
function takeWorkerLog(browser: BenchBrowser): Promise<WorkerOp[]> {
  return evaluateInWorker<WorkerOp[]>(browser, 'globalThis.__takeWorkerLog?.() ?? []');
}

/** Every call in order, at the worker's own clock (from its global scope's start): what a cold start waits on. */
function workerSequence(log: WorkerOp[]): string {
  return table(
    ['#', 'at', 'call', 'keys / message', 'bytes', 'settled after'],
    log.map((entry, i) => [
      String(i + 1),
      ms(entry.at),
      entry.call,
      entry.keys.join(', '),
      bytes(entry.bytes),
      entry.ms === undefined ? '—' : ms(entry.ms),
    ]),
  );
}

/** `activity:1f…, activity:9c…, servers` → `activity:* ×2, servers`: one row per kind of write, not one per id. */
function keyKinds(keys: string[]): string {
  const kinds = new Map<string, number>();
  for (const key of keys) {
    const kind = key.replace(/:.*$/s, ':*');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].map(([kind, count]) => (count > 1 ? `${kind} ×${count}` : kind)).join(', ');
}

/** Calls grouped by call and key: how many, how many bytes; `per` divides both (per tools/call, per Request). */
function workerTotals(log: WorkerOp[], per: number, unit: string): string {
  const groups = new Map<string, { calls: number; bytes: number }>();
  for (const entry of log) {
    const key = `${entry.call} ${keyKinds(entry.keys)}`;
    const group = groups.get(key) ?? { calls: 0, bytes: 0 };
    group.calls += 1;
    group.bytes += entry.bytes;
    groups.set(key, group);
  }
  return table(
    ['call and keys', 'calls', `calls per ${unit}`, 'bytes', `bytes per ${unit}`],
    [...groups]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .map(([key, group]) => [
        `\`${key}\``,
        String(group.calls),
        (group.calls / per).toFixed(2),
        bytes(group.bytes),
        bytes(Math.round(group.bytes / per)),
      ]),
  );
}

/** Component renders in the page since the last take (bench/render-count.ts; the profile build only). */
function takeRenders(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const counts = (globalThis as unknown as { __renders?: Record<string, number> }).__renders ?? {};
    const taken = { ...counts };
    for (const key of Object.keys(counts)) delete counts[key];
    return taken;
  });
}

function renderTable(counts: Record<string, number>, top = 15): string {
  return table(
    ['component', 'renders'],
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => [`\`${name}\``, String(count)]),
  );
}

/** The profile slice by slice (25 ms): busy time and what was busiest, so the waits show too. */
function timelineTable(profile: CpuProfile, files: Record<string, string>): string {
  return table(
    ['from the profile start', 'busy', 'busiest (self time)'],
    profileTimeline(profile, files, 25).map((slice) => [
      ms(slice.startMs),
      ms(slice.busyMs),
      slice.top.map((line) => `${line.name} ${line.ms.toFixed(1)}`).join(', '),
    ]),
  );
}

type Profiled = Pick<CDPSession, 'send'> | TargetSession;

async function startProfiler(session: Profiled): Promise<void> {
  const send = session.send.bind(session) as (method: string, params?: Record<string, unknown>) => Promise<unknown>;
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await send('Profiler.start');
}

async function stopProfiler(session: Profiled): Promise<CpuProfile> {
  const send = session.send.bind(session) as (method: string, params?: Record<string, unknown>) => Promise<unknown>;
  const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
  await send('Profiler.disable');
  return profile;
}

/** Profiles the worker and the panel page while `work` runs. */
async function profileBoth(
  browser: BenchBrowser,
  page: Page,
  name: string,
  work: () => Promise<void>,
): Promise<{ worker: CpuProfile; panel: CpuProfile }> {
  const worker = await browser.workerSession();
  const panel = await page.context().newCDPSession(page);
  try {
    await startProfiler(worker);
    await startProfiler(panel);
    await work();
    const result = { worker: await stopProfiler(worker), panel: await stopProfiler(panel) };
    writeFileSync(join(OUT, `${name}-worker.cpuprofile`), JSON.stringify(result.worker));
    writeFileSync(join(OUT, `${name}-panel.cpuprofile`), JSON.stringify(result.panel));
    return result;
  } finally {
    await worker.detach();
    await panel.detach().catch(() => {});
  }
}

async function withBrowser<T>(use: (browser: BenchBrowser) => Promise<T>): Promise<T> {
  const browser = await launchBench(PROFILE_EXTENSION_DIR);
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

interface FetchEntry {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** The worker's requests (Resource Timing) per server: how many, when the first began and the last ended. */
function fetchTimeline(entries: FetchEntry[], origin: number): string {
  const byServer = new Map<string, FetchEntry[]>();
  for (const entry of entries) {
    const server = new URL(entry.name).host;
    byServer.set(server, [...(byServer.get(server) ?? []), entry]);
  }
  const rows = [...byServer].map(([server, list]) => {
    const first = Math.min(...list.map((entry) => entry.startTime));
    const last = Math.max(...list.map((entry) => entry.responseEnd));
    return { server, count: list.length, first: first - origin, last: last - origin };
  });
  rows.sort((a, b) => a.first - b.first);
  return table(
    ['server', 'requests', 'first request sent', 'last response in'],
    rows.map((row) => [row.server, String(row.count), ms(row.first), ms(row.last)]),
  );
}

/** A worker cold start with `size` servers, traced: CPU by module and function, every storage call in order, each server's requests. */
async function startUp(urls: ServerUrls, files: Record<string, string>, size: number): Promise<string[]> {
  return withBrowser(async (browser) => {
    const servers: SavedServer[] = urls.legacyFleet.slice(0, size).map((url, i) => ({ id: `p-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
    const chromium = browser.context.browser();
    if (!chromium) throw new Error('No browser handle to trace with.');
    let trace: Trace | undefined;
    let connectedAt = 0;
    // Two untraced starts first: the third runs with V8's code cache, as a person's would.
    for (let i = 0; i < 3; i += 1) {
      for (const page of browser.context.pages()) if (page.url().startsWith(browser.panelUrl)) await page.close();
      await browser.saveServers(servers);
      await browser.stopWorker();
      if (i === 2) await chromium.startTracing(undefined, { categories: PROFILE_CATEGORIES });
      const page = await browser.openPanel();
      await waitForState(page, { connected: servers.length });
      if (i === 2) {
        connectedAt = await page.evaluate(() => {
          const probe = (window as unknown as ProbeWindow).__probe;
          return probe.latest!.at - probe.connectAt!;
        });
        trace = JSON.parse((await chromium.stopTracing()).toString()) as Trace;
      }
    }
    // What the start wrote just after all were connected (eras, the activity list) counts too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const storage = await takeWorkerLog(browser);
    const fetches = await evaluateInWorker<FetchEntry[]>(
      browser,
      "performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'fetch').map(({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }))",
    );
    const pid = extensionPid(trace!);
    const worker = ({ name }: { name: string }) => name === 'ServiceWorker thread';
    const panel = (thread: { name: string; pid: number }) => thread.name === 'CrRendererMain' && thread.pid === pid;
    writeFileSync(join(OUT, `start-${size}.trace.json`), JSON.stringify(trace));
    const phases = traceDurations(trace!, worker, ['EvaluateScript', 'v8.compile', 'v8.run', 'V8PerIsolateData::Initialize']);
    const pagePhases = traceDurations(trace!, panel, ['v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint']);
    const pick = (profiles: CpuProfile[]) => profiles.sort((a, b) => b.samples.length - a.samples.length)[0];
    const workerProfile = pick(traceProfiles(trace!, worker));
    const panelProfile = pick(traceProfiles(trace!, panel));
    const phaseTable = (values: Record<string, number>) =>
      table(
        ['trace event', 'ms'],
        Object.entries(values).map(([name, value]) => [`\`${name}\``, value.toFixed(1)]),
      );
    return [
      `### Worker cold start (${size} servers) and panel open, from a trace`,
      '',
      `Panel connect → all ${size} connected in the traced start: ${ms(connectedAt)} (tracing slows it). Service worker thread, from the panel's \`runtime.connect\` waking it until all servers connected:`,
      '',
      phaseTable(phases),
      '',
      workerProfile ? describe('Service worker thread', summarizeProfile(workerProfile, files)) : '(no worker profile in the trace)',
      '',
      ...(workerProfile
        ? ['The same thread slice by slice (from when tracing began; idle slices left out):', '', timelineTable(workerProfile, files), '']
        : []),
      `What that start asked of the browser, in order — every \`chrome.storage\` call, the other extension calls it waits on, each message to the panel — on the worker's clock (from its global scope's start; "settled after" is the browser's round trip), up to 500 ms after all were connected:`,
      '',
      workerSequence(storage),
      '',
      "Each server's requests in that start (the worker's Resource Timing; times from its global scope's start):",
      '',
      fetchTimeline(fetches, 0),
      '',
      "The panel's main thread in the same run (module compile/evaluate, first renders):",
      '',
      phaseTable(pagePhases),
      '',
      panelProfile ? describe('Panel main thread', summarizeProfile(panelProfile, files)) : '(no panel profile in the trace)',
    ];
  });
}

async function toolCalls(urls: ServerUrls, files: Record<string, string>): Promise<string[]> {
  return withBrowser(async (browser) => {
    const page = await browser.openPanel();
    const serverId = await addServer(page, urls.timed, 'Bench');
    await page.getByRole('tab', { name: /^Tools/ }).click();
    const texts = (prefix: string) => Array.from({ length: 200 }, (_, i) => `${prefix}-${i}`);
    await extensionCalls(page, serverId, texts('warm'));
    let p50 = 0;
    await takeWorkerLog(browser);
    await takeRenders(page);
    const profiles = await profileBoth(browser, page, 'toolcall', async () => {
      const { roundTrips } = await extensionCalls(page, serverId, texts('profiled'));
      p50 = [...roundTrips].sort((a, b) => a - b)[100]!;
    });
    // The last call's deferred writes land after its state did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const storage = await takeWorkerLog(browser);
    const renders = await takeRenders(page);
    await page.close();
    const note = ` over 200 sequential calls (p50 ${ms(p50)} while profiled), Tools tab shown`;
    return [
      '### tools/call, steady state (CDP Profiler)',
      '',
      describe('Worker', summarizeProfile(profiles.worker, files), note),
      '',
      'What the worker asked of the browser over those 200 calls (`chrome.storage`, messages to the panel; the panel keeps 50 results):',
      '',
      workerTotals(storage, 200, 'call'),
      '',
      describe('Panel', summarizeProfile(profiles.panel, files), note),
      '',
      'Component renders in the panel over those 200 calls:',
      '',
      renderTable(renders),
    ];
  });
}

async function scale(urls: ServerUrls, files: Record<string, string>): Promise<string[]> {
  return withBrowser(async (browser) => {
    const servers: SavedServer[] = urls.modernFleet.map((url, i) => ({ id: `s-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
    await browser.saveServers(servers);
    await browser.stopWorker();
    const page = await browser.openPanel();
    await waitForState(page, { connected: servers.length }, 30_000);
    const perServer = 10;
    const total = servers.length * perServer;
    let burstMs = 0;
    await takeWorkerLog(browser);
    await takeRenders(page);
    const during = await profileBoth(browser, page, 'scale-burst', async () => {
      burstMs = (
        await burst(
          page,
          servers.map((server) => server.id),
          perServer,
        )
      ).burst;
    });
    await waitForState(page, { inbox: total });
    const burstStorage = await takeWorkerLog(browser);
    const burstRenders = await takeRenders(page);
    const redraws: number[] = [];
    const after = await profileBoth(browser, page, 'scale-rerender', async () => {
      for (let i = 0; i < 10; i += 1) redraws.push(await rerender(page, servers[i]!.id, `profile-${i}`));
    });
    const rerenderCounts = await takeRenders(page);
    const opened = await tracedOpen(browser, files, total);
    await cancelAll(page, total);
    await page.close();
    return [
      ...opened,
      '',
      `### ${total} pending Requests (CDP Profiler)`,
      '',
      describe('Panel during the burst', summarizeProfile(during.panel, files), ` — ${total} calls posted → all cards painted in ${ms(burstMs)}`),
      '',
      'Component renders in the panel during the burst:',
      '',
      renderTable(burstRenders),
      '',
      describe('Worker during the burst', summarizeProfile(during.worker, files)),
      '',
      `What the worker asked of the browser during the burst (${total} Requests asked: \`chrome.storage\`, messages to the panel):`,
      '',
      workerTotals(burstStorage, total, 'Request'),
      '',
      describe(
        'Panel handling state changes with all cards shown',
        summarizeProfile(after.panel, files),
        ` — 10 state changes, ${redraws.map((value) => value.toFixed(0)).join(', ')} ms each`,
      ),
      '',
      'Component renders over those 10 state changes:',
      '',
      renderTable(rerenderCounts),
    ];
  });
}

/** A fresh panel opened onto `total` pending Requests, traced from navigation: its main thread's profile and what rendered. */
async function tracedOpen(browser: BenchBrowser, files: Record<string, string>, total: number): Promise<string[]> {
  const chromium = browser.context.browser();
  if (!chromium) throw new Error('No browser handle to trace with.');
  // One untraced open first, for V8's code cache.
  await openWithPending(browser, total);
  await chromium.startTracing(undefined, { categories: PROFILE_CATEGORIES });
  const { page, times } = await openWithPending(browser, total, true);
  const trace = JSON.parse((await chromium.stopTracing()).toString()) as Trace;
  const renders = await takeRenders(page);
  await page.close();
  writeFileSync(join(OUT, 'open-pending.trace.json'), JSON.stringify(trace));
  const pid = extensionPid(trace);
  const panels = traceProfiles(trace, (thread) => thread.name === 'CrRendererMain' && thread.pid === pid);
  const profile = panels.sort((a, b) => b.samples.length - a.samples.length)[0];
  return [
    `### A panel opening onto ${total} pending Requests (trace)`,
    '',
    `First \`state\` → all cards in the DOM ${ms(times.handled)}, → next frame ${ms(times.painted)} (traced).`,
    '',
    profile ? describe('Panel main thread, navigation → painted', summarizeProfile(profile, files)) : '(no panel profile in the trace)',
    '',
    'Component renders in that open:',
    '',
    renderTable(renders),
  ];
}

export async function profileAll(urls: ServerUrls): Promise<Section> {
  mkdirSync(OUT, { recursive: true });
  const files = bundleFiles(PROFILE_EXTENSION_DIR);
  const parts = [
    `Non-minified build (\`.output/bench-profile\`), V8 sampling every ${SAMPLING_US} µs. Self time per bundled module and function; ` +
      '"(program: browser internals)" is Blink/V8 work outside JS (style, layout, paint, IPC, parsing); "(native / V8)" is ' +
      'native functions called from JS (postMessage, fetch, DOM). Profiles and the start-up trace are in bench/profiles/.',
    '',
    ...(await startUp(urls, files, 3)),
    '',
    ...(await startUp(urls, files, 20)),
    '',
    ...(await toolCalls(urls, files)),
    '',
    ...(await scale(urls, files)),
  ];
  return { title: 'Profiles (npm run bench -- --profile)', markdown: parts.join('\n'), targets: [] };
}
