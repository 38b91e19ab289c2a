/**
 * Bench 13: memory (issue 40). The worker's and the panel's JS heap after a full GC (CDP
 * `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`, on each target), and the panel's
 * DOM nodes, at four moments: a worker woken by a panel with no server saved; woken with 20
 * servers × 15 tools saved (tests/fixtures/many-tools-server.ts, 2026-07-28) and all connected;
 * after 1,000 tools/call from that panel, one after another, on the first server's tools with
 * the Tools tab shown; after a further 1,000. The floor (bench/floor-worker: the SDK client
 * alone, its panel drawing each result as a line, 50 kept) goes through the same moments.
 *
 * The calls go to one server so that its logs fill during the first 1,000 (its protocol log
 * keeps 1,000 records, two or more a call; the results keep 50): what the second 1,000 add is
 * growth with every bound reached, which is what a leak would show as.
 */
import type { Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { pageHeap, waitForState, workerHeap, type BenchBrowser } from './browser';
import { drawsResults } from './floor';
import type { ProbeWindow } from './probe';
import { besideBaselines, table, type Section } from './report';
import { ratio } from './stats';

export interface MemoryOptions {
  /** Calls in each of the two rounds. */
  calls: number;
}

const MOMENTS = ['start', 'connected', 'calls', 'more calls'] as const;
type Moment = (typeof MOMENTS)[number];

interface Reading {
  worker: number;
  panel: number;
  domNodes: number;
  /** Results the panel's state held. */
  results: number;
}

interface Subject {
  browser: BenchBrowser;
  floor: boolean;
  page?: Page;
  readings: Partial<Record<Moment, Reading>>;
  failures: Failures;
}

/** Issue 40's targets. */
const HEAP_RATIO = 1.3;
const GROWTH_PER_1000 = 0.2 * 1024 * 1024;
const DOM_NODES = 3_000;
/** Let what a start or a call leaves for later settle (the URL judge loads 1 s after a start; activity writes wait 100 ms). */
const SETTLE_MS = 2_000;

/** The tools called in turn: the fixture's first 15, but the one that deletes (a person would be asked first). */
const TOOLS = ['list', 'get', 'create', 'update', 'search', 'close', 'merge', 'lock', 'assign']
  .map((verb) => `${verb}_issues`)
  .concat(['list', 'get', 'create', 'update', 'search'].map((verb) => `${verb}_pull_requests`));

async function read(subject: Subject): Promise<Reading> {
  const page = subject.page!;
  await page.waitForTimeout(SETTLE_MS);
  const worker = await workerHeap(subject.browser, true);
  const panel = await pageHeap(page, true);
  const { domNodes, results } = await page.evaluate(() => ({
    domNodes: document.getElementsByTagName('*').length,
    results: (window as unknown as ProbeWindow).__probe.latest?.state.activities.length ?? 0,
  }));
  return { worker, panel, domNodes, results };
}

/** A worker woken afresh by a new panel, with `servers` saved; resolves once all are connected. */
async function wake(subject: Subject, servers: SavedServer[]): Promise<void> {
  await subject.page?.close();
  // The floor is told to negotiate each server's era, as the product does for a 2026-07-28 server.
  await subject.browser.saveServers(subject.floor ? servers.map((server) => ({ ...server, negotiate: true })) : servers);
  await subject.browser.stopWorker();
  const page = await subject.browser.openPanel();
  subject.page = page;
  await waitForState(page, { connected: servers.length }, 60_000);
  if (subject.floor) await drawsResults(page, true);
  else await page.getByRole('tab', { name: /^Tools/ }).click();
}

/** Calls that did not end done, and why the first of them did not. */
interface Failures {
  count: number;
  first?: string;
}

/**
 * Runs in the panel: `count` calls on `serverId`, one after another, each awaited until it ends.
 * One that fails is counted, not fatal: what the heap holds after 1,000 calls does not depend on
 * a few of them (on a loaded machine the hub once reconnected a server mid-run); a tenth failing is.
 */
function calls(page: Page, args: { serverId: string; tools: string[]; first: number; count: number }): Promise<Failures> {
  return page.evaluate(async ({ serverId, tools, first, count }) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const failures: { count: number; first?: string } = { count: 0 };
    for (let i = first; i < first + count; i += 1) {
      const repo = `memory-${i}`;
      const done = probe.state(
        (state) => state.activities.some((activity) => activity.kind === 'tool' && activity.args.repo === repo && activity.status !== 'running'),
        15_000,
        `call ${i}`,
      );
      probe.port!.postMessage({ type: 'command', command: 'callTool', args: [serverId, tools[i % tools.length]!, { owner: 'bench', repo }] });
      const { state } = await done;
      const activity = state.activities.find((item) => item.kind === 'tool' && item.args.repo === repo);
      if (activity?.status === 'done') continue;
      failures.count += 1;
      failures.first ??= `call ${i} ended ${activity?.status}: ${activity?.error ?? ''}`;
      if (failures.count * 10 > count) throw new Error(`${failures.count} of ${count} calls did not end done; the first: ${failures.first}`);
    }
    return failures;
  }, args);
}

const mb = (value: number) => `${(value / 1024 / 1024).toFixed(2)} MB`;
const signedMb = (value: number) => `${value >= 0 ? '+' : '−'}${mb(Math.abs(value))}`;

/** `browsers`: this tree's build first, then any baseline's; `floor`: bench/floor-worker's extension. Each moment is taken across all before the next. */
export async function benchMemory(browsers: BenchBrowser[], urls: string[], options: MemoryOptions, floor?: BenchBrowser): Promise<Section> {
  const servers: SavedServer[] = urls.map((url, i) => ({ id: `memory-${i}`, url, name: `API ${i + 1}`, enabled: true }));
  const subjects: Subject[] = [
    ...browsers.map((browser) => ({ browser, floor: false, readings: {}, failures: { count: 0 } })),
    ...(floor ? [{ browser: floor, floor: true, readings: {}, failures: { count: 0 } }] : []),
  ];
  try {
    for (const subject of subjects) {
      await wake(subject, []);
      subject.readings.start = await read(subject);
    }
    for (const subject of subjects) {
      await wake(subject, servers);
      subject.readings.connected = await read(subject);
    }
    for (const [round, moment] of [
      [0, 'calls'],
      [1, 'more calls'],
    ] as const) {
      for (const subject of subjects) {
        await subject.page!.bringToFront();
        const failed = await calls(subject.page!, { serverId: servers[0]!.id, tools: TOOLS, first: round * options.calls, count: options.calls });
        subject.failures.count += failed.count;
        subject.failures.first ??= failed.first;
        subject.readings[moment] = await read(subject);
      }
    }
  } finally {
    for (const subject of subjects) await subject.page?.close();
  }
  return memorySection(subjects, servers.length, options);
}

function memorySection(subjects: Subject[], serverCount: number, options: MemoryOptions): Section {
  const label = (subject: Subject) => (subject.floor ? 'the floor (SDK client only)' : subject.browser.label);
  const reading = (subject: Subject, moment: Moment) => subject.readings[moment]!;
  const growth = (subject: Subject, key: 'worker' | 'panel') =>
    ((reading(subject, 'more calls')[key] - reading(subject, 'calls')[key]) * 1000) / options.calls;
  const builds = subjects.filter((subject) => !subject.floor);
  const floor = subjects.find((subject) => subject.floor);
  const own = builds[0]!;
  const moments: Record<Moment, string> = {
    start: 'a panel wakes the worker, no server saved',
    connected: `${serverCount} servers × 15 tools saved, all connected`,
    calls: `after ${options.calls.toLocaleString('en')} tools/call (Tools tab shown)`,
    'more calls': `after a further ${options.calls.toLocaleString('en')}`,
  };
  const columns = subjects.map(label);
  const markdown = [
    `JS heap after a full GC (CDP \`HeapProfiler.collectGarbage\`, then \`Runtime.getHeapUsage\`), read ${SETTLE_MS / 1000} s after each moment, ` +
      `on the worker's target and the panel's; the panel's DOM nodes (\`getElementsByTagName('*')\`). ${serverCount} servers of 15 tools each ` +
      '(2026-07-28 fixtures, one port each); the calls go one after another to the first server, cycling through 14 of its tools ' +
      '(not the one that deletes), so its protocol log and the results list are full before the second round. The panel includes the ' +
      "bench's probe, which keeps its own copy of the state's lists.",
    '',
    table(
      ['JS heap after GC: worker / panel; DOM nodes', ...columns],
      MOMENTS.map((moment) => [
        moments[moment],
        ...subjects.map((subject) => {
          const { worker, panel, domNodes, results } = reading(subject, moment);
          return `${mb(worker)} / ${mb(panel)}; ${domNodes.toLocaleString('en')} nodes${results > 0 ? `, ${results} result${results === 1 ? '' : 's'}` : ''}`;
        }),
      ]),
    ),
    '',
    table(
      ['growth', ...columns],
      [
        [
          `worker, per 1,000 calls (over the second ${options.calls.toLocaleString('en')})`,
          ...subjects.map((subject) => signedMb(growth(subject, 'worker'))),
        ],
        ['panel, per 1,000 calls (the same)', ...subjects.map((subject) => signedMb(growth(subject, 'panel')))],
        [
          `worker, connecting ${serverCount} servers (connected − start)`,
          ...subjects.map((subject) => signedMb(reading(subject, 'connected').worker - reading(subject, 'start').worker)),
        ],
      ],
    ),
    ...subjects
      .filter((subject) => subject.failures.count > 0)
      .map(
        (subject) =>
          `\n${label(subject)}: ${subject.failures.count} of ${2 * options.calls} calls did not end done (the first: ${subject.failures.first}).`,
      ),
  ].join('\n');
  const connectedHeap = (subject: Subject) => reading(subject, 'connected').worker;
  const worst = (subject: Subject) => Math.max(growth(subject, 'worker'), growth(subject, 'panel'));
  return {
    title: '13. Memory: heap after GC, growth per 1,000 calls, DOM nodes',
    markdown,
    targets: [
      ...(floor
        ? [
            {
              name: `13. worker heap after GC, ${serverCount} servers × 15 tools connected ÷ the SDK client alone in a worker`,
              goal: `≤ ${HEAP_RATIO}×`,
              measured: besideBaselines(
                builds.map(
                  (subject) =>
                    `${ratio(connectedHeap(subject), connectedHeap(floor))} (${mb(connectedHeap(subject))} vs ${mb(connectedHeap(floor))})`,
                ),
                builds.map((subject) => subject.browser),
              ),
              met: connectedHeap(own) <= HEAP_RATIO * connectedHeap(floor),
            },
          ]
        : []),
      {
        name: '13. heap growth per 1,000 calls once the logs are full (worker / panel)',
        goal: '≤ 0.2 MB each',
        measured: besideBaselines(
          builds.map((subject) => `${signedMb(growth(subject, 'worker'))} / ${signedMb(growth(subject, 'panel'))}`),
          builds.map((subject) => subject.browser),
        ),
        met: worst(own) <= GROWTH_PER_1000,
      },
      {
        name: '13. panel DOM nodes with 50 results (Tools tab)',
        goal: `≤ ${DOM_NODES.toLocaleString('en')}`,
        measured: besideBaselines(
          builds.map((subject) => {
            const { domNodes, results } = reading(subject, 'more calls');
            return `${domNodes.toLocaleString('en')} (${results} results)`;
          }),
          builds.map((subject) => subject.browser),
        ),
        met: reading(own, 'more calls').domNodes <= DOM_NODES,
      },
    ],
  };
}
