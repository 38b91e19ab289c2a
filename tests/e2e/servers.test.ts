import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

let browser: ExtensionBrowser;
let panel: PanelPage;
let server: FixtureServer;

beforeAll(async () => {
  server = await startShowcaseServer();
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const savedServers = () =>
  browser.worker.evaluate<Array<{ url: string; name?: string; headers?: Record<string, string>; enabled: boolean }>>(
    'chrome.storage.local.get("servers").then(({ servers }) => servers ?? [])',
  );

describe('managing servers in the panel', () => {
  it('adds a server with a name and a header, and saves it', async () => {
    await panel.addServer(server.url, { name: 'Demo', headers: 'X-Api-Key: k-123' });
    await expect.poll(() => panel.serverStatus('Demo')).toBe('Connected');
    expect(await panel.server('Demo').textContent()).toContain('MCP 2025-11-25');
    expect(await savedServers()).toEqual([
      { id: expect.any(String), url: server.url, name: 'Demo', headers: { 'X-Api-Key': 'k-123' }, enabled: true },
    ]);
    expect(server.traffic.some((exchange) => exchange.httpMethod === 'POST')).toBe(true);
  });

  it('edits the name, and the server keeps working under it', async () => {
    const card = panel.server('Demo');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Name' }).fill('Renamed');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => panel.serverStatus('Renamed')).toBe('Connected');
    expect((await savedServers())[0]?.name).toBe('Renamed');
  });

  it('disables and enables a server', async () => {
    await panel.server('Renamed').getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => panel.serverStatus('Renamed')).toBe('Disabled');
    await panel.tab('Tools');
    expect(await panel.page.getByRole('region', { name: 'Tools of Renamed' }).count()).toBe(0);
    await panel.tab('Servers');
    await panel.server('Renamed').getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => panel.serverStatus('Renamed')).toBe('Connected');
  });

  it('refuses a header line it cannot send, saving nothing', async () => {
    const card = panel.server('Renamed');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Headers' }).fill('no colon here');
    await card.getByRole('button', { name: 'Save' }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Line 1: write headers as "Name: value".');
    await card.getByRole('button', { name: 'Cancel' }).click();
    expect((await savedServers())[0]?.headers).toEqual({ 'X-Api-Key': 'k-123' });
  });

  it('removes a server only after confirmation', async () => {
    const card = panel.server('Renamed');
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Keep' }).click();
    expect(await savedServers()).toHaveLength(1);
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => savedServers()).toEqual([]);
    // The worker saves before it tells the panel; the card goes with the next patch.
    await expect.poll(() => panel.server('Renamed').count()).toBe(0);
  });

  it('shows a server whose host access was denied as such, with a way to ask again', async () => {
    // .invalid never resolves, and nothing is sent without access anyway (RFC 6761).
    await panel.addServer('https://mcp.example.invalid/mcp', { name: 'Elsewhere' });
    await expect.poll(() => panel.serverStatus('Elsewhere')).toBe('Needs access');
    const card = panel.server('Elsewhere');
    expect(await card.textContent()).toContain('toolnexus may not reach https://mcp.example.invalid yet.');
    expect(await card.getByRole('button', { name: 'Grant access' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  });

  it('imports mcp.json, listing the stdio server it skipped and why', async () => {
    await panel.tab('Servers');
    await panel.page.getByText('Import or export mcp.json').click();
    const file = JSON.stringify({
      mcpServers: { showcase: { url: server.url }, files: { command: 'npx', args: ['server-filesystem'] } },
    });
    await panel.page.getByLabel('Import a file').setInputFiles({ name: 'mcp.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    const status = panel.page.locator('.import-result');
    await expect.poll(() => status.textContent()).toContain('Imported 1 server, skipped 1.');
    expect(await panel.page.getByRole('list', { name: 'Skipped servers' }).textContent()).toBe(
      'files: it starts a local program (npx) over stdio, which a browser cannot run.',
    );
    await expect.poll(() => panel.serverStatus('showcase')).toBe('Connected');
  });

  it('says why an unreadable mcp.json imported nothing', async () => {
    await panel.page.getByLabel('Import a file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await expect.poll(() => panel.page.getByRole('alert').first().textContent()).toMatch(/not valid JSON.*Nothing was imported/);
    expect(await savedServers()).toHaveLength(1);
  });

  it('exports the servers as mcp.json', async () => {
    const download = panel.page.waitForEvent('download');
    await panel.page.getByRole('button', { name: 'Export for VS Code' }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual({ servers: { showcase: { type: 'http', url: server.url } } });
  });
});
