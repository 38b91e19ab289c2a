/**
 * Issue 12, the protocol log in Chromium: the worker records a server's exchanges and
 * messages; the server card shows them (a lazy chunk), paired and filterable; the export
 * holds no planted secret.
 */
import { readFileSync } from 'node:fs';
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
    const card = panel.server('Legacy Fixture');
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
});
