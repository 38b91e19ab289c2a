/**
 * Issue 12, legacy HTTP+SSE servers, in Chromium: the worker reaches a server that speaks only
 * the old transport (the official SDK v1 SSEServerTransport) through the spec's fallback, says
 * so on its card, and a form elicitation over it lands in the inbox and is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSseServer } from '../fixtures/sse-server';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let sse: Awaited<ReturnType<typeof startSseServer>>;

beforeAll(async () => {
  sse = await startSseServer();
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sse?.close();
});

describe('A server on the old HTTP+SSE transport', () => {
  it('connects through the fallback, says so, and answers a form over it', async () => {
    await panel.addServer(sse.url);
    await expect.poll(() => panel.serverStatus('SSE Fixture'), { timeout: 20_000 }).toBe('Connected');
    expect(await panel.server('SSE Fixture').textContent()).toMatch(/old HTTP\+SSE transport/);
    await panel.runTool('SSE Fixture', 'deploy');
    const card = await panel.reach(panel.request('SSE Fixture'));
    await panel.answerDeploy(card, 'staging', 3);
    await expect
      .poll(() => sse.seen.at(-1)?.result, { timeout: 10_000 })
      .toMatchObject({ action: 'accept', content: { target: 'staging', replicas: 3 } });
    await panel.tab('Tools');
    await expect.poll(() => panel.result('deploy').textContent(), { timeout: 10_000 }).toMatch(/staging/);
  }, 60_000);
});
