import { describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { withExtension } from './rig';
import { readText } from '../readText';

const rig = withExtension(startShowcaseServer);

const savedServers = () =>
  rig.browser.worker.evaluate<Array<{ url: string; name?: string; headers?: Record<string, string>; enabled: boolean }>>(
    'chrome.storage.local.get("servers").then(({ servers }) => servers ?? [])',
  );

describe('managing servers in the panel', () => {
  it('adds a server with a name and a header, and saves it', async () => {
    await rig.panel.addServer(rig.server.url, { name: 'Demo', headers: 'X-Api-Key: k-123' });
    await expect.poll(() => rig.panel.serverStatus('Demo')).toBe('Connected');
    expect(await (await rig.panel.serverDetails('Demo')).textContent()).toContain('MCP 2025-11-25');
    expect(await savedServers()).toEqual([
      { id: expect.any(String), url: rig.server.url, name: 'Demo', headers: { 'X-Api-Key': 'k-123' }, enabled: true },
    ]);
    expect(rig.server.traffic.some((exchange) => exchange.httpMethod === 'POST')).toBe(true);
  });

  it('edits the name, and the server keeps working under it', async () => {
    const card = await rig.panel.serverDetails('Demo');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Name' }).fill('Renamed');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rig.panel.serverStatus('Renamed')).toBe('Connected');
    expect((await savedServers())[0]?.name).toBe('Renamed');
  });

  it('disables and enables a server', async () => {
    await (await rig.panel.serverDetails('Renamed')).getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => rig.panel.serverStatus('Renamed')).toBe('Disabled');
    await rig.panel.tab('Tools');
    expect(await rig.panel.page.getByRole('region', { name: 'Tools of Renamed' }).count()).toBe(0);
    await rig.panel.tab('Servers');
    await (await rig.panel.serverDetails('Renamed')).getByRole('button', { name: 'Enable' }).click();
    await expect.poll(() => rig.panel.serverStatus('Renamed')).toBe('Connected');
  });

  it('refuses a header line it cannot send, saving nothing', async () => {
    const card = await rig.panel.serverDetails('Renamed');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('textbox', { name: 'Headers' }).fill('no colon here');
    await card.getByRole('button', { name: 'Save' }).click();
    expect(await card.getByRole('alert').textContent()).toBe('Line 1: write headers as "Name: value".');
    await card.getByRole('button', { name: 'Cancel' }).click();
    expect((await savedServers())[0]?.headers).toEqual({ 'X-Api-Key': 'k-123' });
  });

  it('removes a server only after confirmation, and its results leave the open panel', async () => {
    await rig.panel.runTool('Renamed', 'fail');
    await expect.poll(() => rig.panel.result('fail').count()).toBe(1);
    const card = await rig.panel.serverDetails('Renamed');
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('button', { name: 'Keep' }).click();
    expect(await savedServers()).toHaveLength(1);
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => savedServers()).toEqual([]);
    // The worker saves before it tells the panel; the card goes with the next patch.
    await expect.poll(() => rig.panel.server('Renamed').count()).toBe(0);
    await rig.panel.tab('Tools');
    await expect.poll(() => rig.panel.result('fail').count()).toBe(0);
  });

  it('shows a server whose host access was denied as such, with a way to ask again', async () => {
    // .invalid never resolves, and nothing is sent without access anyway (RFC 6761).
    await rig.panel.addServer('https://mcp.example.invalid/mcp', { name: 'Elsewhere' });
    await expect.poll(() => rig.panel.serverStatus('Elsewhere')).toBe('Needs access');
    const card = await rig.panel.serverDetails('Elsewhere');
    expect(readText(await card.textContent())).toContain('toolnexus may not reach https://mcp.example.invalid yet.');
    expect(await card.getByRole('button', { name: 'Grant access' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  });

  it('imports mcp.json, listing the stdio server it skipped and why', async () => {
    await rig.panel.tab('Servers');
    await rig.panel.page.getByText('Import or export mcp.json').click();
    const file = JSON.stringify({
      mcpServers: { showcase: { url: rig.server.url }, files: { command: 'npx', args: ['server-filesystem'] } },
    });
    await rig.panel.page.getByLabel('Import a file').setInputFiles({ name: 'mcp.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    const status = rig.panel.page.locator('.import-result');
    await expect.poll(() => status.textContent()).toContain('Imported 1 server, skipped 1.');
    expect(await rig.panel.page.getByRole('list', { name: 'Skipped servers' }).textContent()).toBe(
      'files: it starts a local program (npx) over stdio, which a browser cannot run.',
    );
    await expect.poll(() => rig.panel.serverStatus('showcase')).toBe('Connected');
  });

  it('says why an unreadable mcp.json imported nothing', async () => {
    await rig.panel.page.getByLabel('Import a file').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await expect.poll(() => rig.panel.page.getByRole('alert').first().textContent()).toMatch(/not valid JSON.*Nothing was imported/);
    expect(await savedServers()).toHaveLength(1);
  });

  it('exports the servers as mcp.json', async () => {
    const download = rig.panel.page.waitForEvent('download');
    await rig.panel.page.getByRole('button', { name: 'Export for VS Code' }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(JSON.parse(Buffer.concat(chunks).toString())).toEqual({ servers: { showcase: { type: 'http', url: rig.server.url } } });
  });
});
