import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

let browser: ExtensionBrowser;
let server: FixtureServer;

beforeAll(async () => {
  server = await startShowcaseServer();
  browser = await launchExtension();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('an unanswered Request', () => {
  it('expires after the configured time: the server gets cancel and the history says expired', async () => {
    // The panel accepts whole minutes; a saved setting of 3 s keeps this test short. The
    // worker reads settings when it starts, so it is stopped and woken by the panel.
    await browser.setStorage({ settings: { requestTimeoutMinutes: 0.05 }, servers: [{ id: 'show', url: server.url, enabled: true }] });
    await browser.stopWorker();
    const panel = new PanelPage(await browser.openPanel());
    await expect.poll(() => panel.serverStatus('Showcase')).toBe('Connected');

    await panel.runTool('Showcase', 'plan_trip');
    const request = panel.request('Showcase');
    await request.waitFor();
    expect(await request.locator('header').textContent()).toMatch(/expires in [0-4] sec/);
    await request.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => server.seen.at(-1)).toEqual({ tool: 'plan_trip', result: { action: 'cancel' } });

    await panel.tab('History');
    const entry = panel.page.getByRole('region', { name: 'History of Showcase' }).getByRole('listitem').first();
    expect(await entry.textContent()).toMatch(/Cancelled.*expired/);
  });
});
