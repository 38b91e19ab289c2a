/**
 * Bench 4: 20 servers × 10 pending Requests. Twenty 2026-07-28 servers (one port each) are
 * saved to storage and loaded by a restarted worker; the panel then runs `deploy` 10 times on
 * each, and all 200 forms wait in the inbox. Measured: how long the panel takes to render the
 * state that carries all 200 (message arrival → DOM → next frame), how long it takes to
 * re-render them on any later change, and the worker's JS heap (CDP `Runtime.getHeapUsage`).
 * Also: how many Requests one 2025-11-25 server can have pending in the browser at once.
 */
import type { Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { addServer, pageHeap, waitForState, workerHeap, type BenchBrowser } from './browser';
import type { ProbeWindow } from './probe';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { bytes, ms, summarize } from './stats';

export interface ScaleOptions {
  perServer: number;
  /** Fresh panels opened onto the full inbox. */
  opens: number;
  /** State changes re-rendered with the full inbox. */
  rerenders: number;
}

interface BurstTimes {
  /** First call-tool posted → the frame after all cards were in the DOM. */
  burst: number;
  /** The message that brought the last Request → all cards in the DOM. */
  arrivalToDom: number;
  /** … → the frame after. */
  arrivalToPainted: number;
  /** That message's size (JSON). */
  lastBytes: number;
  /** The whole state then (what a panel opening gets). */
  stateBytes: number;
  statesReceived: number;
}

/** Runs in the page: asks `perServer` forms of every server at once; times the render of the full inbox (every Request counted in its group). */
export function burst(page: Page, serverIds: string[], perServer: number): Promise<BurstTimes> {
  return page.evaluate(
    async ({ serverIds, perServer }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const port = probe.port!;
      const total = serverIds.length * perServer;
      let arrival: number | undefined;
      let lastBytes = 0;
      let stateBytes = 0;
      let statesReceived = 0;
      const onMessage = (message: { type: string }, at: number) => {
        if (message.type !== 'state' && message.type !== 'patch') return;
        statesReceived += 1;
        if (arrival === undefined && probe.latest?.state.inbox.length === total) {
          arrival = at;
          lastBytes = JSON.stringify(message).length;
          stateBytes = JSON.stringify({ type: 'state', state: probe.latest.state }).length;
        }
      };
      probe.before.add(onMessage);
      try {
        const rendered = new Promise<{ domAt: number; paintedAt: Promise<number> }>((resolve, reject) => {
          // Every Request counted in its server's group (a panel that draws only the cards on
          // screen still counts them all there).
          const counted = () =>
            [...document.querySelectorAll('section.group h2 .count')].reduce((sum, count) => sum + Number(count.textContent ?? 0), 0);
          const observer = new MutationObserver(() => {
            if (arrival === undefined || counted() !== total) return;
            observer.disconnect();
            clearTimeout(timer);
            resolve({ domAt: performance.now(), paintedAt: probe.nextFrame() });
          });
          observer.observe(document.body, { childList: true, subtree: true });
          const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error(`${total} Requests never all rendered`));
          }, 120_000);
        });
        const started = performance.now();
        serverIds.forEach((serverId, s) => {
          for (let k = 0; k < perServer; k += 1)
            port.postMessage({ type: 'command', command: 'callTool', args: [serverId, 'deploy', { service: `s${s}-${k}` }] });
        });
        const { domAt, paintedAt } = await rendered;
        const painted = await paintedAt;
        return {
          burst: painted - started,
          arrivalToDom: domAt - arrival!,
          arrivalToPainted: painted - arrival!,
          lastBytes,
          stateBytes,
          statesReceived,
        };
      } finally {
        probe.before.delete(onMessage);
      }
    },
    { serverIds, perServer },
  );
}

/**
 * A fresh panel whose first state already holds every Request: arrival → handled (DOM) → next
 * frame. The page is closed, or handed back open with `keep`.
 */
export interface OpenTimes {
  handled: number;
  painted: number;
  /** Request cards in the DOM after the first render. */
  cards: number;
}

export async function openWithPending(browser: BenchBrowser, total: number): Promise<OpenTimes>;
export async function openWithPending(browser: BenchBrowser, total: number, keep: true): Promise<{ page: Page; times: OpenTimes }>;
export async function openWithPending(browser: BenchBrowser, total: number, keep = false) {
  const page = await browser.openPanel();
  try {
    const times = await page.evaluate(async (total) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      for (const deadline = performance.now() + 30_000; probe.firstStatePaintedAt === undefined; ) {
        if (performance.now() > deadline) throw new Error('The panel never painted its first state.');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      if (probe.latest?.state.inbox.length !== total)
        throw new Error(`The first state held ${probe.latest?.state.inbox.length} Requests, not ${total}.`);
      if (!probe.firstStateCards) throw new Error('The first render showed no Request.');
      return {
        handled: probe.firstStateHandledAt! - probe.firstStateAt!,
        painted: probe.firstStatePaintedAt - probe.firstStateAt!,
        cards: probe.firstStateCards,
      };
    }, total);
    return keep ? { page, times } : times;
  } finally {
    if (!keep) await page.close();
  }
}

/**
 * Runs in the page: one state change that leaves the inbox as it is (an `echo` call on
 * `serverId` ends); the message with the call done arrives → next frame.
 */
export function rerender(page: Page, serverId: string, text: string): Promise<number> {
  return page.evaluate(
    async ({ serverId, text }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const { at } = await new Promise<{ at: number }>((resolve, reject) => {
        const done = probe.state(
          (state) => state.activities.some((activity) => activity.kind === 'tool' && activity.args.text === text && activity.status !== 'running'),
          30_000,
          `echo(${text})`,
        );
        probe.port!.postMessage({ type: 'command', command: 'callTool', args: [serverId, 'echo', { text }] });
        done.then(resolve, reject);
      });
      // The frame after the panel handled this message (its render is a microtask of the handler).
      return new Promise<number>((resolve) => setTimeout(() => void probe.nextFrame().then((painted) => resolve(painted - at)), 0));
    },
    { serverId, text },
  );
}

/** Answers every pending Request `cancel` until `calls` tool calls have ended (bounded). */
export function cancelAll(page: Page, calls: number): Promise<void> {
  return page.evaluate(async (calls) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const answered = new Set<string>();
    const deadline = performance.now() + 60_000;
    for (;;) {
      const state = probe.latest?.state;
      if (state) {
        for (const request of state.inbox) {
          if (answered.has(request.id)) continue;
          answered.add(request.id);
          probe.port!.postMessage({ type: 'command', command: 'answer', args: [{ id: request.id, ok: false, reason: 'cancelled' }] });
        }
        const running = state.activities.filter((activity) => activity.status === 'running').length;
        if (state.inbox.length === 0 && running === 0 && answered.size >= calls) return;
      }
      if (performance.now() > deadline) throw new Error(`Requests still pending after 60 s (${answered.size} of ${calls} answered)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }, calls);
}

interface ConcurrencyProbe {
  asked: number;
  /** Most Requests of the server pending together. */
  pending: number;
  /** Calls that ended within 4 s of declining every pending Request. */
  finished: number;
}

/**
 * Asks `asked` forms of one 2025-11-25 server at once, declines whatever becomes pending, and
 * counts the calls that then end. Then removes the server; after a stall that needs the worker
 * stopped first (its session DELETE would queue behind the stuck connections too).
 */
async function legacyConcurrency(browser: BenchBrowser, page: Page, url: string, asked: number): Promise<ConcurrencyProbe> {
  const serverId = await addServer(page, url, 'Legacy');
  const href = new URL(url).href;
  const result = await page.evaluate(
    async ({ serverId, asked }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const mine = () => probe.latest!.state.inbox.filter((request) => request.serverId === serverId);
      const ended = () => probe.latest!.state.activities.filter((activity) => activity.serverId === serverId && activity.status !== 'running').length;
      for (let n = 0; n < asked; n += 1)
        probe.port!.postMessage({ type: 'command', command: 'callTool', args: [serverId, 'ask_form', { n: 100_000 + n }] });
      let pending = 0;
      for (const until = performance.now() + 3_000; performance.now() < until && pending < asked; await sleep(20))
        pending = Math.max(pending, mine().length);
      await sleep(300);
      pending = Math.max(pending, mine().length);
      for (const request of mine())
        probe.port!.postMessage({ type: 'command', command: 'answer', args: [{ id: request.id, ok: false, reason: 'declined' }] });
      let finished = 0;
      for (const until = performance.now() + 4_000; performance.now() < until && finished < pending; await sleep(20)) finished = ended();
      return { asked, pending, finished };
    },
    { serverId, asked },
  );
  if (result.finished < result.pending) {
    await browser.stopWorker();
    // The panel reconnects by itself, which starts a fresh worker that loads the saved servers.
    await waitForState(page, { connectedUrl: href }, 30_000);
  }
  await page.evaluate(
    (serverId) => (window as unknown as ProbeWindow).__probe.port!.postMessage({ type: 'command', command: 'removeServer', args: [serverId] }),
    serverId,
  );
  await waitForState(page, { absentUrl: href }, 30_000);
  return result;
}

/** One build's 200 pending Requests: its panel, and what it measured. */
interface ScaleRun {
  browser: BenchBrowser;
  page: Page;
  servers: SavedServer[];
  idleHeap: number;
  idlePanelHeap: number;
  burst?: BurstTimes;
  heapUsed: number;
  heapRetained: number;
  panelHeap: number;
  rerenders: number[];
  opens: OpenTimes[];
}

/** `browsers`: this tree's build first, then any baseline's; their re-renders and opens alternate. */
export async function benchScale(browsers: BenchBrowser[], modernUrls: string[], legacyUrl: string, options: ScaleOptions): Promise<Section> {
  const servers: SavedServer[] = modernUrls.map((url, i) => ({ id: `scale-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
  const total = servers.length * options.perServer;
  const runs: ScaleRun[] = [];
  for (const browser of browsers) {
    await browser.saveServers(servers);
    await browser.stopWorker();
    const page = await browser.openPanel();
    await waitForState(page, { connected: servers.length }, 30_000);
    runs.push({
      browser,
      page,
      servers,
      idleHeap: await workerHeap(browser, true),
      idlePanelHeap: await pageHeap(page, true),
      heapUsed: 0,
      heapRetained: 0,
      panelHeap: 0,
      rerenders: [],
      opens: [],
    });
  }
  for (const run of runs) {
    run.burst = await burst(
      run.page,
      servers.map((server) => server.id),
      options.perServer,
    );
    await waitForState(run.page, { inbox: total });
    run.heapUsed = await workerHeap(run.browser, false);
    run.heapRetained = await workerHeap(run.browser, true);
    run.panelHeap = await pageHeap(run.page, true);
  }
  for (let i = 0; i < options.rerenders; i += 1) {
    for (const run of runs) run.rerenders.push(await rerender(run.page, servers[i % servers.length]!.id, `rerender-${i}`));
  }
  for (let i = 0; i < options.opens; i += 1) {
    for (const run of runs) run.opens.push(await openWithPending(run.browser, total));
  }
  for (const run of runs) await cancelAll(run.page, total);

  const own = runs[0]!;
  const legacy: ConcurrencyProbe[] = [];
  for (const asked of [4, 5, options.perServer]) legacy.push(await legacyConcurrency(own.browser, own.page, legacyUrl, asked));
  for (const run of runs) await run.page.close();

  const label = (text: string, run: ScaleRun) => forBuild(text, run.browser, browsers);
  const row = (text: string, values: number[]) => [text, ...latencyCells(summarize(values))];
  const markdown = [
    `${servers.length} servers (2026-07-28 fixture, one port each; \`deploy\` asks a 4-field form through \`input_required\`), ` +
      `${options.perServer} calls on each posted at once from the panel: ${total} pending Requests in the Inbox tab.`,
    '',
    table(
      ['panel render with all Requests pending', 'p50', 'p95', 'n'],
      runs.flatMap((run) => [
        row(
          label('**a panel opens onto them: first `state` arrives → next frame**', run),
          run.opens.map((open) => open.painted),
        ),
        row(
          label(`… first \`state\` arrives → the first render done (its cards in the DOM: ${run.opens[0]?.cards ?? '—'})`, run),
          run.opens.map((open) => open.handled),
        ),
        row(label('any later state change (a call on one server ends) arrives → next frame', run), run.rerenders),
      ]),
    ),
    '',
    table(
      ['measure', ...runs.map((run) => (browsers.length > 1 ? `${total} pending — *${run.browser.label}*` : `${total} pending`))],
      [
        [`the burst: first of ${total} calls posted → all ${total} counted in the Inbox, painted`, ...runs.map((run) => ms(run.burst!.burst))],
        ['… the state with the last Request arrived → next frame', ...runs.map((run) => ms(run.burst!.arrivalToPainted))],
        ['`state` and `patch` messages the panel handled during the burst', ...runs.map((run) => String(run.burst!.statesReceived))],
        ['size of the message that brought the last Request (JSON)', ...runs.map((run) => bytes(run.burst!.lastBytes))],
        ['size of the whole state with all Requests (JSON; sent when a panel opens)', ...runs.map((run) => bytes(run.burst!.stateBytes))],
        ['**worker JS heap, used** (as found after the burst)', ...runs.map((run) => bytes(run.heapUsed))],
        ['worker JS heap after a full GC', ...runs.map((run) => bytes(run.heapRetained))],
        ['worker JS heap after a full GC, servers connected, nothing pending', ...runs.map((run) => bytes(run.idleHeap))],
        ['panel JS heap after a full GC', ...runs.map((run) => `${bytes(run.panelHeap)} (nothing pending: ${bytes(run.idlePanelHeap)})`)],
      ],
    ),
    '',
    `**One 2025-11-25 server (HTTP/1.1): forms asked at once, then every pending one declined${browsers.length > 1 ? ` (${own.browser.label})` : ''}:**`,
    '',
    table(
      ['asked at once', 'pending together (most)', 'calls ended ≤ 4 s after the declines'],
      legacy.map((probe) => [
        String(probe.asked),
        String(probe.pending),
        `${probe.finished} of ${probe.pending}${probe.finished < probe.pending ? ' — **stalled**' : ''}`,
      ]),
    ),
    '',
    "A 2025-11-25 elicitation rides on the tool call's open SSE response, so each pending Request holds an HTTP/1.1 connection; " +
      "Chromium allows 6 per origin (host:port) and the session's standalone GET stream holds one. Without a limit, 5 pending " +
      "Requests left the answers' POSTs no connection and nothing moved until the calls timed out; lib/mcp/connectionLimit.ts " +
      'keeps at most 4 calls open per origin and queues the rest, so the table reads 4 pending at most, every call ending. A ' +
      '**stalled** row would mean that guard broke (the bench then stops the worker to clear it).',
  ].join('\n');
  const opens = runs.map((run) => summarize(run.opens.map((open) => open.painted)));
  const redraws = runs.map((run) => summarize(run.rerenders));
  return {
    title: `4. Scale: ${servers.length} servers × ${options.perServer} pending Requests`,
    markdown,
    targets: [
      {
        name: `4. panel render, ${total} pending (p50)`,
        goal: '≤ 50 ms',
        measured: besideBaselines(
          runs.map((_, b) => `${ms(opens[b]!.p50)} (re-render ${ms(redraws[b]!.p50)})`),
          browsers,
        ),
        met: opens[0]!.p50 <= 50,
      },
      {
        name: `4. worker heap, ${total} pending`,
        goal: '≤ 40 MB',
        measured: besideBaselines(
          runs.map((run) => bytes(run.heapUsed)),
          browsers,
        ),
        met: own.heapUsed <= 40 * 1024 * 1024,
      },
    ],
  };
}
