/**
 * Bench 12: the Tools tab at scale (issue 26). Two layouts a person meets: 3 servers × 100
 * tools and 20 servers × 15 tools (tests/fixtures/many-tools-server.ts), saved to storage and
 * loaded by a restarted worker. Measured in the panel: the Tools tab's first render (its tab
 * pressed → every group's count in the DOM → the frame after), and a filter keystroke (the
 * input event → the count updated → the frame after), each interleaved across builds.
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

/** Runs in the page: types `text` into the filter as one input event; times until the count changes, and the frame after. */
function keystroke(page: Page, text: string): Promise<number> {
  return page.evaluate(async (text) => {
    const probe = (window as unknown as ProbeWindow).__probe;
    const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    const count = document.querySelector('#find-count')!;
    const before = count.textContent;
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (count.textContent === before) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(count, { childList: true, subtree: true, characterData: true });
    });
    const started = performance.now();
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await changed;
    return (await probe.nextFrame()) - started;
  }, text);
}

/** Words a person types to find a tool, a letter at a time: each prefix changes what matches. */
const TYPED = ['m', 'me', 'mer', 'merge', 'merge p', 'merge pu', 'l', 'li', 'list', 'list i', 'c', 'cr', 'create', 'create r'];

interface Run {
  browser: BenchBrowser;
  layout: Layout;
  page: Page;
  renders: number[];
  keys: number[];
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
      opened.push({ browser, layout, page, renders: [], keys: [] });
    }
    for (let i = 0; i < options.renders; i += 1) for (const run of opened) run.renders.push(await firstRender(run.page, layout.tools));
    for (let i = 0; i < options.keystrokes; i += 1) {
      for (const run of opened) {
        run.keys.push(await keystroke(run.page, TYPED[i % TYPED.length]!));
        await keystroke(run.page, '');
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
      `**Keystroke**: one input event in the filter (${TYPED.length} prefixes of "merge pull", "list issues", "create releases", each then cleared) → the count changed → the frame after.`,
    '',
    table(
      ['Tools tab', 'p50', 'p95', 'n'],
      runs.flatMap((run) => [
        [label(`**${run.layout.name}: first render**`, run), ...latencyCells(summarize(run.renders))],
        [label(`${run.layout.name}: a filter keystroke → list updated`, run), ...latencyCells(summarize(run.keys))],
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
