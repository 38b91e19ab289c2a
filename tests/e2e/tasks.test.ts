/**
 * A long call the server runs as a task outlives what ends a plain call: Chrome stopping the
 * worker mid-task, and the browser quitting and starting again on the same profile. The
 * servers: tests/fixtures/task-server.ts (2025-11-25 tasks), its `slow` tool taking 6 s, and
 * tests/fixtures/modern-task-server.ts (the 2026-07-28 tasks extension), its `research` too.
 */
import { describe, expect, it } from 'vitest';
import { type ModernTaskServer, startModernTaskServer } from '../fixtures/modern-task-server';
import { startSlowTaskServer, type SlowTaskServer } from '../fixtures/task-server';
import { withExtension } from './rig';

const NAME = 'Slow Tasks';
const MODERN = 'Modern Tasks';
const MS = 6_000;
const DONE = `slept ${MS} ms`;

type ChromeGlobal = { chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown[] | undefined>> } } } };

let server: SlowTaskServer;
let modern: ModernTaskServer;

const rig = withExtension(
  async () => {
    [server, modern] = await Promise.all([startSlowTaskServer({}, NAME, MS), startModernTaskServer({}, MS)]);
    return [server, modern];
  },
  async ({ panel }) => {
    for (const [url, name] of [
      [server.url, NAME],
      [modern.url, MODERN],
    ]) {
      await panel.addServer(url!);
      await panel.server(name!).getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
    }
  },
);

/** Runs `tool` and resolves once its card says the server runs it as a task. */
async function startSlowTask(serverName = NAME, tool = 'slow') {
  await rig.panel.runTool(serverName, tool);
  const card = rig.panel.result(tool);
  await expect.poll(() => card.locator('.status').textContent()).toMatch(/^task working…/);
  // The task's own words: how far the server got.
  await expect.poll(() => card.textContent()).toMatch(new RegExp(`\\d+ of ${MS} ms`));
  return card;
}

/** The tasks kept in storage.local, where a restarted browser finds them. */
async function keptTasks(): Promise<number> {
  const worker = rig.browser.context.serviceWorkers()[0] ?? (await rig.browser.context.waitForEvent('serviceworker'));
  return worker.evaluate(async () => ((await (globalThis as unknown as ChromeGlobal).chrome.storage.local.get('tasks')).tasks ?? []).length);
}

describe('a call run as a task', () => {
  /** Stops the worker and waits until the panel has lost it (the banner) and got a new one's state back. */
  async function stopWorker() {
    await rig.browser.stopWorker();
    await rig.panel.workerRestarted();
    await rig.panel.tab('Tools');
  }

  it('2026-07-28 (tasks extension): survives a stopped worker, followed by its id alone', async () => {
    const card = await startSlowTask(MODERN, 'research');
    await stopWorker();
    expect(await card.textContent()).not.toContain(`researched for ${MS} ms`);
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain(`researched for ${MS} ms`);
    expect(await card.locator('.status').textContent()).toMatch(/^done/);
    await expect.poll(keptTasks).toBe(0);
  });

  it('survives a stopped worker: the next worker follows the task and shows its result in the same card', async () => {
    const card = await startSlowTask();
    await stopWorker();
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
    await rig.restart();
    await rig.panel.tab('Tools');
    const card = rig.panel.result('slow');
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain(DONE);
    expect(await card.locator('.status').textContent()).toMatch(/^done/);
    await expect.poll(keptTasks).toBe(0);
  });
});
