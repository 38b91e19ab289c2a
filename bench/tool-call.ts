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
import { rawEchoCalls, rawInitialize, type RawSession } from './raw-mcp';
import { latencyCells, table, type Section } from './report';
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
  const run = [...tool.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Run echo')!;
  // The tab was shown afresh, so its form is empty: type the text as a person's input event would.
  const input = tool.querySelector('input')!;
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

export async function benchToolCall(browser: BenchBrowser, serverUrl: string, options: ToolCallOptions): Promise<Section> {
  const page = await browser.openPanel();
  const serverId = await addServer(page, serverUrl, 'Bench');
  // An experiment (bench/findings.md): what the Origin-removing rule costs each request.
  if (process.env.BENCH_NO_ORIGIN_RULE) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const removed = await evaluateInWorker<number>(
      browser,
      `chrome.declarativeNetRequest.getSessionRules().then(async (rules) => { await chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: rules.map((rule) => rule.id) }); return rules.length; })`,
    );
    console.log(`experiment: removed ${removed} origin rules`);
  }
  // Where a person runs tools: the Tools tab renders the results list on every state. The
  // Inbox tab renders next to nothing, which shows what the panel's rendering costs.
  const showTab = (name: 'Tools' | 'Inbox') => page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();

  const sdk = await connectSdkClient(serverUrl);
  const rawNode = await rawInitialize(serverUrl);
  const rawPage: RawSession = await page.evaluate(rawInitialize, serverUrl);
  const sdkPage = await openSdkPage(browser, serverUrl);
  const { inspector, missing: inspectorMissing } = await startInspectorIfAble(serverUrl);

  const samples = {
    extension: [] as number[],
    extensionInbox: [] as number[],
    handling: [] as number[],
    sdk: [] as number[],
    rawNode: [] as number[],
    rawPage: [] as number[],
    sdkPage: [] as number[],
    port: [] as number[],
  };
  // Clicks are kept round by round, to see whether a click slows as results pile up.
  const clicks = { ours: [] as number[][], inspector: [] as number[][], inspectorQuiet: [] as number[][] };
  const CLICK_TEXT = 'clicked';
  let stateBytes = 0;
  let stateParts: Record<string, number> = {};
  const messagesPerCall: number[] = [];
  const doneBytes: number[] = [];
  let recording = false;
  const record = (into: number[], values: number[]) => recording && into.push(...values);
  const recordRound = (into: number[][], values: number[]) => recording && into.push(values);
  const texts = (variant: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${variant}-${i}-${Math.random().toString(36).slice(2, 8)}`);

  // A fresh Inspector page each round: its protocol monitor slows every click as it fills (ours
  // is never reloaded, so (f) carries the whole run's results).
  const inspectorStep = (count: number, sidebar: boolean, into: number[][]) => async () => {
    if (!inspector) return;
    const inspectorPage = await openInspector(browser.context, inspector);
    try {
      await prepareEcho(inspectorPage, { text: CLICK_TEXT, sidebar });
      recordRound(into, await inspectorPage.evaluate(inspectorClicks, { count, text: CLICK_TEXT }));
    } finally {
      await inspectorPage.close();
    }
  };
  const steps = (count: number) => [
    async () => {
      await showTab('Tools');
      const result = await extensionCalls(page, serverId, texts('ext', count));
      record(samples.extension, result.roundTrips);
      record(samples.handling, result.handling);
      record(messagesPerCall, [result.messages / count]);
      record(doneBytes, result.doneBytes);
      stateBytes = result.stateBytes;
      stateParts = result.parts;
    },
    async () => {
      await showTab('Inbox');
      record(samples.extensionInbox, (await extensionCalls(page, serverId, texts('inbox', count))).roundTrips);
    },
    async () => void record(samples.sdk, await sdkEchoCalls(sdk, texts('sdk', count))),
    async () => void record(samples.rawNode, await rawEchoCalls({ session: rawNode, texts: texts('raw', count) })),
    async () => void record(samples.rawPage, await page.evaluate(rawEchoCalls, { session: rawPage, texts: texts('page', count) })),
    async () =>
      void record(
        samples.sdkPage,
        await sdkPage.evaluate((texts) => (window as unknown as SdkPageWindow).__benchSdk.calls(texts), texts('sdk-page', count)),
      ),
    async () => void record(samples.port, await portRoundTrips(page, count)),
    async () => {
      await showTab('Tools');
      recordRound(clicks.ours, await page.evaluate(clickToDom, { count, text: CLICK_TEXT }));
    },
    inspectorStep(count, true, clicks.inspector),
    inspectorStep(count, false, clicks.inspectorQuiet),
  ];

  await interleave(1, steps(options.warmup));
  // The worker's own view of each tools/call POST (Resource Timing), from here on.
  await evaluateInWorker(browser, 'performance.clearResourceTimings(); performance.setResourceTimingBufferSize(100000)');
  recording = true;
  await interleave(options.rounds, steps(Math.ceil(options.calls / options.rounds)));
  const workerFetch = summarize(await evaluateInWorker<number[]>(browser, WORKER_FETCHES.replace('SERVER', JSON.stringify(serverUrl))));
  await sdk.close();
  await sdkPage.close();
  await page.close();
  await inspector?.close();

  const a = summarize(samples.extension);
  const b = summarize(samples.sdk);
  const c = summarize(samples.rawNode);
  const d = summarize(samples.rawPage);
  const e = summarize(samples.sdkPage);
  const handling = summarize(samples.handling);
  const aInbox = summarize(samples.extensionInbox);
  const port = summarize(samples.port);
  const f = summarize(clicks.ours.flat());
  const g = inspector ? summarize(clicks.inspector.flat()) : undefined;
  const gQuiet = inspector ? summarize(clicks.inspectorQuiet.flat()) : undefined;
  const growth = (rounds: number[][]) => {
    const p50 = (values: number[]) => (values.length > 0 ? ms(summarize(values).p50) : '—');
    return [
      p50(rounds.flatMap((round) => round.slice(0, 10))),
      p50(rounds.flatMap((round) => round.slice(-10))),
      p50(rounds[0] ?? []),
      p50(rounds.at(-1) ?? []),
    ];
  };
  const inspectorNote = inspector
    ? `(g) is \`@modelcontextprotocol/inspector@${INSPECTOR_VERSION}\`'s web client (its Node backend makes the MCP calls) in a tab of the same Chromium, ` +
      'against the same server, opened afresh each round (connect, **Tools**, `echo`, the text typed), then **Execute Tool** clicked → the result’s text in its DOM, ' +
      '**Close results**, again. It shows its protocol monitor beside the tools by default; (g′) closes it first.'
    : `MCP Inspector v2 was not measured: ${inspectorMissing}`;
  const markdown = [
    `\`echo\` on the timed 2025-11-25 server (SDK v1, SSE replies) in its own Node process; ${options.warmup} warm-up calls per variant, ` +
      `then ${options.rounds} rounds of ${Math.ceil(options.calls / options.rounds)} calls per variant, order rotated each round. ` +
      'Sequential calls; browser-side times taken with `performance.now()` inside the page (the loop runs in `page.evaluate`).',
    '',
    table(
      ['variant', 'p50', 'p95', 'n'],
      [
        ['**(a) extension**: panel port → worker → server → the state with the call `done` (Tools tab shown)', ...latencyCells(a)],
        ['(a′) the same with the Inbox tab shown (the panel renders almost nothing per state)', ...latencyCells(aInbox)],
        ['(b) SDK v2 `Client.callTool` in Node (auto negotiation → 2025-11-25)', ...latencyCells(b)],
        ['(c) raw `fetch` POST in Node', ...latencyCells(c)],
        ['(d) raw `fetch` POST in the extension page', ...latencyCells(d)],
        ['(e) SDK v2 `Client.callTool` in an extension page (same browser, same host permissions)', ...latencyCells(e)],
        ['(f) a person’s view of (a): click **Run echo** → the result’s text in the panel’s DOM (Tools tab)', ...latencyCells(f)],
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
        ['(f) toolnexus', ...growth(clicks.ours)],
        ...(inspector
          ? [
              ['(g) MCP Inspector v2', ...growth(clicks.inspector)],
              ['(g′) MCP Inspector v2, monitor closed', ...growth(clicks.inspectorQuiet)],
            ]
          : []),
      ],
    ),
    '',
    'Where (a) goes, measured in the same run:',
    '',
    table(
      ['part of (a)', 'p50', 'p95', 'n'],
      [
        ["the worker's own `fetch` of the tools/call POST (Resource Timing in the worker)", ...latencyCells(workerFetch)],
        ['panel port → worker → a small reply back, no MCP (`export-servers`); (a) pays one such hop per message', ...latencyCells(port)],
        ['the panel handling the message with the call `done` (listener + the render it schedules; Tools tab)', ...latencyCells(handling)],
      ],
    ),
    '',
    table(
      ['ratio', 'p50', 'p95'],
      [
        ['a / b (extension vs SDK)', ratio(a.p50, b.p50), ratio(a.p95, b.p95)],
        ['b / c (SDK vs raw fetch, Node)', ratio(b.p50, c.p50), ratio(b.p95, c.p95)],
        ['a / d (extension vs raw fetch, same browser)', ratio(a.p50, d.p50), ratio(a.p95, d.p95)],
        ['a′ / b (extension, Inbox tab, vs SDK)', ratio(aInbox.p50, b.p50), ratio(aInbox.p95, b.p95)],
        ['a / e (extension vs the SDK in the same browser)', ratio(a.p50, e.p50), ratio(a.p95, e.p95)],
        ['f / e (click → DOM vs the SDK in the same browser)', ratio(f.p50, e.p50), ratio(f.p95, e.p95)],
        ...(g && gQuiet
          ? [
              ['f / g (click → DOM vs MCP Inspector v2 as it opens)', ratio(f.p50, g.p50), ratio(f.p95, g.p95)],
              ['f / g′ (click → DOM vs MCP Inspector v2, monitor closed)', ratio(f.p50, gQuiet.p50), ratio(f.p95, gQuiet.p95)],
            ]
          : []),
        ['a′ / e (extension, Inbox tab, vs the SDK in the same browser)', ratio(aInbox.p50, e.p50), ratio(aInbox.p95, e.p95)],
        ['e / d (SDK vs raw fetch, same browser)', ratio(e.p50, d.p50), ratio(e.p95, d.p95)],
        ['d / c (browser fetch vs Node fetch)', ratio(d.p50, c.p50), ratio(d.p95, c.p95)],
      ],
    ),
    '',
    `Each call made the worker send ${(messagesPerCall.reduce((sum, n) => sum + n, 0) / Math.max(1, messagesPerCall.length)).toFixed(2)} \`patch\` messages ` +
      `(running, done; one when both fall in one task); the one with the call done was ${bytes(summarize(doneBytes).p50)} of JSON (p50). ` +
      `The whole state, which a panel gets when its port opens, was ${(stateBytes / 1024).toFixed(1)} KB at the end: ` +
      Object.entries(stateParts)
        .sort((x, y) => y[1] - x[1])
        .map(([key, size]) => `${key} ${(size / 1024).toFixed(1)} KB`)
        .join(', ') +
      '.',
  ].join('\n');
  return {
    title: '1. tools/call round trip',
    markdown,
    targets: [
      {
        name: '1. tools/call p50 vs raw SDK',
        goal: '≤ 1.15×',
        measured: `${ratio(a.p50, b.p50)} (${ms(a.p50)} vs ${ms(b.p50)})`,
        met: a.p50 <= 1.15 * b.p50,
      },
      {
        name: "1′. tools/call p50 vs the SDK in the same browser (not the issue's target: the same floor under both)",
        goal: '≤ 1.15×',
        measured: `${ratio(a.p50, e.p50)} (${ms(a.p50)} vs ${ms(e.p50)})`,
        met: a.p50 <= 1.15 * e.p50,
      },
      ...(g && gQuiet
        ? [
            {
              name: '1″. click → result in the DOM vs MCP Inspector v2 (issue 15, p50)',
              goal: '≤ 0.10',
              measured: `${(f.p50 / g.p50).toFixed(2)} as it opens (${ms(f.p50)} vs ${ms(g.p50)}); ${(f.p50 / gQuiet.p50).toFixed(2)} with its monitor closed (${ms(gQuiet.p50)})`,
              met: f.p50 <= 0.1 * g.p50,
            },
          ]
        : []),
    ],
  };
}
