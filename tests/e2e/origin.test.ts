/**
 * A server that checks `Origin` (SDK v1 DNS-rebinding protection allowing only its own
 * origin) added in the panel: its first connect is refused, and then it connects, because the
 * worker adds a session rule (lib/originRules.ts, via entrypoints/background/storage.ts) that
 * takes `Origin: chrome-extension://<id>` off the extension's own requests to it — and only
 * those: a web page's request to the same server keeps its Origin and is refused. A server
 * that does not check Origin gets no rule (the rule costs every request ~1 ms).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELLO, startOriginCheckingServer, type OriginCheckingServer } from '../fixtures/origin-checking-server';
import { startLegacyServer } from '../fixtures/servers';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

const NAME = 'Guarded';

let browser: ExtensionBrowser;
let panel: PanelPage;
let server: OriginCheckingServer;
/** What the server refused while the worker connected: the extension's Origin, before the rule. */
let refusedAtConnect: string[] = [];
/** A web page on another origin (`http://localhost:<port>`), for the control. */
let site: Server;
let siteUrl: string;

interface SessionRuleLike {
  id: number;
  action: { type: string; requestHeaders?: Array<{ header: string; operation: string }> };
  condition: { urlFilter?: string; initiatorDomains?: string[] };
}

const sessionRules = () => browser.worker.evaluate<SessionRuleLike[]>('chrome.declarativeNetRequest.getSessionRules()');

beforeAll(async () => {
  server = await startOriginCheckingServer();
  site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Some site</p>'));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
  browser = await launchExtension();
  panel = new PanelPage(await browser.openPanel());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

describe('a server that allows only its own Origin', () => {
  it('connects once added in the panel, after the server refused the extension’s Origin once', async () => {
    await panel.addServer(server.url, { name: NAME });
    await expect.poll(() => panel.serverStatus(NAME)).toBe('Connected');
    refusedAtConnect = [...server.refused];
    expect(refusedAtConnect.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refusedAtConnect)).toEqual(new Set([`Invalid Origin header: chrome-extension://${browser.extensionId}`]));
  });

  it('has a session rule that removes Origin from the extension’s requests to exactly that origin', async () => {
    const rules = await sessionRules();
    expect(rules).toContainEqual(
      expect.objectContaining({
        action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
        condition: expect.objectContaining({ urlFilter: `|${server.origin}/`, initiatorDomains: [browser.extensionId] }),
      }),
    );
  });

  it('runs a tool on it', async () => {
    await panel.runTool(NAME, 'hello');
    const result = panel.result('hello');
    await expect.poll(() => result.locator('.status').textContent()).toMatch(/^done/);
    expect(await result.textContent()).toContain(HELLO);
    expect(server.refused).toEqual(refusedAtConnect);
  });

  it('still refuses a web page’s request to it: the page keeps its Origin', async () => {
    const page = await browser.context.newPage();
    await page.goto(siteUrl);
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '0' } },
    });
    // text/plain keeps it a "simple" request: no preflight, so the POST itself reaches the server.
    await page.evaluate(
      ([url, body]) => fetch(url!, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body }).then(() => undefined),
      [server.url, initialize],
    );
    await expect.poll(() => server.refused).toEqual([...refusedAtConnect, `Invalid Origin header: ${new URL(siteUrl).origin}`]);
    await page.close();
  });

  it('drops the rule when the server is removed', async () => {
    await panel.tab('Servers');
    const card = await panel.serverDetails(NAME);
    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(async () => (await sessionRules()).filter((rule) => rule.condition.urlFilter === `|${server.origin}/`)).toEqual([]);
  });

  it('adds no rule for a server that does not check Origin', async () => {
    const plain = await startLegacyServer();
    try {
      await panel.addServer(plain.url, { name: 'Plain' });
      await expect.poll(() => panel.serverStatus('Plain')).toBe('Connected');
      const origin = new URL(plain.url).origin;
      expect((await sessionRules()).filter((rule) => rule.condition.urlFilter === `|${origin}/`)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
