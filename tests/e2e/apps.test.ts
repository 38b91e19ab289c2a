/**
 * Issue 11: MCP Apps in the side panel, in Chromium, against the official example app
 * servers from npm (their own tools and HTML, none written here) and a hostile app server of
 * our own (tests/fixtures/hostile-app-server.ts) whose apps try every way out.
 */
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startExampleAppServer } from '../fixtures/app-servers';
import { BLOCKED_ATTEMPTS, type HostileAppServer, startHostileAppServer } from '../fixtures/hostile-app-server';
import { type FixtureServer, startLegacyServer } from '../fixtures/servers';
import { withExtension } from './rig';

const VANILLA = 'Basic MCP App Server (Vanilla JS)';
type Served = Awaited<ReturnType<typeof startExampleAppServer>>;

let vanilla: Served;
let preact: Served;
let budget: Served;
let hostile: HostileAppServer;
let legacy: FixtureServer;

const rig = withExtension(
  async () => {
    [vanilla, preact, budget, hostile, legacy] = await Promise.all([
      startExampleAppServer('basic-vanillajs'),
      startExampleAppServer('basic-preact'),
      startExampleAppServer('budget-allocator'),
      startHostileAppServer(),
      startLegacyServer(),
    ]);
    return [vanilla, preact, budget, hostile, legacy];
  },
  async ({ panel }) => {
    for (const server of [vanilla, preact, budget, hostile, legacy]) await panel.addServer(server.url);
  },
  90_000,
);

const appCard = (tool: string) => rig.panel.page.getByRole('region', { name: `App of ${tool}` }).first();

/** The app's own document: the frame inside the sandbox page inside the panel. */
async function appFrame(tool: string): Promise<Frame> {
  const outer = await appCard(tool).locator('iframe').elementHandle({ timeout: 20_000 });
  const inner = await (await outer!.contentFrame())!.locator('iframe').elementHandle({ timeout: 20_000 });
  return (await inner!.contentFrame())!;
}

const results = (tool: string) => rig.panel.page.getByRole('article', { name: `Result of ${tool}` });
/** The entries of the newest result's app calls log (a closed <details>, so read by selector). */
const appCalls = (tool: string) => results(tool).first().locator('.app-calls li');

describe('The official example apps', () => {
  it('every server connects', async () => {
    for (const name of [VANILLA, 'Basic MCP App Server (Preact)', 'Budget Allocator Server', 'Hostile Apps', 'Legacy Fixture']) {
      await expect.poll(() => rig.panel.serverStatus(name), { timeout: 20_000 }).toBe('Connected');
    }
  }, 60_000);

  it('basic-vanillajs renders with its result; a click inside calls its tool back, in the app’s log the person sees', async () => {
    await rig.panel.runTool(VANILLA, 'get-time');
    const app = await appFrame('get-time');
    const button = app.getByRole('button', { name: 'Get Server Time' });
    await button.waitFor({ timeout: 20_000 });
    const before = await results('get-time').count();
    await button.click();
    // The app's call is the app's: a line in its log under its card, not a result of its own.
    await expect.poll(() => appCalls('get-time').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => appCalls('get-time').first().textContent()).toMatch(/get-time.*done/);
    expect(await results('get-time').count()).toBe(before);
    // The app shows the time its own call returned.
    await expect.poll(() => app.locator('body').textContent(), { timeout: 10_000 }).toMatch(/\d{4}-\d\d-\d\dT/);
  }, 60_000);

  it('the theme follows the panel', async () => {
    const app = await appFrame('get-time');
    await rig.panel.page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => app.evaluate(() => document.documentElement.getAttribute('data-theme')), { timeout: 10_000 }).toBe('dark');
    await rig.panel.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => app.evaluate(() => document.documentElement.getAttribute('data-theme')), { timeout: 10_000 }).toBe('light');
  }, 30_000);

  it('a message meant for a model is shown to the person; a link goes to the consent card, never straight out', async () => {
    const app = await appFrame('get-time');
    await app.getByRole('button', { name: 'Send Message' }).click();
    await expect
      .poll(() => appCard('get-time').getByRole('list', { name: 'Messages from the app' }).textContent(), { timeout: 10_000 })
      .toMatch(/for an AI model/);
    const pagesBefore = rig.browser.context.pages().length;
    await app.getByRole('button', { name: 'Open Link' }).click();
    const consent = appCard('get-time').getByRole('alertdialog', { name: 'Open a link from the app?' });
    await expect.poll(() => consent.getByLabel('Full URL').textContent(), { timeout: 10_000 }).toMatch(/^https?:\/\//);
    await consent.getByRole('button', { name: "Don't open" }).click();
    await expect.poll(() => consent.count()).toBe(0);
    expect(rig.browser.context.pages().length).toBe(pagesBefore);
  }, 30_000);

  it('basic-preact and the budget allocator render their interfaces', async () => {
    await rig.panel.runTool('Basic MCP App Server (Preact)', 'get-time');
    await (await appFrame('get-time')).getByRole('button', { name: 'Get Server Time' }).waitFor({ timeout: 20_000 });
    await rig.panel.runTool('Budget Allocator Server', 'get-budget-data');
    const allocator = await appFrame('get-budget-data');
    await expect.poll(() => allocator.locator('body').textContent(), { timeout: 20_000 }).toMatch(/Allocated/);
  }, 60_000);

  it('Full panel shows the app over the whole panel, and Escape brings it back', async () => {
    const card = appCard('get-budget-data');
    await card.getByRole('button', { name: 'Full panel' }).click();
    await expect.poll(() => card.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
    // The way back is focused as the view opens, so Escape reaches the panel.
    await expect
      .poll(() => card.getByRole('button', { name: 'Back to the result' }).evaluate((button) => button === document.activeElement))
      .toBe(true);
    await rig.panel.page.keyboard.press('Escape');
    await expect.poll(() => card.getByRole('button', { name: 'Full panel' }).count()).toBe(1);
  }, 30_000);

  it('Open in a tab moves the app to a tab of its own, which calls its server through the worker', async () => {
    await rig.panel.runTool(VANILLA, 'get-time');
    await (await appFrame('get-time')).getByRole('button', { name: 'Get Server Time' }).waitFor({ timeout: 20_000 });
    const opened = rig.browser.context.waitForEvent('page');
    await appCard('get-time').getByRole('button', { name: 'Open in a tab' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/sidepanel\.html#app=/);
    await expect.poll(() => results('get-time').first().textContent()).toMatch(/The app is in a tab of its own/);
    const outer = await tab.getByRole('region', { name: 'App of get-time' }).locator('iframe').elementHandle({ timeout: 20_000 });
    const inner = await (await (await outer!.contentFrame())!.locator('iframe').elementHandle({ timeout: 20_000 }))!.contentFrame();
    const before = await appCalls('get-time').count();
    await inner!.getByRole('button', { name: 'Get Server Time' }).click();
    await expect.poll(() => appCalls('get-time').count(), { timeout: 10_000 }).toBe(before + 1);
    await tab.close();
  }, 60_000);
});

describe('A hostile app cannot leave its frame', () => {
  it('extension APIs, the panel, storage, another app, navigation, popups and hosts outside its CSP are all out of reach', async () => {
    await rig.panel.runTool(VANILLA, 'get-time');
    const other = await appFrame('get-time');
    await other.getByRole('button', { name: 'Get Server Time' }).waitFor({ timeout: 20_000 });
    await rig.panel.runTool('Hostile Apps', 'probe');
    await expect.poll(() => hostile.reports.length, { timeout: 20_000 }).toBe(1);
    const report = hostile.reports[0]!;
    for (const attempt of BLOCKED_ATTEMPTS) {
      expect(report[attempt], attempt).toMatch(/^blocked/);
    }
    // The one host its resource declares is reachable: the policy is the app's, not a blanket.
    expect(report.fetchAllowed).toBe('reached: 200');
    // sendBeacon only queues (it says true either way) and a frame only loads or not: for
    // those, and for every other attempt, the outside host's own count is the proof.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hostile.outside.hits).toEqual([]);
    expect(hostile.allowed.hits).toEqual(['/allowed']);
    // Forged messages reached neither the panel's bridge nor the other app.
    expect(hostile.forgedCalls).toBe(0);
    expect(await other.locator('body').textContent()).not.toMatch(/FORGED/);
    expect(rig.panel.page.url()).toMatch(/sidepanel\.html$/);
  }, 60_000);

  it('a destructive tool an app asks for waits for the person', async () => {
    await rig.panel.runTool('Hostile Apps', 'asker');
    const confirm = appCard('asker').getByRole('alertdialog', { name: 'Confirm wipe' });
    await confirm.waitFor({ timeout: 20_000 });
    expect(hostile.wipes).toBe(0);
    await confirm.getByRole('button', { name: "Don't run" }).click();
    await expect
      .poll(async () => (await appFrame('asker')).locator('body').textContent(), { timeout: 10_000 })
      .toMatch(/wipe refused: .*chose not to run wipe/);
    expect(hostile.wipes).toBe(0);
  }, 30_000);
});

describe('Bad apps get a clear message and disturb nothing else', () => {
  it('each failure shows in its own card while another server’s Request stays pending', async () => {
    await rig.panel.runTool('Legacy Fixture', 'deploy');
    await rig.panel.request('Legacy Fixture').waitFor({ timeout: 20_000 });
    const expectations: Array<[string, RegExp]> = [
      ['missing', /could not be loaded: .*(not found|nowhere)/i],
      ['plain', /is "text\/plain", not an app/],
      ['huge', /6\.0 MB; toolnexus shows apps up to 5 MB/],
      ['empty', /is empty/],
      ['leaver', /left its own page/],
      ['flood', /more than 500 messages in a second/],
    ];
    for (const [tool, message] of expectations) {
      await rig.panel.runTool('Hostile Apps', tool);
      await expect.poll(() => appCard(tool).getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(message);
    }
    await rig.panel.runTool('Hostile Apps', 'malformed');
    await expect.poll(() => results('malformed').first().textContent(), { timeout: 10_000 }).toMatch(/not a ui:\/\/ resource/);
    await rig.panel.runTool('Hostile Apps', 'silent');
    await expect
      .poll(() => appCard('silent').getByRole('alert').textContent(), { timeout: 20_000 })
      .toMatch(/did not finish the MCP Apps handshake within 10 sec/);
    // The other server's Request was never touched.
    await rig.panel.tab('Inbox');
    expect(await rig.panel.request('Legacy Fixture').count()).toBe(1);
    // The leaver's navigation was refused before its request left (the sandbox page's frame-src).
    expect(hostile.outside.hits).toEqual([]);
  }, 120_000);

  it('removing a server tears its app down, and its result leaves the panel', async () => {
    await rig.panel.tab('Tools');
    await rig.panel.runTool('Budget Allocator Server', 'get-budget-data');
    await appFrame('get-budget-data');
    await rig.panel.tab('Servers');
    const card = await rig.panel.serverDetails('Budget Allocator Server');
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await rig.panel.tab('Tools');
    await expect.poll(() => results('get-budget-data').count(), { timeout: 10_000 }).toBe(0);
    expect(await rig.panel.page.locator('iframe[title="App of get-budget-data"]').count()).toBe(0);
  }, 60_000);
});
