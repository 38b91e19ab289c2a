/**
 * Bench 11: a tool result → its MCP App's first frame painted, in the panel, against the
 * official basic-vanillajs app server (npm, served as published on 127.0.0.1). Each run
 * clears the results, clicks Run get-time, and reads three clocks: the click, the result's
 * card in the panel's DOM, and the app document's first contentful paint (its own
 * `performance` entry; every frame's timeOrigin is on the same wall clock).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { startExampleAppServer } from '../tests/fixtures/app-servers';
import { type BenchBrowser, waitForState } from './browser';
import { INSPECTOR_VERSION, openInspector, startInspectorIfAble } from './inspector';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { ms, summarize } from './stats';

export interface AppRenderOptions {
  runs: number;
  warmup: number;
}

const TOOL = 'get-time';
const APP_HTML = 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html';
const SERVER = 'Apps bench';
/** How the Inspector lists the app: its tool's title. */
const TITLE = 'Get Time';
const PAGE_RUNS = 10;

/** App documents: srcdoc frames two levels under the panel (panel → sandbox page → app), the spare sandbox's empty one among them. */
function appFrames(page: Page): Frame[] {
  return page.frames().filter((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.parentFrame() === page.mainFrame());
}

/**
 * The app document's first contentful paint (and when that document started), on the wall
 * clock every frame shares. Hosts put the app in a srcdoc frame inside a sandbox page; the
 * sandbox makes that frame empty first (to start its renderer early), so the app's document
 * is the one with something in it.
 */
async function firstAppPaint(page: Page): Promise<{ origin: number; paint: number }> {
  let painted: { origin: number; paint: number } | undefined;
  for (const until = Date.now() + 15_000; !painted; ) {
    if (Date.now() > until) throw new Error("The app's document never painted.");
    const found = await Promise.all(
      appFrames(page).map((frame) =>
        frame
          .evaluate(
            () =>
              new Promise<{ origin: number; paint: number } | undefined>((resolve) => {
                if (!document.body || document.body.childElementCount === 0) return resolve(undefined);
                const done = (entry: PerformanceEntry) =>
                  resolve({ origin: performance.timeOrigin, paint: performance.timeOrigin + entry.startTime });
                const entry = performance.getEntriesByName('first-contentful-paint')[0];
                if (entry) return done(entry);
                new PerformanceObserver((list, observer) => {
                  const first = list.getEntriesByName('first-contentful-paint')[0];
                  if (!first) return;
                  observer.disconnect();
                  done(first);
                }).observe({ type: 'paint', buffered: true });
              }),
          )
          .catch(() => undefined),
      ),
    );
    painted = found.find((times) => times !== undefined);
    if (!painted) await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return painted;
}

async function oneRun(page: Page): Promise<{ toResult: number; toDocument: number; toPaint: number; ownPaint: number }> {
  const results = page.getByRole('region', { name: 'Results' });
  if ((await results.count()) > 0) await results.getByRole('button', { name: 'Clear' }).click();
  await page.waitForFunction(() => !document.querySelector('iframe[title^="App of"]'));
  const clickedAt = await page.evaluate(
    ({ tool }) =>
      new Promise<number>((resolve) => {
        const button = [...document.querySelectorAll('button')].find(
          (element) => element.textContent === `Run ${tool}` || element.getAttribute('aria-label') === `Run ${tool}`,
        );
        if (!button) throw new Error(`No Run ${tool} button.`);
        const at = performance.timeOrigin + performance.now();
        button.click();
        resolve(at);
      }),
    { tool: TOOL },
  );
  const resultAt = await page.evaluate(
    ({ tool }) =>
      new Promise<number>((resolve) => {
        const done = () => document.querySelector(`[aria-label="Result of ${tool}"] .status`)?.textContent?.startsWith('done');
        if (done()) return resolve(performance.timeOrigin + performance.now());
        new MutationObserver((_, observer) => {
          if (!done()) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    { tool: TOOL },
  );
  const painted = await firstAppPaint(page);
  return {
    toResult: resultAt - clickedAt,
    toDocument: painted.origin - resultAt,
    toPaint: painted.paint - resultAt,
    ownPaint: painted.paint - painted.origin,
  };
}

/**
 * In MCP Inspector v2's Apps tab: closes the app shown, then clicks the app in its list, which
 * calls the tool and reads the app's resource, and times the click to the app's first paint.
 */
async function inspectorRun(page: Page): Promise<number> {
  const close = page.locator('main button[aria-label="Close"]');
  if ((await close.count()) > 0) await close.first().click();
  for (const until = Date.now() + 10_000; appFrames(page).length > 0; ) {
    if (Date.now() > until) throw new Error("The Inspector's app did not close.");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const clickedAt = await page.evaluate((title) => {
    const button = [...document.querySelectorAll<HTMLElement>('main button')].find((element) => element.textContent?.trim().startsWith(title));
    if (!button) throw new Error(`The Inspector lists no app ${title}.`);
    const at = performance.timeOrigin + performance.now();
    button.click();
    return at;
  }, TITLE);
  return (await firstAppPaint(page)).paint - clickedAt;
}

/** The app's HTML served as a plain page: what its first paint costs with no host around it. */
async function paintAlone(browser: BenchBrowser, runs: number): Promise<number[]> {
  const html = readFileSync(APP_HTML, 'utf8');
  const server = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const page = await browser.context.newPage();
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      await page.goto(url);
      times.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              new PerformanceObserver((list, observer) => {
                const first = list.getEntriesByName('first-contentful-paint')[0];
                if (!first) return;
                observer.disconnect();
                resolve(first.startTime);
              }).observe({ type: 'paint', buffered: true }),
            ),
        ),
      );
    }
  } finally {
    await page.close();
    server.closeAllConnections();
    server.close();
  }
  return times;
}

interface AppTimes {
  toResult: number[];
  toPaint: number[];
  toDocument: number[];
  ownPaint: number[];
  clickToPaint: number[];
}

/**
 * `browsers`: this tree's build first, then any baseline's; each run goes through every build
 * in turn, then the Inspector (unless `inspector` is false).
 */
export async function benchAppRender(browsers: BenchBrowser[], options: AppRenderOptions & { inspector: boolean }): Promise<Section> {
  const server = await startExampleAppServer('basic-vanillajs');
  const { inspector, missing: inspectorMissing } = options.inspector
    ? await startInspectorIfAble(server.url)
    : { inspector: undefined, missing: 'left out of this run (`--skip-inspector`, or `--quick`).' };
  const own = browsers[0]!;
  try {
    const servers: SavedServer[] = [{ id: 'apps', url: server.url, name: SERVER, enabled: true }];
    const pages: Page[] = [];
    for (const browser of browsers) {
      await browser.saveServers(servers);
      await browser.stopWorker();
      const page = await browser.openPanel();
      await waitForState(page, { connected: 1 });
      await page.getByRole('tab', { name: /^Tools/ }).click();
      pages.push(page);
    }
    // A fresh Inspector page every PAGE_RUNS runs: each click adds the app's whole HTML to its
    // protocol monitor, and it slows as that fills (one page for all 65 runs: 5.1 s p50).
    let inspectorPage: Page | undefined;
    const freshInspector = async (): Promise<Page | undefined> => {
      if (!inspector) return undefined;
      await inspectorPage?.close();
      inspectorPage = await openInspector(own.context, inspector);
      await inspectorPage.getByText('Apps', { exact: true }).click();
      return inspectorPage;
    };
    const measured: AppTimes[] = browsers.map(() => ({ toResult: [], toPaint: [], toDocument: [], ownPaint: [], clickToPaint: [] }));
    const inspectorClickToPaint: number[] = [];
    for (let run = 0; run < options.warmup + options.runs; run += 1) {
      for (const [b, page] of pages.entries()) {
        // Tabs of one window: only the one in front paints, and each run waits for a paint.
        await page.bringToFront();
        const times = await oneRun(page);
        if (run < options.warmup) continue;
        const into = measured[b]!;
        into.toResult.push(times.toResult);
        into.toPaint.push(times.toPaint);
        into.toDocument.push(times.toDocument);
        into.ownPaint.push(times.ownPaint);
        into.clickToPaint.push(times.toResult + times.toPaint);
      }
      const theirPage = run % PAGE_RUNS === 0 ? await freshInspector() : inspectorPage;
      await theirPage?.bringToFront();
      const theirs = theirPage && (await inspectorRun(theirPage));
      if (run >= options.warmup && theirs !== undefined) inspectorClickToPaint.push(theirs);
    }
    for (const page of pages) await page.close();
    await inspectorPage?.close();
    const alone = await paintAlone(own, options.runs);
    const ours = measured.map((times) => summarize(times.clickToPaint));
    const theirs = inspectorClickToPaint.length > 0 ? summarize(inspectorClickToPaint) : undefined;
    const rows = browsers.flatMap((browser, b) => {
      const times = measured[b]!;
      const label = (text: string) => forBuild(text, browser, browsers);
      return [
        [label('click Run → result card done'), ...latencyCells(summarize(times.toResult))],
        [
          label("result card done → the app's document starts (chunk, `loadApp`, sandbox page, HTML handed over)"),
          ...latencyCells(summarize(times.toDocument)),
        ],
        [label('**result card done → app first contentful paint**'), ...latencyCells(summarize(times.toPaint))],
        [label("the app's document start → its first contentful paint, in the panel"), ...latencyCells(summarize(times.ownPaint))],
        [label('**click Run → app first contentful paint**'), ...latencyCells(ours[b]!)],
      ];
    });
    return {
      title: '11. MCP Apps: tool result → the app painted',
      markdown: [
        `The official \`@modelcontextprotocol/server-basic-vanillajs\` app (218 KB of HTML, its scripts inline) in the panel, ${options.runs} runs after ${options.warmup} warm-up, the results cleared before each. ` +
          "\"Result → app painted\" runs from the result card showing done to the app document's first contentful paint: `loadApp` (the panel keeps the HTML while the server's resource list is unchanged; the worker reads it once per connection), a sandbox page kept loaded ahead of the next app, the HTML handed over, then the app's own parse and scripts. " +
          'The "page of its own" row serves the same HTML with no host around it, for what the app itself costs. ' +
          (theirs
            ? `MCP Inspector v2 (\`@modelcontextprotocol/inspector@${INSPECTOR_VERSION}\`, its web client in a tab of the same Chromium, runs interleaved): its Apps tab, the app closed, then clicked in the list, which calls the tool and reads the app's resource each time; timed to the app document's first contentful paint, as ours. A fresh Inspector page every ${PAGE_RUNS} runs: its protocol monitor keeps each read's whole HTML and it slows as that fills.`
            : `MCP Inspector v2 was not measured: ${inspectorMissing}`),
        '',
        table(
          ['measure', 'p50', 'p95', 'n'],
          [
            ...rows,
            ['the same HTML as a page of its own (127.0.0.1): navigation → first contentful paint', ...latencyCells(summarize(alone))],
            ...(theirs ? [['MCP Inspector v2: click the app in its Apps tab → app first contentful paint', ...latencyCells(theirs)]] : []),
          ],
        ),
      ].join('\n'),
      targets: theirs
        ? [
            {
              name: '11′. click → MCP App painted vs MCP Inspector v2 (p50; not an issue target)',
              goal: '≤ 1×',
              measured: besideBaselines(
                ours.map((summary) => `${(summary.p50 / theirs.p50).toFixed(2)}× (${ms(summary.p50)} vs ${ms(theirs.p50)})`),
                browsers,
              ),
              met: ours[0]!.p50 <= theirs.p50,
            },
          ]
        : [],
    };
  } finally {
    await inspector?.close();
    await server.close();
  }
}
