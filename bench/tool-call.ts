/**
 * Bench 1: a small `tools/call` round trip (`echo`), four ways against one server:
 * (a) the extension — the panel posts `call-tool` on its port and waits for the message
 *     (a state patch) in which that call is done, timed in the page;
 * (b) the raw SDK v2 client in Node; (c) raw `fetch` in Node; (d) raw `fetch` in the
 *     extension page; (e) the raw SDK v2 client in an extension page (bench/sdk-page). The
 *     same server process serves all five, in interleaved rounds, with a port-only round
 *     trip beside them; the worker reports its own fetch times after. (f) times a click on
 *     **Run echo** to the result in the panel's DOM, and (g) the same click in MCP Inspector v2.
 */
import type { Page } from 'playwright-core';
import type { WorkerMessage } from '../lib/port/messages';
import { addServer, evaluateInWorker, type BenchBrowser } from './browser';
import { INSPECTOR_VERSION, inspectorClicks, openInspector, prepareEcho, startInspectorIfAble } from './inspector';
import type { ProbeWindow } from './probe';
import { drawsResults, FLOOR_LABEL, FLOOR_SERVER, openFloorPanel } from './floor';
import { rawEchoCalls, rawInitialize, type RawSession } from './raw-mcp';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { connectSdkClient, sdkEchoCalls } from './sdk-client';
import type { SdkPageWindow } from './sdk-page/main';
import { bytes, interleave, ms, ratio, summarize } from './stats';

export interface ToolCallOptions {
  calls: number;
  warmup: number;
  rounds: number;
}

/** The panel's side of one call: post, wait for `done`; also how long the panel then took to handle that message. */
export async function extensionCalls(
  page: Page,
  serverId: string,
  texts: string[],
): Promise<{ roundTrips: number[]; handling: number[]; messages: number; doneBytes: number[]; stateBytes: number; parts: Record<string, number> }> {
  return page.evaluate(
    async ({ serverId, texts }) => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const port = probe.port;
      if (!port) throw new Error('The panel has no port to the worker.');
      const roundTrips: number[] = [];
      const handling: number[] = [];
      const doneBytes: number[] = [];
      let messages = 0;
      const doneMessages = new Set<WorkerMessage>();
      const onHandled = (message: WorkerMessage, at: number, handledAt: number) => {
        if (doneMessages.delete(message)) handling.push(handledAt - at);
      };
      const onMessage = (message: WorkerMessage) => void (message.type === 'patch' && (messages += 1));
      probe.after.add(onHandled);
      probe.before.add(onMessage);
      try {
        for (const text of texts) {
          const finished = probe.state(
            (state) => state.activities.some((activity) => activity.kind === 'tool' && activity.args.text === text && activity.status !== 'running'),
            10_000,
            `the call echo(${text})`,
          );
          const started = performance.now();
          port.postMessage({ type: 'command', command: 'callTool', args: [serverId, 'echo', { text }] });
          const { state, message, at } = await finished;
          roundTrips.push(at - started);
          doneMessages.add(message);
          doneBytes.push(JSON.stringify(message).length);
          const activity = state.activities.find((item) => item.kind === 'tool' && item.args.text === text);
          if (activity?.status !== 'done') throw new Error(`echo(${text}) ended ${activity?.status}: ${activity?.error ?? ''}`);
        }
        // Let the last message's handling be measured.
        await new Promise((resolve) => setTimeout(resolve, 50));
      } finally {
        probe.after.delete(onHandled);
        probe.before.delete(onMessage);
      }
      const state = (probe.latest?.state ?? {}) as unknown as Record<string, unknown>;
      const parts = Object.fromEntries(Object.entries(state).map(([key, value]) => [key, JSON.stringify(value).length]));
      return { roundTrips, handling, messages, doneBytes, stateBytes: JSON.stringify(state).length, parts };
    },
    { serverId, texts },
  );
}

/** The panel's side of a message that needs no MCP (`export-servers`): port → worker → its reply back. */
async function portRoundTrips(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const durations: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const next = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No reply to export-servers')), 10_000);
        const onMessage = (message: { type: string }, at: number) => {
          if (message.type !== 'exported') return;
          probe.before.delete(onMessage);
          clearTimeout(timer);
          resolve(at);
        };
        probe.before.add(onMessage);
      });
      const started = performance.now();
      probe.port!.postMessage({ type: 'command', command: 'exportServers', args: ['mcpServers'] });
      durations.push((await next) - started);
    }
    return durations;
  }, count);
}

const WORKER_FETCHES = `performance.getEntriesByType('resource')
  .filter((entry) => entry.initiatorType === 'fetch' && entry.name.startsWith(SERVER))
  .map((entry) => entry.duration)`;

/** The raw SDK's own page in the bench build (bench/sdk-page), connected to `serverUrl`. */
async function openSdkPage(browser: BenchBrowser, serverUrl: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`chrome-extension://${browser.extensionId}/bench-sdk/index.html`);
  await page.waitForFunction(() => '__benchSdk' in window);
  await page.evaluate((url) => (window as unknown as SdkPageWindow).__benchSdk.connect(url), serverUrl);
  return page;
}

/**
 * In the panel page: clicks **Run echo** `count` times, each time timing until the new
 * result, done, shows its text in the DOM — what a person waits for, beyond (a)'s port → state.
 */
async function clickToDom({ count, text }: { count: number; text: string }): Promise<number[]> {
  const tool = document.querySelector('article[aria-label="Tool echo"]')!;
  // The row's Run (its text is "Run", its name "Run echo"): on an open row it submits the form.
  const run = tool.querySelector<HTMLButtonElement>('button[aria-label="Run echo"]')!;
  // A closed tool row builds no form (issue 26): Run on it opens the row, focus in the form.
  if (!tool.querySelector('input')) run.click();
  // The tab was shown afresh, so its form is empty: type the text as a person's input event would.
  // The form's code is a chunk of its own: on a loaded machine it can come after the tab.
  let input = tool.querySelector('input');
  for (const deadline = performance.now() + 10_000; !input && performance.now() < deadline; input = tool.querySelector('input')) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!input) throw new Error('The echo tool’s form showed no field in 10 s.');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const before = document.querySelector('article[aria-label="Result of echo"]');
    const shown = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Run echo showed no new result in 10 s (call ${i})`)), 10_000);
      const observer = new MutationObserver(() => {
        const top = document.querySelector('article[aria-label="Result of echo"]');
        if (top && top !== before && top.getAttribute('aria-busy') !== 'true' && top.textContent?.includes(text)) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const start = performance.now();
    run.click();
    samples.push((await shown) - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

/** One build's side of bench 1: its panel, its server id there, and what it measured. */
interface BuildRun {
  browser: BenchBrowser;
  page: Page;
  serverId: string;
  extension: number[];
  extensionInbox: number[];
  handling: number[];
  port: number[];
  clicks: number[][];
  messagesPerCall: number[];
  doneBytes: number[];
  stateBytes: number;
  stateParts: Record<string, number>;
  workerFetch?: ReturnType<typeof summarize>;
}

/**
 * `browsers`: this tree's build first, then any baseline's; every variant's rounds are
 * interleaved with every other's. `inspector: false` leaves MCP Inspector out (a fast run).
 */
export async function benchToolCall(
  browsers: BenchBrowser[],
  serverUrl: string,
  options: ToolCallOptions & { inspector: boolean },
  floor?: BenchBrowser,
): Promise<Section> {
  const builds: BuildRun[] = [];
  for (const browser of browsers) {
    const page = await browser.openPanel();
    const serverId = await addServer(page, serverUrl, 'Bench');
    builds.push({
      browser,
      page,
      serverId,
      extension: [],
      extensionInbox: [],
      handling: [],
      port: [],
      clicks: [],
      messagesPerCall: [],
      doneBytes: [],
      stateBytes: 0,
      stateParts: {},
    });
  }
  const own = builds[0]!;
  // An experiment (bench/findings.md): what the Origin-removing rule costs each request.
  if (process.env.BENCH_NO_ORIGIN_RULE) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const removed = await evaluateInWorker<number>(
      own.browser,
      `chrome.declarativeNetRequest.getSessionRules().then(async (rules) => { await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: rules.map((rule) => rule.id) }); return rules.length; })`,
    );
    console.log(`experiment: removed ${removed} origin rules`);
  }
  // Where a person runs tools: the Tools tab renders the results list on every state. The
  // Inbox tab renders next to nothing, which shows what the panel's rendering costs.
  const showTab = (page: Page, name: 'Tools' | 'Inbox') => page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();

  const sdk = await connectSdkClient(serverUrl);
  const rawNode = await rawInitialize(serverUrl);
  // The browser's own floors (d, e) are the same Chromium for every build: measured in the first.
  const rawPage: RawSession = await own.page.evaluate(rawInitialize, serverUrl);
  const sdkPage = await openSdkPage(own.browser, serverUrl);
  const floorPage = floor && (await openFloorPanel(floor, serverUrl));
  const { inspector, missing: inspectorMissing } = options.inspector
    ? await startInspectorIfAble(serverUrl)
    : { inspector: undefined, missing: 'left out of this run (`--skip-inspector`, or `--quick`).' };

  const samples = {
    sdk: [] as number[],
    rawNode: [] as number[],
    rawPage: [] as number[],
    sdkPage: [] as number[],
    floor: [] as number[],
    floorDrawn: [] as number[],
  };
  // Clicks are kept round by round, to see whether a click slows as results pile up.
  const clicks = { inspector: [] as number[][], inspectorQuiet: [] as number[][] };
  const CLICK_TEXT = 'clicked';
  let recording = false;
  const record = (into: number[], values: number[]) => recording && into.push(...values);
  const recordRound = (into: number[][], values: number[]) => recording && into.push(values);
  const texts = (variant: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${variant}-${i}-${Math.random().toString(36).slice(2, 8)}`);

  // A fresh Inspector page each round: its protocol monitor slows every click as it fills (ours
  // is never reloaded, so (f) carries the whole run's results).
  const inspectorStep = (count: number, sidebar: boolean, into: number[][]) => async () => {
    if (!inspector) return;
    const inspectorPage = await openInspector(own.browser.context, inspector);
    try {
      await prepareEcho(inspectorPage, { text: CLICK_TEXT, sidebar });
      recordRound(into, await inspectorPage.evaluate(inspectorClicks, { count, text: CLICK_TEXT }));
    } finally {
      await inspectorPage.close();
    }
  };
  // The panel in front, painting, as a person sees it: the SDK's page and the Inspector's open
  // in the first build's browser, and a panel behind another tab skipped its paint, which
  // flattered that build's (a) and (f) by ~5 ms (bench/findings.md, stop 35).
  const inFront = (build: BuildRun, step: () => Promise<void>) => async () => {
    await build.page.bringToFront();
    await step();
  };
  const buildSteps = (build: BuildRun, count: number) =>
    [
      async () => {
        await showTab(build.page, 'Tools');
        const result = await extensionCalls(build.page, build.serverId, texts('ext', count));
        record(build.extension, result.roundTrips);
        record(build.handling, result.handling);
        record(build.messagesPerCall, [result.messages / count]);
        record(build.doneBytes, result.doneBytes);
        build.stateBytes = result.stateBytes;
        build.stateParts = result.parts;
      },
      async () => {
        await showTab(build.page, 'Inbox');
        record(build.extensionInbox, (await extensionCalls(build.page, build.serverId, texts('inbox', count))).roundTrips);
      },
      async () => void record(build.port, await portRoundTrips(build.page, count)),
      async () => {
        await showTab(build.page, 'Tools');
        recordRound(build.clicks, await build.page.evaluate(clickToDom, { count, text: CLICK_TEXT }));
      },
    ].map((step) => inFront(build, step));
  const steps = (count: number) => [
    ...builds.flatMap((build) => buildSteps(build, count)),
    async () => void record(samples.sdk, await sdkEchoCalls(sdk, texts('sdk', count))),
    async () => void record(samples.rawNode, await rawEchoCalls({ session: rawNode, texts: texts('raw', count) })),
    async () => void record(samples.rawPage, await own.page.evaluate(rawEchoCalls, { session: rawPage, texts: texts('page', count) })),
    async () =>
      void record(
        samples.sdkPage,
        await sdkPage.evaluate((texts) => (window as unknown as SdkPageWindow).__benchSdk.calls(texts), texts('sdk-page', count)),
      ),
    async () => void (floorPage && record(samples.floor, (await extensionCalls(floorPage, FLOOR_SERVER, texts('floor', count))).roundTrips)),
    async () => {
      if (!floorPage) return;
      await floorPage.bringToFront();
      await drawsResults(floorPage, true);
      try {
        record(samples.floorDrawn, (await extensionCalls(floorPage, FLOOR_SERVER, texts('floor-drawn', count))).roundTrips);
      } finally {
        await drawsResults(floorPage, false);
      }
    },
    inspectorStep(count, true, clicks.inspector),
    inspectorStep(count, false, clicks.inspectorQuiet),
  ];

  await interleave(1, steps(options.warmup));
  // Each worker's own view of each tools/call POST (Resource Timing), from here on.
  for (const build of builds) {
    await evaluateInWorker(build.browser, 'performance.clearResourceTimings(); performance.setResourceTimingBufferSize(100000)');
  }
  recording = true;
  await interleave(options.rounds, steps(Math.ceil(options.calls / options.rounds)));
  for (const build of builds) {
    build.workerFetch = summarize(await evaluateInWorker<number[]>(build.browser, WORKER_FETCHES.replace('SERVER', JSON.stringify(serverUrl))));
    await build.page.close();
  }
  await sdk.close();
  await sdkPage.close();
  await floorPage?.close();
  await inspector?.close();
  return toolCallSection(builds, {
    b: summarize(samples.sdk),
    c: summarize(samples.rawNode),
    d: summarize(samples.rawPage),
    e: summarize(samples.sdkPage),
    floor: floorPage ? { bare: summarize(samples.floor), drawn: summarize(samples.floorDrawn) } : undefined,
    inspector: inspector ? { g: clicks.inspector, gQuiet: clicks.inspectorQuiet } : undefined,
    inspectorMissing,
    options,
  });
}

type Summary = ReturnType<typeof summarize>;

/** Does a click slow as results pile up: p50 of each round's first and last 10 clicks, and of the first and last round. */
function growth(rounds: number[][]): string[] {
  const p50 = (values: number[]) => (values.length > 0 ? ms(summarize(values).p50) : '—');
  return [
    p50(rounds.flatMap((round) => round.slice(0, 10))),
    p50(rounds.flatMap((round) => round.slice(-10))),
    p50(rounds[0] ?? []),
    p50(rounds.at(-1) ?? []),
  ];
}

function toolCallSection(
  builds: BuildRun[],
  floors: {
    b: Summary;
    c: Summary;
    d: Summary;
    e: Summary;
    /**
     * bench/floor-worker: the panel's port → a worker with only the SDK client → one message back
     * (`bare`); the same, its panel drawing each result as a line of text (`drawn`).
     */
    floor?: { bare: Summary; drawn: Summary };
    inspector?: { g: number[][]; gQuiet: number[][] };
    inspectorMissing: string;
    options: ToolCallOptions;
  },
): Section {
  const { b, c, d, e, floor, options } = floors;
  const browsers = builds.map((build) => build.browser);
  const label = (text: string, build: BuildRun) => forBuild(text, build.browser, browsers);
  const measured = builds.map((build) => ({
    build,
    a: summarize(build.extension),
    aInbox: summarize(build.extensionInbox),
    f: summarize(build.clicks.flat()),
    handling: summarize(build.handling),
    port: summarize(build.port),
  }));
  const g = floors.inspector ? summarize(floors.inspector.g.flat()) : undefined;
  const gQuiet = floors.inspector ? summarize(floors.inspector.gQuiet.flat()) : undefined;
  const inspectorNote =
    g && gQuiet
      ? `(g) is \`@modelcontextprotocol/inspector@${INSPECTOR_VERSION}\`'s web client (its Node backend makes the MCP calls) in a tab of the same Chromium, ` +
        'against the same server, opened afresh each round (connect, **Tools**, `echo`, the text typed), then **Execute Tool** clicked → the result’s text in its DOM, ' +
        '**Close results**, again. It shows its protocol monitor beside the tools by default; (g′) closes it first.'
      : `MCP Inspector v2 was not measured: ${floors.inspectorMissing}`;
  const markdown = [
    `\`echo\` on the timed 2025-11-25 server (SDK v1, SSE replies) in its own Node process; ${options.warmup} warm-up calls per variant, ` +
      `then ${options.rounds} rounds of ${Math.ceil(options.calls / options.rounds)} calls per variant, order rotated each round. ` +
      'Sequential calls; browser-side times taken with `performance.now()` inside the page (the loop runs in `page.evaluate`).',
    '',
    table(
      ['variant', 'p50', 'p95', 'n'],
      [
        ...measured.map(({ build, a }) => [
          label('**(a) extension**: panel port → worker → server → the state with the call `done` (Tools tab shown)', build),
          ...latencyCells(a),
        ]),
        ...measured.map(({ build, aInbox }) => [
          label('(a′) the same with the Inbox tab shown (the panel renders almost nothing per state)', build),
          ...latencyCells(aInbox),
        ]),
        ['(b) SDK v2 `Client.callTool` in Node (auto negotiation → 2025-11-25)', ...latencyCells(b)],
        ['(c) raw `fetch` POST in Node', ...latencyCells(c)],
        ['(d) raw `fetch` POST in the extension page', ...latencyCells(d)],
        ['(e) SDK v2 `Client.callTool` in an extension page (same browser, same host permissions)', ...latencyCells(e)],
        ...(floor
          ? [
              [
                `(a₀) ${FLOOR_LABEL}: the panel's port → \`callTool\` in that worker → one message with the call done, timed as (a) is`,
                ...latencyCells(floor.bare),
              ],
              [
                `(a₀ᵖ) the same, its panel drawing each result as one line of text on top of the 50 it keeps: the least a panel that shows results paints`,
                ...latencyCells(floor.drawn),
              ],
            ]
          : []),
        ...measured.map(({ build, f }) => [
          label('(f) a person’s view of (a): click **Run echo** → the result’s text in the panel’s DOM (Tools tab)', build),
          ...latencyCells(f),
        ]),
        ...(g && gQuiet
          ? [
              ['(g) the same click in MCP Inspector v2: **Execute Tool** → the result’s text in its DOM (as it opens)', ...latencyCells(g)],
              ['(g′) the same with its protocol monitor closed', ...latencyCells(gQuiet)],
            ]
          : []),
      ],
    ),
    '',
    inspectorNote,
    '',
    'Does a click slow as results pile up? p50 of each round’s first and last 10 clicks, and of the first and last round ' +
      '(the panel keeps every result of the run; each Inspector round starts from a fresh page):',
    '',
    table(
      ['click → DOM', 'first 10 of a round', 'last 10 of a round', 'first round', 'last round'],
      [
        ...builds.map((build) => [label('(f) toolnexus', build), ...growth(build.clicks)]),
        ...(floors.inspector
          ? [
              ['(g) MCP Inspector v2', ...growth(floors.inspector.g)],
              ['(g′) MCP Inspector v2, monitor closed', ...growth(floors.inspector.gQuiet)],
            ]
          : []),
      ],
    ),
    '',
    'Where (a) goes, measured in the same run:',
    '',
    table(
      ['part of (a)', 'p50', 'p95', 'n'],
      measured.flatMap(({ build, port, handling }) => [
        [label("the worker's own `fetch` of the tools/call POST (Resource Timing in the worker)", build), ...latencyCells(build.workerFetch!)],
        [
          label('panel port → worker → a small reply back, no MCP (`export-servers`); (a) pays one such hop per message', build),
          ...latencyCells(port),
        ],
        [
          label('the panel handling the message with the call `done` (listener + the render it schedules; Tools tab)', build),
          ...latencyCells(handling),
        ],
      ]),
    ),
    '',
    table(
      ['ratio', 'p50', 'p95'],
      [
        ...measured.flatMap(({ build, a, aInbox, f }) => [
          [label('**a / e (extension vs the SDK in the same browser)**', build), ratio(a.p50, e.p50), ratio(a.p95, e.p95)],
          [label('a′ / e (extension, Inbox tab, vs the SDK in the same browser)', build), ratio(aInbox.p50, e.p50), ratio(aInbox.p95, e.p95)],
          [label('a / b (extension vs the SDK in Node)', build), ratio(a.p50, b.p50), ratio(a.p95, b.p95)],
          [label('a / d (extension vs raw fetch, same browser)', build), ratio(a.p50, d.p50), ratio(a.p95, d.p95)],
          [label('f / e (click → DOM vs the SDK in the same browser)', build), ratio(f.p50, e.p50), ratio(f.p95, e.p95)],
          ...(g && gQuiet
            ? [
                [label('f / g (click → DOM vs MCP Inspector v2 as it opens)', build), ratio(f.p50, g.p50), ratio(f.p95, g.p95)],
                [label('f / g′ (click → DOM vs MCP Inspector v2, monitor closed)', build), ratio(f.p50, gQuiet.p50), ratio(f.p95, gQuiet.p95)],
              ]
            : []),
        ]),
        ...(floor
          ? [
              [
                'a₀ / e (the floor: the SDK behind a worker and its port, vs the SDK in the page)',
                ratio(floor.bare.p50, e.p50),
                ratio(floor.bare.p95, e.p95),
              ],
              ['a₀ᵖ / e (that floor with a panel that draws each result)', ratio(floor.drawn.p50, e.p50), ratio(floor.drawn.p95, e.p95)],
            ]
          : []),
        ['b / c (SDK vs raw fetch, Node)', ratio(b.p50, c.p50), ratio(b.p95, c.p95)],
        ['e / d (SDK vs raw fetch, same browser)', ratio(e.p50, d.p50), ratio(e.p95, d.p95)],
        ['d / c (browser fetch vs Node fetch)', ratio(d.p50, c.p50), ratio(d.p95, c.p95)],
      ],
    ),
    '',
    ...builds.map(
      (build) =>
        `${builds.length > 1 ? `*${build.browser.label}*: ` : ''}each call made the worker send ${(build.messagesPerCall.reduce((sum, n) => sum + n, 0) / Math.max(1, build.messagesPerCall.length)).toFixed(2)} \`patch\` messages ` +
        `(running, done; one when both fall in one task); the one with the call done was ${bytes(summarize(build.doneBytes).p50)} of JSON (p50). ` +
        `The whole state, which a panel gets when its port opens, was ${(build.stateBytes / 1024).toFixed(1)} KB at the end: ` +
        Object.entries(build.stateParts)
          .sort((x, y) => y[1] - x[1])
          .map(([key, size]) => `${key} ${(size / 1024).toFixed(1)} KB`)
          .join(', ') +
        '.',
    ),
  ].join('\n');
  return {
    title: '1. tools/call round trip',
    markdown,
    targets: [
      ...(floor
        ? [
            {
              name: '1. click → result in the DOM ÷ the floor with a panel that draws each result (f / a₀ᵖ, p50)',
              goal: '≤ 1.3×',
              measured: `${besideBaselines(
                measured.map(
                  ({ f }) => `${ratio(f.p50, floor.drawn.p50)} (${ms(f.p50)} vs ${ms(floor.drawn.p50)}; p95 ${ratio(f.p95, floor.drawn.p95)})`,
                ),
                browsers,
              )}; a₀ᵖ is ${ratio(floor.drawn.p50, e.p50)} the SDK in the page (${ms(e.p50)})`,
              met: measured[0]!.f.p50 <= 1.3 * floor.drawn.p50,
            },
          ]
        : []),
      {
        name: '1. tools/call through the extension ÷ the SDK in the same page (a/e, p50)',
        information: true,
        goal: '≤ 1.25×',
        measured:
          besideBaselines(
            measured.map(({ a }) => `${ratio(a.p50, e.p50)} (${ms(a.p50)} vs ${ms(e.p50)})`),
            browsers,
          ) +
          (floor
            ? `; the floor, the SDK behind a worker and its port (a₀): ${ratio(floor.bare.p50, e.p50)} (${ms(floor.bare.p50)}); ` +
              `with a panel that draws each result (a₀ᵖ): ${ratio(floor.drawn.p50, e.p50)} (${ms(floor.drawn.p50)})`
            : ''),
        met: measured[0]!.a.p50 <= 1.25 * e.p50,
      },
      ...(g && gQuiet
        ? [
            {
              name: '1″. click → result in the DOM vs MCP Inspector v2 (issue 15, p50)',
              goal: '≤ 0.10',
              measured: besideBaselines(
                measured.map(
                  ({ f }) =>
                    `${(f.p50 / g.p50).toFixed(2)} as it opens (${ms(f.p50)} vs ${ms(g.p50)}); ${(f.p50 / gQuiet.p50).toFixed(2)} with its monitor closed (${ms(gQuiet.p50)})`,
                ),
                browsers,
              ),
              met: measured[0]!.f.p50 <= 0.1 * g.p50,
            },
          ]
        : []),
    ],
  };
}
