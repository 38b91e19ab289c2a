/**
 * Bench 5: worker cold start. With N servers saved (2025-11-25 timed servers, one port
 * each), the worker is stopped (CDP), then a panel opens: its `runtime.connect` wakes the
 * worker, which loads storage and reconnects every server. Timed in the page from that
 * `connect` call to the first `state` in which all N are connected. Baselines, interleaved:
 * the SDK v2 client in Node doing the same work (connect with the era known + lists, all N at once), and one raw
 * `initialize` round trip (the server's own latency).
 */
import type { SavedServer } from '../lib/hub';
import { evaluateInWorker, type BenchBrowser } from './browser';
import type { ProbeWindow } from './probe';
import { rawInitialize } from './raw-mcp';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { connectAndList } from './sdk-client';
import { interleave, ms, ratio, summarize } from './stats';

export interface WorkerStartOptions {
  reps: number;
  sizes: number[];
}

/** Issue 24's targets: panel connect → all connected, p50. */
const TARGET_MS: Record<number, number> = { 3: 120, 20: 300 };

interface StartTimes {
  /** connect → the worker's global scope existed (its `performance.timeOrigin`). */
  workerUp: number;
  /** connect → the first `state` reached the panel (script evaluated, port served). */
  firstState: number;
  /** connect → every server connected. */
  allConnected: number;
}

async function coldStart(browser: BenchBrowser, servers: SavedServer[]): Promise<StartTimes> {
  for (const page of browser.context.pages()) if (page.url().startsWith(browser.panelUrl)) await page.close();
  await browser.saveServers(servers);
  await browser.stopWorker();
  const page = await browser.openPanel();
  try {
    const times = await page.evaluate(async (count) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const { at } = await probe.state(
        (state) => state.servers.length === count && state.servers.every((server) => server.status === 'connected'),
        30_000,
        `${count} servers connected`,
      );
      return { connectAt: probe.connectAt!, firstStateAt: probe.firstStateAt!, allAt: at, pageOrigin: performance.timeOrigin };
    }, servers.length);
    const workerOrigin = await evaluateInWorker<number>(browser, 'performance.timeOrigin');
    return {
      workerUp: workerOrigin - (times.pageOrigin + times.connectAt),
      firstState: times.firstStateAt - times.connectAt,
      allConnected: times.allAt - times.connectAt,
    };
  } finally {
    await page.close();
  }
}

/**
 * `browsers`: this tree's build first, then any baseline's; `floor`: bench/floor-worker's
 * extension (the SDK client alone in a worker), the floor under the target. Their starts are
 * interleaved.
 */
export async function benchWorkerStart(
  browsers: BenchBrowser[],
  urls: string[],
  options: WorkerStartOptions,
  floor?: BenchBrowser,
): Promise<Section> {
  const measured = floor ? [...browsers, floor] : browsers;
  const extension = measured.map(() => new Map<number, StartTimes[]>(options.sizes.map((size) => [size, []])));
  const node = new Map<number, number[]>(options.sizes.map((size) => [size, []]));
  const initialize: number[] = [];
  const saved = (size: number): SavedServer[] =>
    urls.slice(0, size).map((url, i) => ({ id: `start-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
  for (const size of options.sizes) {
    if (urls.length < size) throw new Error(`Only ${urls.length} servers for a cold start with ${size}.`);
  }

  const steps = options.sizes.flatMap((size) => [
    ...measured.map((browser, b) => async () => void extension[b]!.get(size)!.push(await coldStart(browser, saved(size)))),
    async () => {
      const started = performance.now();
      // Told the era, as the worker is by what it remembers: the same requests on both sides.
      const clients = await Promise.all(urls.slice(0, size).map((url) => connectAndList(url, { prior: { kind: 'legacy' } })));
      node.get(size)!.push(performance.now() - started);
      await Promise.all(clients.map((client) => client.close()));
    },
  ]);
  steps.push(async () => {
    for (const url of urls.slice(0, 5)) initialize.push((await rawInitialize(url)).initializeMs);
  });
  // One unrecorded round first: the first start after launch also compiles the worker's script.
  await interleave(1, steps);
  for (const size of options.sizes) {
    for (const runs of extension) runs.get(size)!.length = 0;
    node.get(size)!.length = 0;
  }
  initialize.length = 0;
  await interleave(options.reps, steps);

  const server = summarize(initialize);
  const column = (b: number, size: number, key: keyof StartTimes) => summarize(extension[b]!.get(size)!.map((run) => run[key]));
  const rows = options.sizes.flatMap((size) => {
    const perBuild = measured.flatMap((browser, b) => {
      const label = (text: string) => (browser === floor ? `${text} — *${floor.label}*` : forBuild(text, browser, browsers));
      return [
        [label(`**${size} servers: panel connect → all connected**`), ...latencyCells(column(b, size, 'allConnected'))],
        [label(`${size} servers: panel connect → worker global scope created`), ...latencyCells(column(b, size, 'workerUp'))],
        [label(`${size} servers: panel connect → first state (script evaluated)`), ...latencyCells(column(b, size, 'firstState'))],
      ];
    });
    return [...perBuild, [`${size} servers: SDK v2 in Node, connect (era known) + lists, all at once`, ...latencyCells(summarize(node.get(size)!))]];
  });
  const markdown = [
    `${options.reps} cold starts per size after one unrecorded round, sizes${browsers.length > 1 ? ', builds' : ''} and Node baselines interleaved. ` +
      'Each server is a 2025-11-25 timed server on its own port. The first connect to each negotiates ' +
      '(`server/discover`, answered 400, then `initialize`); the worker remembers the era (lib/mcp/eras.ts), so ' +
      'from the unrecorded round on a connect is `initialize` → `notifications/initialized` → GET stream → `tools/list`.' +
      (floor
        ? ' The floor is an extension whose worker holds only the SDK v2 client (bench/floor-worker): it reads the saved servers, ' +
          'posts its first message, then connects and lists each as the Node baseline does; its "first state" is that first message.'
        : ''),
    '',
    table(['measure', 'p50', 'p95', 'n'], [...rows, ['server latency: one raw `initialize` round trip (Node fetch)', ...latencyCells(server)]]),
  ].join('\n');
  return {
    title: '5. Worker cold start → servers reconnected',
    markdown,
    targets: options.sizes.flatMap((size) => {
      const p50s = browsers.map((_, b) => column(b, size, 'allConnected').p50);
      const goal = TARGET_MS[size] ?? 300;
      const floorP50 = floor && column(measured.length - 1, size, 'allConnected').p50;
      const under = floorP50 === undefined ? '' : `; the floor, the SDK client alone in a worker: ${ms(floorP50)}`;
      const absolute = {
        name: `5. cold start to a connected panel, ${size} servers (p50)`,
        goal: `≤ ${goal} ms`,
        measured: besideBaselines(p50s.map(ms), browsers) + under,
        met: p50s[0]! <= goal,
        information: floorP50 !== undefined,
      };
      if (floorP50 === undefined) return [absolute];
      const firstStates = browsers.map((_, b) => column(b, size, 'firstState').p50);
      const floorFirst = column(measured.length - 1, size, 'firstState').p50;
      return [
        {
          name: `5. cold start to a connected panel ÷ the SDK client alone in a worker, ${size} servers (p50)`,
          goal: '≤ 1.15×',
          measured: besideBaselines(
            p50s.map((p50, b) => `${ratio(p50, floorP50)} (${ms(p50)} vs ${ms(floorP50)}; first state ${ms(firstStates[b]!)} vs ${ms(floorFirst)})`),
            browsers,
          ),
          met: p50s[0]! <= 1.15 * floorP50,
        },
        absolute,
      ];
    }),
  };
}
