/**
 * Bench 12: the Tools tab at scale (issue 26). Two layouts a person meets: 3 servers × 100
 * tools and 20 servers × 15 tools (tests/fixtures/many-tools-server.ts), saved to storage and
 * loaded by a restarted worker. Measured in the panel: the Tools tab's first render (its tab
 * pressed → every group's count in the DOM → the frame after), and a filter keystroke (the
 * input event → the list updated in the DOM, and → the frame after beside its floor), each
 * interleaved across builds.
 */
import type { Page } from 'playwright-core';
import type { SavedServer } from '../lib/hub';
import { waitForState, type BenchBrowser } from './browser';
import type { ProbeWindow } from './probe';
import { besideBaselines, forBuild, latencyCells, table, type Section } from './report';
import { ms, summarize } from './stats';

export interface ToolsListOptions {
  /** Times each layout's Tools tab is shown afresh. */
  renders: number;
  /** Keystrokes typed into the filter (each followed by its deletion). */
  keystrokes: number;
}

interface Layout {
  name: string;
  urls: string[];
  tools: number;
}

/** Runs in the page: Servers tab, then Tools pressed; times until `tools` are counted in its groups, and the frame after. */
function firstRender(page: Page, tools: number): Promise<number> {
  return page.evaluate(async (tools) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const tab = (name: string) =>
      [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((element) => element.textContent?.startsWith(name))!;
    tab('Servers').click();
    await probe.nextFrame();
    const counted = () => document.querySelector('#find-count')?.textContent === `${tools.toLocaleString('en')} tools`;
    const started = performance.now();
    tab('Tools').click();
    await new Promise<void>((resolve, reject) => {
      if (counted()) return resolve();
      const timer = setTimeout(() => reject(new Error(`${tools} tools never counted`)), 30_000);
      const observer = new MutationObserver(() => {
        if (!counted()) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    return (await probe.nextFrame()) - started;
  }, tools);
}

/** When a keystroke's list was in the DOM, and the frame after that, from the input event (ms). */
interface KeyTimes {
  updated: number;
  framed: number;
}

/**
 * Runs in the page: types `text` into the filter as one input event; times until the count
 * changes (Preact commits a render whole, so every row is then in the DOM too), and the frame
 * after. `text` null types nothing and times only the frame after: the floor of "the frame
 * after" in the same phase (each measurement starts just after the last one's frame).
 */
function keystroke(page: Page, text: string | null): Promise<KeyTimes> {
  return page.evaluate(async (text) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const count = document.querySelector('#find-count')!;
    const before = count.textContent;
    const changed = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (count.textContent === before) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(count, { childList: true, subtree: true, characterData: true });
    });
    const started = performance.now();
    if (text === null) return { updated: 0, framed: (await probe.nextFrame()) - started };
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    const updated = (await changed) - started;
    return { updated, framed: (await probe.nextFrame()) - started };
  }, text);
}

/** Words a person types to find a tool, a letter at a time: each prefix changes what matches. */
const TYPED = ['m', 'me', 'mer', 'merge', 'merge p', 'merge pu', 'l', 'li', 'list', 'list i', 'c', 'cr', 'create', 'create r'];

interface Run {
  browser: BenchBrowser;
  layout: Layout;
  page: Page;
  renders: number[];
  /** Keystroke → the list in the DOM. */
  keys: number[];
  /** Keystroke → the frame after. */
  keyFrames: number[];
  /** Nothing typed → the frame after, in the same phase. */
  idleFrames: number[];
}

/** `browsers`: this tree's build first, then any baseline's; each measurement alternates between them. */
export async function benchToolsList(browsers: BenchBrowser[], wide: string[], narrow: string[], options: ToolsListOptions): Promise<Section> {
  const layouts: Layout[] = [
    { name: `${wide.length} servers × 100 tools`, urls: wide, tools: wide.length * 100 },
    { name: `${narrow.length} servers × 15 tools`, urls: narrow, tools: narrow.length * 15 },
  ];
  const runs: Run[] = [];
  for (const layout of layouts) {
    const servers: SavedServer[] = layout.urls.map((url, i) => ({ id: `tools-${i}`, url, name: `API ${i + 1}`, enabled: true }));
    const opened: Run[] = [];
    for (const browser of browsers) {
      await browser.saveServers(servers);
      await browser.stopWorker();
      const page = await browser.openPanel();
      await waitForState(page, { connected: servers.length }, 30_000);
      opened.push({ browser, layout, page, renders: [], keys: [], keyFrames: [], idleFrames: [] });
    }
    // Which build goes first alternates, as `interleave` rotates: no build always follows the other.
    const inTurn = (i: number) => (i % 2 === 0 ? opened : [...opened].reverse());
    for (let i = 0; i < options.renders; i += 1) for (const run of inTurn(i)) run.renders.push(await firstRender(run.page, layout.tools));
    for (let i = 0; i < options.keystrokes; i += 1) {
      for (const run of inTurn(i)) {
        const { updated, framed } = await keystroke(run.page, TYPED[i % TYPED.length]!);
        run.keys.push(updated);
        run.keyFrames.push(framed);
        await keystroke(run.page, '');
        run.idleFrames.push((await keystroke(run.page, null)).framed);
      }
    }
    for (const run of opened) await run.page.close();
    runs.push(...opened);
  }
  const label = (text: string, run: Run) => forBuild(text, run.browser, browsers);
  const own = (layout: Layout) => runs.filter((run) => run.layout === layout);
  const markdown = [
    'Servers saved to storage and loaded by a restarted worker (tests/fixtures/many-tools-server.ts: names, titles and descriptions as a real API lists them). ' +
      '**First render**: the Tools tab pressed (from Servers) → its count says every tool → the frame after. ' +
      `**Keystroke**: one input event in the filter (${TYPED.length} prefixes of "merge pull", "list issues", "create releases", each then cleared) → the count changed, which is when the list is in the DOM (the target: the work of one keystroke fits in a frame), and → the frame after, which adds the wait for the display's next frame: the floor of that wait is measured beside it in the same phase with nothing typed.`,
    '',
    table(
      ['Tools tab', 'p50', 'p95', 'n'],
      runs.flatMap((run) => [
        [label(`**${run.layout.name}: first render**`, run), ...latencyCells(summarize(run.renders))],
        [label(`${run.layout.name}: a filter keystroke → list updated in the DOM`, run), ...latencyCells(summarize(run.keys))],
        [label(`${run.layout.name}: a filter keystroke → the frame after`, run), ...latencyCells(summarize(run.keyFrames))],
        [label(`${run.layout.name}: nothing typed → the frame after (its floor)`, run), ...latencyCells(summarize(run.idleFrames))],
      ]),
    ),
  ].join('\n');
  return {
    title: '12. The Tools tab at scale',
    markdown,
    targets: layouts.flatMap((layout) => {
      const mine = own(layout);
      const renders = mine.map((run) => summarize(run.renders));
      const keys = mine.map((run) => summarize(run.keys));
      return [
        {
          name: `12. Tools tab first render, ${layout.name} (p95)`,
          goal: '≤ 50 ms',
          measured: besideBaselines(
            renders.map((stats) => ms(stats.p95)),
            browsers,
          ),
          met: renders[0]!.p95 <= 50,
        },
        {
          name: `12. filter keystroke → list updated, ${layout.name} (p95)`,
          goal: '≤ 16 ms',
          measured: besideBaselines(
            keys.map((stats) => ms(stats.p95)),
            browsers,
          ),
          met: keys[0]!.p95 <= 16,
        },
      ];
    }),
  };
}
