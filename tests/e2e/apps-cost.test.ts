/**
 * Issue 25: nothing one app does costs another, and apps live as long as the person wants. In
 * Chromium, against the official system monitor app from npm and hostile apps of our own: a
 * 50,000-message flood and a 400-call flood, each with another server's form answered within
 * a second meanwhile and a new app starting right after; an app kept, with its state, across
 * tab switches; the system monitor left polling for 3 minutes with its app alive.
 */
import { describe, expect, it } from 'vitest';
import { APP_CALLS_PER_SECOND } from '../../lib/apps/callRate';
import { startExampleAppServer } from '../fixtures/app-servers';
import { type HostileAppServer, startHostileAppServer } from '../fixtures/hostile-app-server';
import { type FixtureServer, startLegacyServer } from '../fixtures/servers';
import { answerAnotherServer } from './another-server';
import { withExtension } from './rig';

type Served = Awaited<ReturnType<typeof startExampleAppServer>>;
const MONITOR = 'System Monitor Server';
let monitor: Served;
let hostile: HostileAppServer;
let legacy: FixtureServer;

const rig = withExtension(
  async () => {
    [monitor, hostile, legacy] = await Promise.all([startExampleAppServer('system-monitor'), startHostileAppServer(), startLegacyServer()]);
    return [monitor, hostile, legacy];
  },
  async ({ panel }) => {
    for (const server of [monitor, hostile, legacy]) await panel.addServer(server.url);
  },
  90_000,
);

const appCard = (tool: string) => rig.panel.page.getByRole('region', { name: `App of ${tool}` }).first();
/** The entries of the newest system monitor's calls log (closed, so read without the accessibility tree). */
const monitorLog = () => rig.panel.page.getByRole('article', { name: 'Result of get-system-info' }).first().locator('.app-calls li');

async function appFrame(tool: string) {
  const outer = await appCard(tool).locator('iframe').elementHandle({ timeout: 20_000 });
  const inner = await (await outer!.contentFrame())!.locator('iframe').elementHandle({ timeout: 20_000 });
  return (await inner!.contentFrame())!;
}

/** A new app, started now: how long until it has finished its handshake (its card says nothing is loading). */
async function startAnotherApp(): Promise<number> {
  const started = Date.now();
  await rig.panel.runTool(MONITOR, 'get-system-info');
  await (await appFrame('get-system-info')).getByRole('button', { name: /^(Start|Stop)$/ }).waitFor({ timeout: 20_000 });
  return Date.now() - started;
}

describe('One app’s flood costs no one else', () => {
  it('every server connects', async () => {
    for (const name of [MONITOR, 'Hostile Apps', 'Legacy Fixture']) {
      await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    }
  }, 60_000);

  it('50,000 messages: the app is stopped, another server’s form is answered within a second, and a new app starts', async () => {
    await rig.panel.runTool('Hostile Apps', 'storm');
    await expect.poll(() => appCard('storm').getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/more than 500 messages in a second/);
    const { answeredMs: answered } = await answerAnotherServer(rig.panel, legacy);
    await rig.panel.tab('Tools');
    const started = await startAnotherApp();
    console.log(`50,000-message flood: another server's form answered in ${answered} ms; a new app started in ${started} ms`);
    expect(answered).toBeLessThan(1_000);
    expect(started).toBeLessThan(10_000);
  }, 120_000);

  it(`400 calls at once: at most ${APP_CALLS_PER_SECOND} a second reach the server, the rest refused at once, the other server unhindered`, async () => {
    hostile.ticks.length = 0;
    await rig.panel.runTool('Hostile Apps', 'caller');
    const caller = await appFrame('caller');
    const { answeredMs: answered } = await answerAnotherServer(rig.panel, legacy);
    await rig.panel.tab('Tools');
    await expect.poll(() => caller.locator('#state').textContent(), { timeout: 30_000 }).toMatch(/^done/);
    const outcome = await caller.locator('#state').textContent();
    const started = await startAnotherApp();
    console.log(
      `400-call flood: ${outcome}; ${hostile.ticks.length} reached the server; another server's form answered in ${answered} ms; a new app started in ${started} ms`,
    );
    // Started at most N a second (the connection's own queue, 4 requests per origin, can only delay them): over the run, no faster.
    // The ticks are when calls reached the server, not when they left: the first may spend longer on the way than the
    // last (CI saw 1.901 s for a 2 s bound), so a quarter second of travel is allowed; a limit that let calls through
    // would still be far outside it (400 calls in well under a second).
    const span = (hostile.ticks.at(-1)! - hostile.ticks[0]!) / 1000;
    expect(span).toBeGreaterThanOrEqual(Math.ceil(hostile.ticks.length / APP_CALLS_PER_SECOND) - 1 - 0.25);
    expect(answered).toBeLessThan(1_000);
    // The person sees why, on the app's card; its calls sit in its log, not among the results.
    await expect
      .poll(() => appCard('caller').getByRole('status').allTextContents())
      .toContainEqual(expect.stringMatching(/held back \d+ of this app’s calls/));
    expect(await rig.panel.page.getByRole('article', { name: 'Result of tick' }).count()).toBe(0);
    expect(started).toBeLessThan(10_000);
  }, 120_000);
});

describe('An app lives as long as the person wants', () => {
  it('the system monitor keeps its state across tab switches and filtering: Stop stays pressed, no polls meanwhile', async () => {
    const app = await appFrame('get-system-info');
    const toggle = app.locator('#poll-toggle-btn');
    await expect.poll(() => toggle.textContent(), { timeout: 20_000 }).toBe('Stop');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Start');
    const calls = () => monitorLog().allTextContents();
    await expect.poll(async () => (await calls()).length).toBeGreaterThan(0);
    const before = await calls();
    await rig.panel.tab('Servers');
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await rig.panel.tab('Tools');
    // The same document: still stopped, and it made no call while the person was away.
    expect(await toggle.textContent()).toBe('Start');
    expect(await calls()).toEqual(before);
    // Typing in the filter reorders the tab by its stylesheet only: a frame moved in the DOM would reload (a new app polls again, its button says Stop).
    const filter = rig.panel.page.getByRole('searchbox', { name: /^Filter tools/ });
    await filter.pressSequentially('system');
    await expect.poll(() => rig.panel.page.locator('.filtered-tab.filtering').count()).toBe(1);
    await filter.fill('');
    expect(await toggle.textContent()).toBe('Start');
    expect(await calls()).toEqual(before);
  }, 60_000);

  it('left polling for 3 minutes, the app stays alive with its result, its polls in its log', async () => {
    const app = await appFrame('get-system-info');
    await app.locator('#poll-toggle-btn').click();
    const polled = monitor.traffic.filter((exchange) => exchange.messages.includes('tools/call')).length;
    await rig.panel.tab('Inbox');
    await new Promise((resolve) => setTimeout(resolve, 180_000));
    await rig.panel.tab('Tools');
    const polls = monitor.traffic.filter((exchange) => exchange.messages.includes('tools/call')).length - polled;
    console.log(`System monitor over 3 minutes: ${polls} polls reached its server`);
    expect(polls).toBeGreaterThanOrEqual(60);
    expect(await app.locator('#poll-toggle-btn').textContent()).toBe('Stop');
    expect(await rig.panel.page.getByRole('article', { name: 'Result of get-system-info' }).count()).toBeGreaterThanOrEqual(1);
    // Its log holds its newest calls, the newest just made.
    const newest = await monitorLog().first().textContent();
    await expect.poll(() => monitorLog().first().textContent(), { timeout: 5_000 }).not.toBe(newest);
    expect(await rig.panel.page.getByRole('article', { name: 'Result of poll-system-stats' }).count()).toBe(0);
  }, 240_000);
});
