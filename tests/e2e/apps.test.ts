/**
 * Issue 11: MCP Apps in the side panel, against the official example app servers from npm
 * (their own tools and HTML, none written here), in Chromium.
 */
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleAppServer } from '../fixtures/app-servers';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let vanilla: Awaited<ReturnType<typeof startExampleAppServer>>;

beforeAll(async () => {
  vanilla = await startExampleAppServer('basic-vanillajs');
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
  await panel.addServer(vanilla.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await vanilla?.close();
});

/** The app's own document: the frame inside the sandbox page inside the panel. */
async function appFrame(tool: string): Promise<Frame> {
  const outer = await panel.page
    .getByRole('region', { name: `App of ${tool}` })
    .locator('iframe')
    .first()
    .elementHandle({ timeout: 20_000 });
  const outerFrame = await outer!.contentFrame();
  const inner = await outerFrame!.locator('iframe').elementHandle({ timeout: 20_000 });
  return (await inner!.contentFrame())!;
}

describe('MCP Apps', () => {
  it('the basic vanilla JS app renders with the result, and a click inside it calls its tool', async () => {
    await expect.poll(() => panel.serverStatus('Basic MCP App Server (Vanilla JS)'), { timeout: 20_000 }).toBe('Connected');
    await panel.runTool('Basic MCP App Server (Vanilla JS)', 'get-time');
    const app = await appFrame('get-time');
    await app.getByRole('button', { name: /Get Server Time/i }).waitFor({ timeout: 20_000 });
    const before = await panel.page.getByRole('article', { name: 'Result of get-time' }).count();
    await app.getByRole('button', { name: /Get Server Time/i }).click();
    await expect.poll(() => panel.page.getByRole('article', { name: 'Result of get-time' }).count(), { timeout: 10_000 }).toBe(before + 1);
  }, 90_000);
});
