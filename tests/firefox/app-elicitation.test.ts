/**
 * Issue 40: an app-rendered question (SEP-3118 at c2668f44) answered in the Firefox sidebar page.
 * The server binds its app to the question; the Request card runs it through the results' host in
 * Firefox (entrypoints/appframe-firefox.html in a sandboxed frame, the app in a srcdoc frame), and
 * the app's answer reaches the server as the elicitation's result, in both eras. The Chromium
 * twin, with the hostile apps, is tests/e2e/app-elicitation.test.ts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanApp, startAppElicitServer } from '../fixtures/app-elicit-server';
import { clickInApp, inApp } from './appFrame';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let modern: Awaited<ReturnType<typeof startAppElicitServer>>;
let legacy: Awaited<ReturnType<typeof startAppElicitServer>>;

beforeAll(async () => {
  [modern, legacy] = await Promise.all([startAppElicitServer(), startAppElicitServer({ legacyOnly: true })]);
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
  await panel.addServer(modern.url);
  await panel.addServer(legacy.url, { name: 'Old Plans' });
}, 90_000);

afterAll(async () => {
  await firefox?.close();
  await Promise.all([modern?.close(), legacy?.close()]);
});

/** The Request card that holds the app `variant`. */
const appHolder = (variant: PlanApp) => panel.page.locator(`[data-app="ui://plans/${variant}.html"]`);
const status = (variant: PlanApp) =>
  inApp<string>(firefox.marionette, appHolder(variant), 'return document.getElementById("status")?.textContent ?? "";');

async function ask(server: string, variant: PlanApp): Promise<void> {
  await expect.poll(() => panel.serverStatus(server), { timeout: 20_000 }).toBe('Connected');
  await panel.runTool(server, `plan_${variant}`);
  await panel.tab('Inbox');
}

describe('an app bound to a question, in the Firefox sidebar page', () => {
  it.each([
    { era: '2026-07-28', server: 'Plans', fixture: () => modern },
    { era: '2025-11-25', server: 'Old Plans', fixture: () => legacy },
  ])(
    'shows the server’s app ($era), not the form, and sends its answer as the elicitation’s result',
    async ({ server, fixture }) => {
      await ask(server, 'pick');
      await expect.poll(() => status('pick'), { timeout: 20_000 }).toBe('asked: Which plan should the team get?');
      // The server bound its app: the Firefox build declared the SEP's member.
      expect(fixture().plans.at(-1)?.hinted).toBe(true);
      const request = panel.request(server);
      expect(await request.getByText('Answer with the form instead').count()).toBe(1);
      await clickInApp(firefox.marionette, appHolder('pick'), 'Choose Pro, 3 seats');
      const accepted = { action: 'accept', content: { plan: 'pro', seats: 3 } };
      await expect.poll(() => fixture().plans.at(-1)?.outcome).toEqual(accepted);
      await expect.poll(() => panel.resultJson('plan_pick')).toEqual(accepted);
      expect(await appHolder('pick').count()).toBe(0);
    },
    60_000,
  );

  it('refuses an answer that does not fit the schema and sends nothing; the form still answers', async () => {
    await ask('Plans', 'bad');
    await expect.poll(() => status('bad'), { timeout: 20_000 }).toMatch(/^asked/);
    const request = panel.request('Plans');
    await clickInApp(firefox.marionette, appHolder('bad'), 'Choose enterprise');
    await expect.poll(() => request.locator('[role=alert]').textContent()).toMatch(/does not fit what the server asked for .*plan.*nothing was sent/);
    expect(modern.plans.at(-1)?.outcome).toBeUndefined();
    await request.getByText('Answer with the form instead').click();
    await request.getByLabel('Plan').selectOption({ label: 'basic' });
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => modern.plans.at(-1)?.outcome).toEqual({ action: 'accept', content: { plan: 'basic' } });
  }, 60_000);

  // The Firefox page relays for the app (entrypoints/appframe-firefox-relay.ts): its answers must
  // reach only its own card's bridge, as in Chromium.
  it('an app cannot answer another Request', async () => {
    await ask('Plans', 'pick');
    await expect.poll(() => status('pick'), { timeout: 20_000 }).toMatch(/^asked/);
    const picked = modern.plans.length - 1;
    await ask('Plans', 'evil');
    await expect.poll(() => status('evil'), { timeout: 20_000 }).toBe('sprayed');
    await sleep(1_000);
    expect(await appHolder('pick').count()).toBe(1);
    expect(await appHolder('evil').count()).toBe(1);
    expect(modern.plans[picked]?.outcome).toBeUndefined();
    expect(modern.plans.at(-1)?.outcome).toBeUndefined();
    await clickInApp(firefox.marionette, appHolder('pick'), 'Choose Pro, 3 seats');
    await expect.poll(() => modern.plans[picked]?.outcome).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
    expect(modern.plans.at(-1)?.outcome).toBeUndefined();
  }, 60_000);
});
