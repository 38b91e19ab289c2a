/**
 * Load, in Chromium: 100 elicitations at once over 10 servers, answered in the panel in a
 * random order. Each call carries its own token, the question names it, and the answer
 * typed is `<token>-ok`: every server must get exactly its own calls' answers — none lost,
 * none crossed — and the panel must show every result.
 *
 * The 100 at once are 2026-07-28 calls: an `input_required` round holds no connection while
 * the person answers. A 2025-11-25 call does (its SSE stream), and Chromium opens at most 6
 * HTTP/1.1 connections per origin, one of them the session's GET stream: 2025-era servers
 * get more calls than fit, and those are answered as they appear.
 */
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedServer } from '../../lib/hub';
import { RESULTS_KEPT } from '../../lib/hub/eviction';
import type { WorkerMessage } from '../../lib/port/messages';
import type { HubState } from '../../lib/state';
import type { applyStatePatch } from '../../lib/port/statePatch';
import { statePatchModule } from '../fixtures/page-module';
import type { FixtureServer } from '../fixtures/servers';
import { startModernTokenServer, startTokenServer, type TokenOutcome } from '../fixtures/token-server';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

const SERVERS = 10;
const CALLS_PER_SERVER = 10;
const TOTAL = SERVERS * CALLS_PER_SERVER;
/** More 2025-11-25 calls per server than Chromium's 6 connections per origin can hold waiting at once. */
const LEGACY_PER_SERVER = 6;
const SEED = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);

interface Call {
  serverId: string;
  serverName: string;
  token: string;
}

/** `items` in an order drawn from `seed`, so a failing order can be replayed with LOAD_SEED. */
const shuffled = <T>(items: T[], seed: number): T[] =>
  fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), { seed, numRuns: 1 })[0]!;

type PortGlobal = {
  chrome: {
    runtime: {
      connect(info: { name: string }): {
        postMessage(message: unknown): void;
        disconnect(): void;
        onMessage: { addListener(listener: (message: WorkerMessage) => void): void };
      };
    };
  };
};

/** What to wait for in the worker's state (plain data: the page's CSP forbids building functions). */
interface Condition {
  connected?: number;
  inbox?: number;
  /** No call still running. */
  settled?: boolean;
}

/**
 * Waits, on a port of its own, for the worker's state to meet `condition`, posting
 * `messages` first; resolves with that state. The port brings the whole state first and
 * patches after it, applied with the panel's own lib/port/statePatch.ts (shipped as source: the
 * page's CSP lets nothing build it from a string).
 */
function stateWhen(page: Page, condition: Condition, messages: unknown[] = [], timeoutMs = 30_000): Promise<HubState> {
  return page.evaluate<HubState>(
    `(${watchState.toString()})(${statePatchModule()}.applyStatePatch, ${JSON.stringify({ condition, messages, timeoutMs })})`,
  );
}

/** Runs in the page, as source: no outer names. */
function watchState(
  apply: typeof applyStatePatch,
  { condition, messages, timeoutMs }: { condition: Condition; messages: unknown[]; timeoutMs: number },
): Promise<HubState> {
  return new Promise<HubState>((resolve, reject) => {
    const met = (state: HubState) =>
      (condition.connected === undefined ||
        (state.servers.length === condition.connected && state.servers.every((server) => server.status === 'connected'))) &&
      (condition.inbox === undefined || state.inbox.length === condition.inbox) &&
      (!condition.settled || state.activities.every((activity) => activity.status !== 'running'));
    const port = (globalThis as unknown as PortGlobal).chrome.runtime.connect({ name: 'toolnexus-panel' });
    let last: HubState | undefined;
    const timer = setTimeout(() => {
      port.disconnect();
      const summary = {
        inbox: last?.inbox.length,
        servers: last?.servers.map((server) => server.status),
        activities: last?.activities.map((activity) => activity.status).join(','),
      };
      reject(new Error(`The worker's state never met ${JSON.stringify(condition)}; last: ${JSON.stringify(summary)}`));
    }, timeoutMs);
    port.onMessage.addListener((message) => {
      if (message.type === 'state') last = message.state;
      else if (message.type === 'patch' && last) last = apply(last, message.patch);
      else return;
      if (!met(last)) return;
      clearTimeout(timer);
      port.disconnect();
      resolve(last);
    });
    for (const message of messages) port.postMessage(message);
  });
}

let browser: ExtensionBrowser;
let panel: PanelPage;
const timings: Record<string, number> = {};

interface Group {
  servers: FixtureServer[];
  saved: SavedServer[];
}

/** Starts `count` token servers of one era, saved under ids `<prefix>-<n>` and names `<label> <nn>`. */
async function startGroup(start: typeof startTokenServer, count: number, prefix: string, label: string): Promise<Group> {
  const servers = await Promise.all(Array.from({ length: count }, (_, index) => start({ name: `${label} Fixture ${index + 1}` })));
  const saved = servers.map(
    (server, index): SavedServer => ({
      id: `${prefix}-${index + 1}`,
      url: server.url,
      name: `${label} ${String(index + 1).padStart(2, '0')}`,
      enabled: true,
    }),
  );
  return { servers, saved };
}

/** `perServer` calls on each server of the group, each with its own token. */
function callsOf(group: Group, perServer: number): Call[] {
  return group.saved.flatMap((server, index) =>
    Array.from({ length: perServer }, (_, call) => ({
      serverId: server.id,
      serverName: server.name!,
      // Fixed width, so no token is a prefix of another.
      token: `tk-${server.id}-${String(index + 1).padStart(2, '0')}-${String(call + 1).padStart(2, '0')}-${Math.random().toString(36).slice(2, 8)}`,
    })),
  );
}

const callMessages = (calls: Call[]) =>
  calls.map(({ serverId, token }) => ({ type: 'command', command: 'callTool', args: [serverId, 'ask_token', { token }] }));

/** Fills in `<token>-ok` in the card that names the token, and submits it, as a person would. */
async function answerInPanel({ serverName, token }: Call): Promise<void> {
  const card = await panel.reach(panel.request(serverName).filter({ hasText: token }));
  await card.getByLabel('Answer').fill(`${token}-ok`);
  await card.getByRole('button', { name: 'Submit' }).click();
  try {
    await card.waitFor({ state: 'detached', timeout: 5_000 });
  } catch (error) {
    // Where did the typing go? A field of another card holding it means focus moved under the person.
    const value = await card
      .getByLabel('Answer')
      .inputValue()
      .catch(() => '(no field)');
    const elsewhere = await panel.page.evaluate(
      (typed) =>
        [...document.querySelectorAll('input')]
          .filter((input) => input.value === typed)
          .map((input) => input.closest('section')?.textContent?.slice(0, 80)),
      `${token}-ok`,
    );
    throw new Error(
      `The card for ${token} stayed after Submit, its field holding ${JSON.stringify(value)}; what was typed is in ${JSON.stringify(elsewhere)}`,
      { cause: error },
    );
  }
}

/** Every server of the group got exactly its own calls' tokens, each with that token's answer. */
function expectDelivered(group: Group, calls: Call[]): void {
  group.servers.forEach((server, index) => {
    const mine = calls
      .filter((call) => call.serverId === group.saved[index]!.id)
      .map((call) => call.token)
      .sort();
    const seen = server.seen.map((entry) => entry.result as TokenOutcome);
    expect(seen.map((outcome) => outcome.token).sort(), group.saved[index]!.name).toEqual(mine);
    for (const outcome of seen) expect(outcome).toEqual({ token: outcome.token, action: 'accept', content: { answer: `${outcome.token}-ok` } });
  });
}

/**
 * The panel shows the calls that ended last, each done with its own token's answer; the rest are
 * dropped as they end (issue 40: the results' bound holds once calls finish) and counted.
 */
function expectShown(state: HubState, calls: Call[]): void {
  const byToken = new Map(calls.map((call) => [call.token, call]));
  const shown = state.activities.filter((activity) => activity.kind === 'tool' && byToken.has(String(activity.args.token)));
  expect(shown.length).toBe(Math.min(RESULTS_KEPT, calls.length));
  // Counted since the last Clear, so a group before this one adds its own.
  expect(state.activitiesDropped ?? 0).toBeGreaterThanOrEqual(calls.length - shown.length);
  for (const activity of shown) {
    const token = String(activity.kind === 'tool' && activity.args.token);
    expect([activity.serverId, activity.status], token).toEqual([byToken.get(token)!.serverId, 'done']);
    const text = activity.kind === 'tool' ? activity.result?.content[0] : undefined;
    expect(text).toEqual({ type: 'text', text: JSON.stringify({ token, action: 'accept', content: { answer: `${token}-ok` } }) });
  }
  expect(new Set(shown.map((activity) => activity.kind === 'tool' && activity.args.token)).size).toBe(shown.length);
}

let modern: Group;
let legacy: Group;

beforeAll(async () => {
  const started = Date.now();
  [modern, legacy] = await Promise.all([
    startGroup(startModernTokenServer, SERVERS, 'modern', 'Modern'),
    startGroup(startTokenServer, SERVERS, 'legacy', 'Legacy'),
  ]);
  browser = await launchExtension();
  await browser.setStorage({ servers: [...modern.saved, ...legacy.saved] });
  // The worker reads saved servers when it starts: stop it, and the panel wakes a fresh one.
  await browser.stopWorker();
  panel = new PanelPage(await browser.openPanel());
  panel.page.setDefaultTimeout(15_000);
  await stateWhen(panel.page, { connected: 2 * SERVERS });
  timings.setup = Date.now() - started;
}, 60_000);

afterAll(async () => {
  console.info(`load e2e (seed ${SEED}): ${JSON.stringify(timings)} ms`);
  await browser?.close();
  await Promise.all([modern, legacy].flatMap((group) => group?.servers ?? []).map((server) => server.close()));
});

describe(`${TOTAL} elicitations at once over ${SERVERS} 2026-07-28 servers, answered in the panel in a random order (seed ${SEED})`, () => {
  let calls: Call[];

  it(`all ${TOTAL} wait in the inbox at the same time, each naming its server`, async () => {
    const started = Date.now();
    calls = callsOf(modern, CALLS_PER_SERVER);
    const state = await stateWhen(panel.page, { inbox: TOTAL }, callMessages(calls));
    timings.modernAsk = Date.now() - started;
    for (const { serverId, serverName, token } of calls) {
      const pending = state.inbox.filter((request) => request.prompt.includes(token));
      expect(pending.map((request) => [request.serverId, request.serverName])).toEqual([[serverId, serverName]]);
    }
  });

  it(`every answer reaches its own server and call: ${TOTAL} answered, 0 lost, 0 crossed, the last ${RESULTS_KEPT} shown`, async () => {
    const started = Date.now();
    await panel.tab('Inbox');
    for (const call of shuffled(calls, SEED)) await answerInPanel(call);
    const state = await stateWhen(panel.page, { inbox: 0, settled: true });
    timings.modernAnswer = Date.now() - started;
    expectDelivered(modern, calls);
    expectShown(state, calls);
    await panel.tab('Inbox');
    expect(await panel.page.getByRole('region', { name: /^Request from / }).count()).toBe(0);
  }, 60_000);
});

// A 2025-era call that waits on the person holds its SSE stream — one HTTP/1.1 connection —
// and a session holds one more for its GET stream; Chromium opens at most 6 per origin. So
// more calls than fit are started on each server, and answered as they appear.
describe(`${SERVERS * LEGACY_PER_SERVER} calls over ${SERVERS} 2025-11-25 servers, ${LEGACY_PER_SERVER} each: more than one origin's connections hold (seed ${SEED})`, () => {
  it(`answered in the panel as they appear, in a random order: ${SERVERS * LEGACY_PER_SERVER} answered, 0 lost, 0 crossed, the last ${RESULTS_KEPT} shown`, async () => {
    const started = Date.now();
    const calls = callsOf(legacy, LEGACY_PER_SERVER);
    await panel.page.evaluate((messages) => {
      const port = (globalThis as unknown as PortGlobal).chrome.runtime.connect({ name: 'toolnexus-panel' });
      for (const message of messages) port.postMessage(message);
    }, callMessages(calls));
    await panel.tab('Inbox');
    const waiting = new Map(calls.map((call) => [call.token, call]));
    const cards = panel.page.getByRole('region', { name: /^Request from Legacy / });
    let round = 0;
    // Whatever the panel shows now, in a random order; then whatever came meanwhile.
    while (waiting.size > 0 && Date.now() - started < 40_000) {
      const shown = (await cards.allTextContents()).join('\n');
      const visible = [...waiting.values()].filter((call) => shown.includes(call.token));
      if (visible.length === 0) {
        await panel.page.waitForTimeout(100);
        continue;
      }
      for (const call of shuffled(visible, SEED + round)) {
        await answerInPanel(call);
        waiting.delete(call.token);
      }
      round += 1;
    }
    // An answer stuck behind the open streams never leaves the browser: its server never sees it.
    expect([...waiting.keys()], 'never asked in the panel').toEqual([]);
    const state = await stateWhen(panel.page, { inbox: 0, settled: true });
    timings.legacy = Date.now() - started;
    expectDelivered(legacy, calls);
    expectShown(state, calls);
  }, 60_000);
});
