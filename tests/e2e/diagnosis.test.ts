/**
 * Issue 12, connection diagnostics in Chromium: the worker's own `fetch` (whose failures say
 * less than Node's) and its sign-in path, each failure in words on the server card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Misbehaviour, startMisbehavingServer } from '../fixtures/misbehaving-server';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';
import { readText } from '../readText';

let browser: ExtensionBrowser;
let panel: PanelPage;
const servers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** The card's alert once the server at `url` (named after its host: it never said its own name) failed. */
async function cardSays(url: string): Promise<string> {
  await panel.addServer(url);
  await panel.tab('Servers');
  const alert = panel.server(new URL(url).host).getByRole('alert');
  await alert.waitFor({ timeout: 20_000 });
  // As it reads: the isolates around hosts and URLs (lib/i18n `isolatedUrl`) are invisible.
  return readText(await alert.textContent());
}

async function misbehaving(how: Misbehaviour): Promise<string> {
  const server = await startMisbehavingServer(how);
  servers.push(server);
  return server.url;
}

describe('A server that cannot be connected says why, in Chromium', () => {
  it('nothing listening', async () => {
    expect(await cardSays('http://127.0.0.1:9/mcp')).toMatch(/Could not reach 127\.0\.0\.1:9: nothing answered/);
  }, 30_000);

  it('404 on the path', async () => {
    expect(await cardSays(await misbehaving('not-found'))).toMatch(
      /404 Not Found\)\. MCP servers usually live at \/mcp: try http:\/\/127\.0\.0\.1:\d+\/mcp/,
    );
  }, 30_000);

  it('a web page where MCP should be', async () => {
    expect(await cardSays(await misbehaving('html'))).toMatch(/answered with a web page, not MCP/);
  }, 30_000);

  it('401 with no sign-in metadata, through the sign-in path: says to add a token header instead', async () => {
    const url = await misbehaving('bare-401');
    await panel.addServer(url);
    await panel.tab('Servers');
    const card = panel.server(new URL(url).host);
    await expect.poll(() => card.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Needs sign-in');
    // Since the sign-in trace (issue 27) the card names what was missing: the server's own
    // protected resource metadata, not the authorization server's.
    expect(await card.textContent()).toMatch(
      /needs a sign-in but does not say where.*add it as a header instead \(Edit → Name, headers and sign-in\)/,
    );
  }, 30_000);
});
