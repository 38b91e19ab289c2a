/**
 * Issue 12, the protocol log in Chromium: the worker records a server's exchanges and
 * messages; the server card shows them (a lazy chunk), paired and filterable; the export
 * holds no planted secret.
 */
import { readFileSync } from 'node:fs';
import type { Har } from 'har-format';
import { describe, expect, it } from 'vitest';
import { startLegacyServer } from '../fixtures/servers';
import { withExtension } from './rig';

const rig = withExtension(startLegacyServer);

describe('The protocol log', () => {
  it('shows each request with its response (tools/list at connect), filters by method, and exports without the planted token', async () => {
    const { panel, server } = rig;
    await panel.addServer(server.url, { headers: 'Authorization: Bearer PLANTED-E2E-TOKEN' });
    await expect.poll(() => panel.serverStatus('Legacy Fixture'), { timeout: 20_000 }).toBe('Connected');
    await panel.tab('Servers');
    const card = await panel.serverDetails('Legacy Fixture');
    await card.getByRole('button', { name: 'Protocol log' }).click();
    const log = card.getByRole('region', { name: 'Protocol log of Legacy Fixture' });
    await log.getByRole('searchbox', { name: 'Filter by method' }).fill('tools/list');
    const rows = log.locator('.protocol-records > li');
    await expect.poll(() => rows.allTextContents(), { timeout: 10_000 }).toEqual([expect.stringMatching(/→ tools\/list #\d+ ↔ result #\d+/)]);
    await log.getByRole('searchbox', { name: 'Filter by method' }).fill('');
    await log.getByRole('combobox', { name: 'Direction' }).selectOption('http');
    await expect.poll(async () => (await rows.allTextContents()).some((text) => /POST \/mcp 200 · [\d.]+ ms/.test(text))).toBe(true);

    const saved = panel.page.waitForEvent('download');
    await log.getByRole('button', { name: 'Export JSON' }).click();
    const file = readFileSync((await (await saved).path())!, 'utf8');
    expect(JSON.parse(file)).toMatchObject({ server: 'Legacy Fixture', records: expect.any(Array) });
    expect(file).toMatch(/tools\/list/);
    expect(file).not.toMatch(/PLANTED/);
  }, 60_000);

  it('exports HAR 1.2 that another tool replays: Playwright answers a tools/list from the file alone', async () => {
    const { panel, server } = rig;
    const log = panel.server('Legacy Fixture').getByRole('region', { name: 'Protocol log of Legacy Fixture' });
    const saved = panel.page.waitForEvent('download');
    await log.getByRole('button', { name: 'Export HAR' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('Legacy-Fixture-protocol-log.har');
    const harPath = (await download.path())!;
    const text = readFileSync(harPath, 'utf8');
    expect(text).not.toMatch(/PLANTED/);
    const har = JSON.parse(text) as Har;
    expect(har.log).toMatchObject({ version: '1.2', creator: { name: 'toolnexus', version: expect.any(String) } });
    const listed = har.log.entries.find((entry) => entry.request.postData?.text?.includes('"tools/list"'));
    expect(listed?.response).toMatchObject({ status: 200, content: { text: expect.stringContaining('"echo"') } });

    // A page on the server's origin whose requests only the HAR may answer.
    const page = await rig.browser.context.newPage();
    try {
      const origin = new URL('/', server.url).href;
      await page.route(origin, (route) => route.fulfill({ contentType: 'text/html', body: '<p>A page on the server’s origin</p>' }));
      await page.goto(origin);
      await page.routeFromHAR(harPath, { notFound: 'abort' });
      const before = server.traffic.length;
      const replayed = await page.evaluate(
        async ({ url, body, type }) => {
          const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': type } });
          return { status: response.status, text: await response.text() };
        },
        { url: listed!.request.url, body: listed!.request.postData!.text!, type: listed!.request.postData!.mimeType },
      );
      expect(replayed).toEqual({ status: 200, text: listed!.response.content.text });
      expect(server.traffic.length).toBe(before);
    } finally {
      await page.close();
    }
  }, 60_000);
});
