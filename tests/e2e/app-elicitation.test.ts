/**
 * Issue 29, app-rendered elicitations (SEP-3118 at c2668f44) in Chromium: a server of ours binds
 * an app to its question; the Request card shows it in the results' sandbox and the app's answer
 * reaches the server as the elicitation's result. The hostile checks of the results' host, here
 * against an app in the Inbox: an answer that does not fit, an app that never starts, one that
 * floods, one that would grow past its card, one that answers after the person declined, one
 * that tries to answer another Request.
 */
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type PlanApp, startAppElicitServer } from '../fixtures/app-elicit-server';
import { withExtension } from './rig';

let modern: Awaited<ReturnType<typeof startAppElicitServer>>;
let legacy: Awaited<ReturnType<typeof startAppElicitServer>>;

const rig = withExtension(
  async () => {
    [modern, legacy] = await Promise.all([startAppElicitServer(), startAppElicitServer({ legacyOnly: true })]);
    return [modern, legacy];
  },
  async ({ panel }) => {
    await panel.addServer(modern.url);
    await panel.addServer(legacy.url, { name: 'Old Plans' });
  },
  90_000,
);

const card = (variant: PlanApp) =>
  rig.panel.page.locator('section.request', { has: rig.panel.page.locator(`[data-app="ui://plans/${variant}.html"]`) });

/** The app's own document: the frame inside the sandbox page inside the Request card. */
const appFrame = (variant: PlanApp): FrameLocator =>
  rig.panel.page.frameLocator(`[data-app="ui://plans/${variant}.html"] iframe`).frameLocator('iframe');

async function ask(variant: PlanApp, server = 'Plans'): Promise<FrameLocator> {
  await expect.poll(() => rig.panel.serverStatus(server), { timeout: 20_000 }).toBe('Connected');
  await rig.panel.runTool(server, `plan_${variant}`);
  await rig.panel.tab('Inbox');
  return appFrame(variant);
}

const status = (frame: FrameLocator) => frame.locator('#status').textContent({ timeout: 20_000 });
const lastOutcome = (server = modern) => server.plans.at(-1)?.outcome;

describe('an app bound to a question, in the Request card', () => {
  it.each([
    ['2026-07-28', 'Plans'],
    ['2025-11-25', 'Old Plans'],
  ])(
    'shows the server’s app (%s) and sends its answer as the elicitation’s result',
    async (_era, server) => {
      const app = await ask('pick', server);
      await expect.poll(() => status(app), { timeout: 20_000 }).toBe('asked: Which plan should the team get?');
      // Decline and Cancel are the card's; the form is one click away.
      const request = card('pick');
      expect(await request.getByRole('button', { name: 'Decline' }).count()).toBe(1);
      expect(await request.getByText('Answer with the form instead').count()).toBe(1);
      await app.getByRole('button', { name: 'Choose Pro, 3 seats' }).click();
      await expect.poll(() => rig.panel.resultJson(`plan_pick`)).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
      expect(lastOutcome(server === 'Plans' ? modern : legacy)).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
      expect((server === 'Plans' ? modern : legacy).plans.at(-1)?.era).toBe(server === 'Plans' ? 'modern' : 'legacy');
      await request.waitFor({ state: 'detached' });
    },
    60_000,
  );

  it('keeps the app, and what it holds, while the person looks at other tabs', async () => {
    const app = await ask('pick');
    await expect.poll(() => status(app), { timeout: 20_000 }).toMatch(/^asked/);
    const asked = modern.plans.length;
    // A mark of this document's own: a restarted app (a frame loaded again) would not have it.
    await app.locator('body').evaluate((body) => {
      body.dataset.kept = 'yes';
    });
    await rig.panel.tab('Tools');
    await rig.panel.tab('Servers');
    await rig.panel.tab('Inbox');
    expect(await app.locator('body').getAttribute('data-kept')).toBe('yes');
    expect(modern.plans.length).toBe(asked);
    await app.getByRole('button', { name: 'Choose Pro, 3 seats' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
    await card('pick').waitFor({ state: 'detached' });
  }, 60_000);

  it('refuses an answer that does not fit the schema, or a decline in the person’s name, and sends nothing; the form still answers', async () => {
    const app = await ask('bad');
    await expect.poll(() => status(app), { timeout: 20_000 }).toMatch(/^asked/);
    const request = card('bad');
    await app.getByRole('button', { name: 'Choose enterprise' }).click();
    await expect.poll(() => request.getByRole('alert').textContent()).toMatch(/does not fit what the server asked for .*plan.*nothing was sent/);
    await app.getByRole('button', { name: 'Decline from the app' }).click();
    await expect.poll(() => request.getByRole('alert').textContent()).toMatch(/only your own Decline or Cancel/);
    expect(lastOutcome()).toBeUndefined();
    await request.getByText('Answer with the form instead').click();
    await request.getByRole('combobox', { name: /^Plan/ }).selectOption({ label: 'basic' });
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'accept', content: { plan: 'basic' } });
  }, 60_000);

  it('an app that never starts: the reason after the handshake’s timeout, and the form open', async () => {
    await rig.panel.runTool('Plans', 'plan_never');
    await rig.panel.tab('Inbox');
    const request = rig.panel.request('Plans');
    await expect.poll(() => request.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/did not finish the MCP Apps handshake/);
    await request.getByRole('combobox', { name: /^Plan/ }).selectOption({ label: 'pro' });
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'accept', content: { plan: 'pro' } });
  }, 60_000);

  it('an app that floods is stopped by the host’s flood stop, and the form answers', async () => {
    await rig.panel.runTool('Plans', 'plan_flood');
    await rig.panel.tab('Inbox');
    const request = rig.panel.request('Plans');
    await expect.poll(() => request.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/more than 500 messages in a second/);
    expect(await rig.panel.page.locator('[data-app="ui://plans/flood.html"]').count()).toBe(0);
    await request.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'cancel' });
  }, 60_000);

  it('an app cannot grow past its card', async () => {
    const app = await ask('tall');
    await expect.poll(() => status(app), { timeout: 20_000 }).toMatch(/^asked/);
    const holder = rig.panel.page.locator('[data-app="ui://plans/tall.html"] .app-holder');
    await expect.poll(async () => (await holder.boundingBox())?.height, { timeout: 10_000 }).toBe(480);
    const box = (await card('tall').boundingBox())!;
    expect(box.height).toBeLessThan(480 + 400);
    await card('tall').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'decline' });
  }, 60_000);

  it('an app cannot answer after the person declined', async () => {
    const app = await ask('late');
    await expect.poll(() => status(app), { timeout: 20_000 }).toMatch(/^asked/);
    await card('late').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'decline' });
    const calls = modern.plans.length;
    // Its own answer was due 3 s after it was asked.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(modern.plans.length).toBe(calls);
    expect(lastOutcome()).toEqual({ action: 'decline' });
    expect(await rig.panel.page.locator('[data-app="ui://plans/late.html"]').count()).toBe(0);
  }, 60_000);

  it('an app cannot answer another Request', async () => {
    const pick = await ask('pick');
    await expect.poll(() => status(pick), { timeout: 20_000 }).toMatch(/^asked/);
    const picked = modern.plans.length - 1;
    const evil = await ask('evil');
    await expect.poll(() => status(evil), { timeout: 20_000 }).toBe('sprayed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Neither Request took the forged answers: both still wait, and the server has heard nothing.
    expect(await card('pick').count()).toBe(1);
    expect(await card('evil').count()).toBe(1);
    expect(modern.plans[picked]?.outcome).toBeUndefined();
    expect(lastOutcome()).toBeUndefined();
    await pick.getByRole('button', { name: 'Choose Pro, 3 seats' }).click();
    await expect.poll(() => modern.plans[picked]?.outcome).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
    expect(lastOutcome()).toBeUndefined();
    await card('evil').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => lastOutcome()).toEqual({ action: 'cancel' });
  }, 60_000);
});
