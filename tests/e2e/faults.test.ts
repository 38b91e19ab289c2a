import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import type { ExtensionBrowser } from './browser';
import { closeRig, launchWithEraServers } from './eraServers';
import type { PanelPage } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let legacy: FixtureServer;
let modern: FixtureServer;

beforeAll(async () => {
  ({ browser, panel, legacy, modern } = await launchWithEraServers());
});

afterAll(() => closeRig({ browser, legacy, modern }));

describe('faults', () => {
  it('a server killed while its Request is pending: the Request is withdrawn with a message, other servers unaffected', async () => {
    await expect.poll(() => panel.serverStatus('Legacy Fixture')).toBe('Connected');
    await expect.poll(() => panel.serverStatus('Modern Fixture')).toBe('Connected');
    await panel.runTool('Modern Fixture', 'deploy');
    await panel.request('Modern Fixture').waitFor();
    await panel.runTool('Legacy Fixture', 'deploy');
    const doomed = panel.request('Legacy Fixture');
    await doomed.waitFor();
    await doomed.getByLabel('Replicas').fill('2');

    const port = Number(new URL(legacy.url).port);
    await legacy.close();
    const notice = panel.page.getByRole('region', { name: 'Withdrawn by Legacy Fixture' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.locator('.error').textContent()).toMatch(/went away before you answered.*can no longer be sent/);
    expect(await doomed.count()).toBe(0);

    // The other server's Request is still there and still reaches its server.
    const other = panel.request('Modern Fixture');
    await other.getByLabel('Target').selectOption({ label: 'staging' });
    await other.getByLabel('Replicas').fill('1');
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => modern.seen.at(-1))
      .toEqual({
        tool: 'deploy',
        result: { action: 'accept', content: { target: 'staging', replicas: 1, note: 'routine' } },
      });

    // The status says what happened, and the server is back once it is.
    await expect.poll(() => panel.serverStatus('Legacy Fixture')).toBe('Error');
    expect(await panel.server('Legacy Fixture').textContent()).toMatch(/Retrying in \d+ s/);
    legacy = await startLegacyServer({ port });
    await expect.poll(() => panel.serverStatus('Legacy Fixture'), { timeout: 20_000 }).toBe('Connected');
  });

  it('a stopped worker: the panel reconnects by itself, servers reconnect, a 2025 Request is reported as lost and a 2026 round is asked again', async () => {
    await panel.runTool('Legacy Fixture', 'deploy');
    await panel.request('Legacy Fixture').waitFor();
    await panel.runTool('Modern Fixture', 'deploy');
    const asked = panel.request('Modern Fixture');
    await asked.waitFor();
    const askedText = await asked.locator('header').textContent();
    legacy.traffic.length = 0;
    await browser.stopWorker();
    // The panel's port dropped with the worker; it reconnects, which starts a new worker.
    const notice = panel.page.getByRole('region', { name: 'Lost from Legacy Fixture' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.locator('.error').textContent()).toContain('never got an answer');
    expect(await panel.request('Legacy Fixture').count()).toBe(0);
    expect(await panel.page.getByRole('region', { name: 'Lost from Modern Fixture' }).count()).toBe(0);

    // The 2026-07-28 call kept its round: the same question, asked at the same time, and the
    // answer reaches the server through the new worker.
    const again = panel.request('Modern Fixture');
    await again.waitFor({ timeout: 20_000 });
    expect((await again.locator('header').textContent())?.replace(/waiting .*/, '')).toBe(askedText?.replace(/waiting .*/, ''));
    await again.getByLabel('Target').selectOption({ label: 'prod' });
    await again.getByLabel('Replicas').fill('4');
    await again.getByRole('button', { name: 'Submit' }).click();
    await expect
      .poll(() => modern.seen.at(-1))
      .toEqual({ tool: 'deploy', result: { action: 'accept', content: { target: 'prod', replicas: 4, note: 'routine' } } });
    await expect.poll(() => panel.resultJson('deploy')).toEqual({ action: 'accept', content: { target: 'prod', replicas: 4, note: 'routine' } });

    await expect.poll(() => panel.serverStatus('Legacy Fixture'), { timeout: 20_000 }).toBe('Connected');
    await expect.poll(() => panel.serverStatus('Modern Fixture')).toBe('Connected');
    // The new worker remembered that this server speaks 2025-11-25: no server/discover probe.
    const sent = legacy.traffic.map((exchange) => exchange.messages[0]);
    expect(sent).toContain('initialize');
    expect(sent).not.toContain('server/discover');

    // And the restarted worker works.
    await panel.runTool('Legacy Fixture', 'deploy');
    await panel.request('Legacy Fixture').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => legacy.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'decline' } });

    // The notice of the lost Request outlives the next stop too, until the person dismisses it:
    // checked once the new worker's own state is in the panel.
    await browser.stopWorker();
    await panel.workerRestarted();
    await panel.tab('Inbox');
    expect(await notice.locator('.error').textContent()).toContain('never got an answer');
    // Dismissed at once after another stop: the click, made while the worker restarts, counts.
    await browser.stopWorker();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => panel.serverStatus('Legacy Fixture'), { timeout: 20_000 }).toBe('Connected');
    await panel.tab('Inbox');
    expect(await notice.count()).toBe(0);
  });

  it('six Requests from one 2025 server at once all get through (browsers allow six connections per origin)', async () => {
    const before = legacy.seen.length;
    for (let i = 0; i < 6; i += 1) await panel.runTool('Legacy Fixture', 'deploy');
    await panel.tab('Inbox');
    // Four wait with their calls (the session's GET stream holds a fifth connection); the
    // rest are queued behind them, leaving a connection free for the answers.
    await expect.poll(() => panel.page.getByRole('region', { name: 'Request from Legacy Fixture' }).count()).toBe(4);
    for (let answered = 0; answered < 6; answered += 1) {
      await panel.page.getByRole('region', { name: 'Request from Legacy Fixture' }).first().getByRole('button', { name: 'Decline' }).click();
      await expect.poll(() => legacy.seen.length).toBe(before + answered + 1);
    }
    expect(legacy.seen.slice(before).map((entry) => entry.result)).toEqual(Array(6).fill({ action: 'decline' }));
  });
});
