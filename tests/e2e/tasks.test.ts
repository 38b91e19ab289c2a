/**
 * A long call the server runs as a task (2025-11-25 tasks) outlives what ends a plain call:
 * Chrome stopping the worker mid-task, and the browser quitting and starting again on the
 * same profile. The server is tests/fixtures/task-server.ts, its `slow` tool taking 6 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlowTaskServer, type SlowTaskServer } from '../fixtures/task-server';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

const NAME = 'Slow Tasks';
const MS = 6_000;
const DONE = `slept ${MS} ms`;

type ChromeGlobal = { chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown[] | undefined>> } } } };

let server: SlowTaskServer;
let browser: ExtensionBrowser;
let panel: PanelPage;

beforeAll(async () => {
  server = await startSlowTaskServer({}, NAME, MS);
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
  await panel.addServer(server.url);
  await panel.server(NAME).getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs `slow` and resolves once its card says the server runs it as a task. */
async function startSlowTask() {
  await panel.runTool(NAME, 'slow');
  const card = panel.result('slow');
  await expect.poll(() => card.locator('.status').textContent()).toMatch(/^task working…/);
  // The task's own words: how far the server got.
  await expect.poll(() => card.textContent()).toMatch(new RegExp(`\\d+ of ${MS} ms`));
  return card;
}

/** The tasks kept in storage.local, where a restarted browser finds them. */
async function keptTasks(): Promise<number> {
  const worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => ((await (globalThis as unknown as ChromeGlobal).chrome.storage.local.get('tasks')).tasks ?? []).length);
}

describe('a call run as a task', () => {
  it('survives a stopped worker: the next worker follows the task and shows its result in the same card', async () => {
    const card = await startSlowTask();
    await browser.stopWorker();
    // The panel lost its worker (the banner) and got a new one's state back.
    const reconnecting = panel.page.getByRole('status').filter({ hasText: 'Reconnecting to the toolnexus worker' });
    await reconnecting.waitFor({ timeout: 10_000 });
    await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });
    await panel.tab('Tools');
    expect(await card.textContent()).not.toContain(DONE);
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain(DONE);
    expect(await card.locator('.status').textContent()).toMatch(/^done/);
    expect(await card.textContent()).not.toMatch(/stopped while this ran/);
    await expect.poll(keptTasks).toBe(0);
  });

  it('is cancelled from its card with tasks/cancel', async () => {
    const before = server.cancelled.length;
    const card = await startSlowTask();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card.locator('.status').textContent()).toMatch(/^cancelled/);
    await expect.poll(() => server.cancelled.length).toBe(before + 1);
  });

  it('survives a browser restart on the same profile: the task is followed again and its result shown', async () => {
    await startSlowTask();
    await expect.poll(keptTasks).toBe(1);
    browser = await browser.restart();
    panel = new PanelPage(await browser.openPanel());
    await panel.tab('Tools');
    const card = panel.result('slow');
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain(DONE);
    expect(await card.locator('.status').textContent()).toMatch(/^done/);
    await expect.poll(keptTasks).toBe(0);
  });
});
