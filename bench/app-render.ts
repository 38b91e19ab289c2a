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
import { latencyCells, table, type Section } from './report';
import { summarize } from './stats';

export interface AppRenderOptions {
  runs: number;
  warmup: number;
}

const TOOL = 'get-time';
const APP_HTML = 'node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/mcp-app.html';
const SERVER = 'Apps bench';

/** App documents: srcdoc frames two levels under the panel (panel → sandbox page → app), the spare sandbox's empty one among them. */
function appFrames(page: Page): Frame[] {
  return page.frames().filter((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.parentFrame() === page.mainFrame());
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
  // The sandbox makes the app's frame empty first (to start its renderer early): the app's
  // document is the one with something in it.
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
  return {
    toResult: resultAt - clickedAt,
    toDocument: painted.origin - resultAt,
    toPaint: painted.paint - resultAt,
    ownPaint: painted.paint - painted.origin,
  };
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

export async function benchAppRender(browser: BenchBrowser, options: AppRenderOptions): Promise<Section> {
  const server = await startExampleAppServer('basic-vanillajs');
  try {
    const servers: SavedServer[] = [{ id: 'apps', url: server.url, name: SERVER, enabled: true }];
    await browser.saveServers(servers);
    await browser.stopWorker();
    const page = await browser.openPanel();
    await waitForState(page, { connected: 1 });
    await page.getByRole('tab', { name: /^Tools/ }).click();
    const toResult: number[] = [];
    const toPaint: number[] = [];
    const toDocument: number[] = [];
    const ownPaint: number[] = [];
    for (let run = 0; run < options.warmup + options.runs; run += 1) {
      const times = await oneRun(page);
      if (run < options.warmup) continue;
      toResult.push(times.toResult);
      toPaint.push(times.toPaint);
      toDocument.push(times.toDocument);
      ownPaint.push(times.ownPaint);
    }
    await page.close();
    const alone = await paintAlone(browser, options.runs);
    const paint = summarize(toPaint);
    return {
      title: '11. MCP Apps: tool result → the app painted',
      markdown: [
        `The official \`@modelcontextprotocol/server-basic-vanillajs\` app (218 KB of HTML, its scripts inline) in the panel, ${options.runs} runs after ${options.warmup} warm-up, the results cleared before each. ` +
          "\"Result → app painted\" runs from the result card showing done to the app document's first contentful paint: `loadApp` (the panel keeps the HTML while the server's resource list is unchanged; the worker reads it once per connection), a sandbox page kept loaded ahead of the next app, the HTML handed over, then the app's own parse and scripts. " +
          'The last row is the same HTML as a plain page, for what the app costs with no host around it. MCP Inspector v2 was not driven beside it.',
        '',
        table(
          ['measure', 'p50', 'p95', 'n'],
          [
            ['click Run → result card done', ...latencyCells(summarize(toResult))],
            [
              "result card done → the app's document starts (chunk, `loadApp`, sandbox page, HTML handed over)",
              ...latencyCells(summarize(toDocument)),
            ],
            ['**result card done → app first contentful paint**', ...latencyCells(paint)],
            ["the app's document start → its first contentful paint, in the panel", ...latencyCells(summarize(ownPaint))],
            ['the same HTML as a page of its own (127.0.0.1): navigation → first contentful paint', ...latencyCells(summarize(alone))],
          ],
        ),
      ].join('\n'),
      targets: [],
    };
  } finally {
    await server.close();
  }
}
