/**
 * Issue 25: what an app still tried to reach from its frame in Chromium — WebRTC to an
 * undeclared host (counted by a STUN counter on loopback UDP, beside a control page where the
 * same code does send), its frame sent elsewhere (a meta refresh, a data: document), and the
 * extension's own files.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileAppServer, startHostileAppServer } from '../fixtures/hostile-app-server';
import { LOOPBACK_HOST } from '../fixtures/loopback-http';
import { type StunCounter, startStunCounter, webrtcAttempts } from '../fixtures/stun-counter';
import { withExtension } from './rig';

let stun: StunCounter;
let hostile: HostileAppServer;

const rig = withExtension(
  async () => {
    stun = await startStunCounter();
    hostile = await startHostileAppServer({ stun: stun.url });
    return [hostile, stun];
  },
  ({ panel }) => panel.addServer(hostile.url),
);

const appCard = (tool: string) => rig.panel.page.getByRole('region', { name: `App of ${tool}` }).first();
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

describe('WebRTC does not leave an app', () => {
  let control: ReturnType<typeof createServer>;
  let controlUrl: string;
  beforeAll(async () => {
    // The control: the very attempts, in a plain page of a loopback host.
    control = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><body><script>${webrtcAttempts(stun.url)}</script></body>`);
    });
    await new Promise<void>((resolve) => control.listen(0, LOOPBACK_HOST, resolve));
    controlUrl = `http://${LOOPBACK_HOST}:${(control.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    control.closeAllConnections();
    return new Promise<void>((resolve) => control.close(() => resolve()));
  });

  it('the same code sends STUN packets from a plain page (the control)', async () => {
    await expect.poll(() => rig.panel.serverStatus('Hostile Apps'), { timeout: 20_000 }).toBe('Connected');
    stun.packets = 0;
    const page = await rig.browser.context.newPage();
    await page.goto(controlUrl);
    await settle();
    const attempts = await page.evaluate(() => (window as unknown as { rtcAttempts: Record<string, string> }).rtcAttempts);
    await page.close();
    expect(attempts.constructor).toBe('ran: made');
    console.log(`STUN packets from the control page: ${stun.packets}`);
    expect(stun.packets).toBeGreaterThan(0);
  }, 30_000);

  it('an app sends none: no constructor, no child frame’s, no nested document, no data: document', async () => {
    stun.packets = 0;
    await rig.panel.runTool('Hostile Apps', 'webrtc');
    const found = () => hostile.reports.find((entry) => 'constructor' in entry);
    await expect.poll(found, { timeout: 20_000 }).toBeDefined();
    const report = found()!;
    for (const attempt of ['constructor', 'prefixed', 'childFrame', 'srcdoc', 'srcdocAttribute', 'innerHTML', 'namedPolicy', 'xhrDocument']) {
      expect(report[attempt], attempt).toMatch(/^blocked/);
    }
    await settle();
    console.log(`STUN packets from the app: ${stun.packets}; its attempts: ${JSON.stringify(report)}`);
    expect(stun.packets).toBe(0);
    // Its last try, sending its own frame to a data: document, was refused (and closed it).
    await expect.poll(() => appCard('webrtc').getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/left its own page/);
    expect(stun.packets).toBe(0);
  }, 60_000);
});

describe('An app that sends its frame elsewhere', () => {
  it('a meta refresh and a script navigation are refused before any request leaves, and the app is closed', async () => {
    for (const tool of ['refresher', 'leaver']) {
      await rig.panel.runTool('Hostile Apps', tool);
      await expect.poll(() => appCard(tool).getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/left its own page/);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hostile.outside.hits).toEqual([]);
  }, 60_000);
});

describe('The extension’s own files, from an app (a known limit of Chromium, SECURITY.md)', () => {
  // Chromium serves an extension's files to any document whose opaque origin the extension
  // made (extensions/browser/url_request_util.cc, "allows sandboxed data URLs and srcdoc
  // documents from an extension to access its resources"), past any CSP (the scheme bypasses
  // it) and past declarativeNetRequest (which never sees the scheme). This pins what an app
  // gets: the packaged files, which anyone can download from the store, and nothing else.
  it('an app can fetch the manifest and a built chunk, and still nothing of the person', async () => {
    await rig.panel.runTool('Hostile Apps', 'reader');
    const found = () => hostile.reports.find((entry) => 'manifest' in entry);
    await expect.poll(found, { timeout: 20_000 }).toBeDefined();
    const report = found()!;
    console.log(`The extension's files from an app: ${JSON.stringify(report)}`);
    expect(report.extension).toBe('known');
    expect(report.manifest).toMatch(/^reached: 200/);
    expect(report.chunk).toMatch(/^reached: 200/);
  }, 60_000);
});
