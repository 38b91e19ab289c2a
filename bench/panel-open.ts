/**
 * Bench 3a: the side panel's cold open — a fresh tab navigated to sidepanel.html, timed from
 * navigation start to the first render with state (the tab list in the DOM, then its frame),
 * with the worker already running and 3 servers connected.
 */
import type { SavedServer } from '../lib/hub';
import { waitForState, type BenchBrowser } from './browser';
import type { ProbeWindow } from './probe';
import { forBuild, latencyCells, table, type Section } from './report';
import { summarize } from './stats';

export interface PanelOpenOptions {
  runs: number;
}

interface OpenTimes {
  /** The panel's script ran far enough to open its port. */
  connect: number;
  firstState: number;
  firstContentfulPaint: number;
  domContentLoaded: number;
  tablist: number;
  tablistPainted: number;
  /** Time inside the catalog (`i18n.getMessage`) before the painted tab list, its first call alone, and the calls. */
  catalog: number;
  firstMessage: number;
  messages: number;
  /** The first part of the catalog asked for, and its answer in (lib/i18n/firstPart.ts). */
  firstPartAsked: number;
  firstPartIn: number;
}

async function openOnce(browser: BenchBrowser): Promise<OpenTimes> {
  const page = await browser.openPanel();
  try {
    return await page.evaluate(async () => {
      const probe = (window as unknown as ProbeWindow).__probe;
      const deadline = performance.now() + 10_000;
      while (probe.tablistFrameAt === undefined) {
        if (performance.now() > deadline) throw new Error('The panel never rendered its tab list.');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Paint timing is reported once the frame is presented, which can lag the frame itself.
      for (const until = performance.now() + 500; probe.firstContentfulPaintAt === undefined && performance.now() < until; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = probe.firstContentfulPaintAt;
      return {
        connect: probe.connectAt ?? Number.NaN,
        firstState: probe.firstStateAt ?? Number.NaN,
        firstContentfulPaint: fcp ?? Number.NaN,
        domContentLoaded: navigation?.domContentLoadedEventEnd ?? Number.NaN,
        tablist: probe.tablistAt ?? Number.NaN,
        tablistPainted: probe.tablistFrameAt,
        catalog: probe.catalog.ms,
        firstMessage: probe.catalog.firstMs ?? Number.NaN,
        messages: probe.catalog.calls,
        firstPartAsked: probe.firstPart?.askedAt ?? Number.NaN,
        firstPartIn: probe.firstPart?.inAt ?? Number.NaN,
      };
    });
  } finally {
    await page.close();
  }
}

/** `browsers`: this tree's build first, then any baseline's, then this tree's in Japanese (issue 41); their opens alternate. */
export async function benchPanelOpen(browsers: BenchBrowser[], serverUrls: string[], options: PanelOpenOptions): Promise<Section> {
  const servers: SavedServer[] = serverUrls.map((url, i) => ({ id: `open-${i}`, url, name: `Server ${i + 1}`, enabled: true }));
  for (const browser of browsers) {
    await browser.saveServers(servers);
    await browser.stopWorker();
    const first = await browser.openPanel();
    await waitForState(first, { connected: servers.length });
    // A browser given a language must show the panel in it, or its rows would time English under its name.
    const shown = await first.evaluate(() => document.documentElement.lang);
    await first.close();
    if (browser.lang && shown !== browser.lang) throw new Error(`${browser.label}: the panel opened in "${shown}", not "${browser.lang}".`);
  }
  const runs: OpenTimes[][] = browsers.map(() => []);
  for (let i = 0; i < options.runs; i += 1) {
    for (const [b, browser] of browsers.entries()) runs[b]!.push(await openOnce(browser));
  }

  const rows = browsers.flatMap((browser, b) => {
    const column = (key: keyof OpenTimes) => summarize(runs[b]!.map((run) => run[key]).filter(Number.isFinite));
    // A build without the moment (one from before the first part, or a panel that asked the catalog nothing) shows none.
    const row = (label: string, key: keyof OpenTimes) => {
      const measured = runs[b]!.some((run) => Number.isFinite(run[key]));
      return [forBuild(label, browser, browsers), ...(measured ? latencyCells(column(key)) : ['—', '—', '0'])];
    };
    return [
      row('first part of the catalog asked for (`fetch`, its language remembered by the page)', 'firstPartAsked'),
      row('… its answer in', 'firstPartIn'),
      row('panel script opened its port (`runtime.connect`)', 'connect'),
      row('first contentful paint ("Loading…")', 'firstContentfulPaint'),
      row('DOMContentLoaded', 'domContentLoaded'),
      row('first `state` from the worker arrived', 'firstState'),
      row('tab list in the DOM (first render with state)', 'tablist'),
      row('**tab list painted** (the frame after)', 'tablistPainted'),
      row(
        `time inside the catalog (\`i18n.getMessage\`) until then, all ${Math.round(column('messages').p50)} calls (a duration, not a moment)`,
        'catalog',
      ),
      row('… its first call alone (the catalog reaching the page, were it read then; none since the first part)', 'firstMessage'),
    ];
  });
  const markdown = [
    `${options.runs} opens of \`chrome-extension://…/sidepanel.html\` in a new tab (worker running, ${servers.length} servers connected)` +
      `${browsers.length > 1 ? ', browsers alternating (the one in Japanese: Chromium started with `--lang=ja`, so the panel loads the ja catalog)' : ''}; times from navigation start (\`performance.timeOrigin\`). The first open after launch is included` +
      ` (${runs[0]![0]!.tablistPainted.toFixed(1)} ms to the painted tab list).`,
    '',
    table(['navigation start → …', 'p50', 'p95', 'n'], rows),
  ].join('\n');
  return { title: '3a. Side panel cold open', markdown, targets: [] };
}
