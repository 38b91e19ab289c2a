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
import { addServer, launchBench, PROFILE_EXTENSION_DIR, waitForState, type BenchBrowser, type TargetSession } from './browser';
import { summarizeProfile, type CpuProfile, type ProfileSummary } from './cpu-profile';
import { table, type Section } from './report';
import { burst, cancelAll, rerender } from './scale';
import type { ServerUrls } from './servers';
import { ms } from './stats';
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
    `**${title}** — busy ${ms(busy)} of ${ms(summary.totalMs)} sampled${note}`,
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

async function startUp(urls: ServerUrls, files: Record<string, string>): Promise<string[]> {
  return withBrowser(async (browser) => {
    const servers: SavedServer[] = urls.legacyFleet.slice(0, 20).map((url, i) => ({ id: `p-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
    const chromium = browser.context.browser();
    if (!chromium) throw new Error('No browser handle to trace with.');
    let trace: Trace | undefined;
    // Two untraced starts first: the third runs with V8's code cache, as a person's would.
    for (let i = 0; i < 3; i += 1) {
      for (const page of browser.context.pages()) if (page.url().startsWith(browser.panelUrl)) await page.close();
      await browser.saveServers(servers);
      await browser.stopWorker();
      if (i === 2) await chromium.startTracing(undefined, { categories: PROFILE_CATEGORIES });
      const page = await browser.openPanel();
      await waitForState(page, { connected: servers.length });
      if (i === 2) trace = JSON.parse((await chromium.stopTracing()).toString()) as Trace;
    }
    const pid = extensionPid(trace!);
    const worker = ({ name }: { name: string }) => name === 'ServiceWorker thread';
    const panel = (thread: { name: string; pid: number }) => thread.name === 'CrRendererMain' && thread.pid === pid;
    writeFileSync(join(OUT, 'start.trace.json'), JSON.stringify(trace));
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
      '### Worker cold start (20 servers) and panel open, from a trace',
      '',
      "Service worker thread, from the panel's `runtime.connect` waking it until all servers connected:",
      '',
      phaseTable(phases),
      '',
      workerProfile ? describe('Service worker thread', summarizeProfile(workerProfile, files)) : '(no worker profile in the trace)',
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
    const profiles = await profileBoth(browser, page, 'toolcall', async () => {
      const { roundTrips } = await extensionCalls(page, serverId, texts('profiled'));
      p50 = [...roundTrips].sort((a, b) => a - b)[100]!;
    });
    await page.close();
    const note = ` over 200 sequential calls (p50 ${ms(p50)} while profiled), Tools tab shown`;
    return [
      '### tools/call, steady state (CDP Profiler)',
      '',
      describe('Worker', summarizeProfile(profiles.worker, files), note),
      '',
      describe('Panel', summarizeProfile(profiles.panel, files), note),
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
    const redraws: number[] = [];
    const after = await profileBoth(browser, page, 'scale-rerender', async () => {
      for (let i = 0; i < 10; i += 1) redraws.push(await rerender(page, servers[i]!.id, `profile-${i}`));
    });
    await cancelAll(page, total);
    await page.close();
    return [
      `### ${total} pending Requests (CDP Profiler)`,
      '',
      describe('Panel during the burst', summarizeProfile(during.panel, files), ` — ${total} calls posted → all cards painted in ${ms(burstMs)}`),
      '',
      describe('Worker during the burst', summarizeProfile(during.worker, files)),
      '',
      describe(
        'Panel handling state changes with all cards shown',
        summarizeProfile(after.panel, files),
        ` — 10 state changes, ${redraws.map((value) => value.toFixed(0)).join(', ')} ms each`,
      ),
    ];
  });
}

export async function profileAll(urls: ServerUrls): Promise<Section> {
  mkdirSync(OUT, { recursive: true });
  const files = bundleFiles(PROFILE_EXTENSION_DIR);
  const parts = [
    `Non-minified build (\`.output/bench-profile\`), V8 sampling every ${SAMPLING_US} µs. Self time per bundled module and function; ` +
      '"(program: browser internals)" is Blink/V8 work outside JS (style, layout, paint, IPC, parsing); "(native / V8)" is ' +
      'native functions called from JS (postMessage, fetch, DOM). Profiles and the start-up trace are in bench/profiles/.',
    '',
    ...(await startUp(urls, files)),
    '',
    ...(await toolCalls(urls, files)),
    '',
    ...(await scale(urls, files)),
  ];
  return { title: 'Profiles (npm run bench -- --profile)', markdown: parts.join('\n'), targets: [] };
}
