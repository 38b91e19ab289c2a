/**
 * Firefox unloads an MV3 add-on's event page when it idles, and may at any other time (an
 * update, a crash). A 2026-07-28 call waiting on the person keeps its round in storage.session:
 * after the unload, the fresh background asks the same question again and completes the call.
 * A 2025-11-25 question was asked on a stream that died with the page: it is shown as lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let legacy: FixtureServer;
let modern: FixtureServer;

beforeAll(async () => {
  [legacy, modern] = await Promise.all([startLegacyServer(), startModernServer()]);
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
  await panel.addServer(legacy.url);
  await panel.addServer(modern.url);
});

afterAll(async () => {
  await firefox?.close();
  await Promise.all([legacy?.close(), modern?.close()]);
});

/** Runs two_step, answers step 1 and unloads the background once step 2 shows; returns when the fresh one is in the panel. */
async function unloadAtStep2(name: string): Promise<void> {
  await expect.poll(() => panel.serverStatus(name)).toBe('Connected');
  await panel.runTool(name, 'two_step');
  const step1 = panel.request(name);
  await step1.getByLabel('Answer').fill('first answer');
  await step1.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => panel.request(name).textContent()).toContain('Step 2 of 2');

  expect(await firefox.unloadBackground()).toBe('stopped');
  await panel.workerRestarted();
  expect(await firefox.backgroundState()).toBe('running');
}

describe('the background page unloaded while a call waits on the person', () => {
  it('2026-07-28: the fresh background asks the pending question again, and the answer completes the call', async () => {
    const name = 'Modern Fixture';
    await unloadAtStep2(name);
    const step2 = panel.request(name);
    expect(await step2.textContent()).toContain('Step 2 of 2');
    await step2.getByLabel('Answer').fill('second answer');
    await step2.getByRole('button', { name: 'Submit' }).click();
    const outcome = { first: 'first answer', second: 'second answer' };
    await expect.poll(() => panel.resultJson('two_step')).toEqual(outcome);
    expect(modern.seen.at(-1)).toEqual({ tool: 'two_step', result: outcome });
  });

  it('2025-11-25: the question asked on the stream that died is shown as lost, and the call says why it failed', async () => {
    const name = 'Legacy Fixture';
    await unloadAtStep2(name);
    await panel.tab('Inbox');
    expect(await panel.page.getByRole('region', { name: `Lost from ${name}` }).textContent()).toContain('Step 2 of 2');
    expect(await panel.request(name).count()).toBe(0);
    await panel.tab('Tools');
    const result = panel.result('two_step');
    await expect.poll(() => result.textContent()).toMatch(/toolnexus was stopped while this ran/);
    // Words a Firefox user reads: no browser named that is not theirs.
    expect(await result.textContent()).not.toContain('Chrome');
  });
});
