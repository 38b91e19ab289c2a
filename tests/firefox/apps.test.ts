/**
 * Issue 25, "Apps in Firefox": an official example app server from npm renders in the Firefox
 * sidebar page and calls its tool, and the Chromium hostile-app checks (tests/e2e/apps.test.ts,
 * apps-escape.test.ts) hold in Firefox, where the app runs in a packaged page loaded into a
 * sandboxed frame (entrypoints/appframe-firefox.html) and a srcdoc frame inside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleAppServer } from '../fixtures/app-servers';
import { BLOCKED_ATTEMPTS, type HostileAppServer, startHostileAppServer } from '../fixtures/hostile-app-server';
import { clickInApp as clickInAppFrame, inApp as inAppFrame } from './appFrame';
import { ADDON_DIR, ADDON_UUID, type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

const VANILLA = 'Basic MCP App Server (Vanilla JS)';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let vanilla: Awaited<ReturnType<typeof startExampleAppServer>>;
let hostile: HostileAppServer;

beforeAll(async () => {
  [vanilla, hostile] = await Promise.all([startExampleAppServer('basic-vanillajs'), startHostileAppServer()]);
  firefox = await launchFirefox();
  // Firefox opens the add-on's sidebar at install: closed here, so one panel runs each app and
  // the servers count one probe's requests, as in the Chromium e2e.
  await firefox.closePanel();
  panel = await firefox.openPanel();
  for (const server of [vanilla, hostile]) await panel.addServer(server.url);
}, 90_000);

afterAll(async () => {
  await firefox?.close();
  await Promise.all([vanilla?.close(), hostile?.close()]);
});

const appCard = (tool: string) => panel.page.getByRole('region', { name: `App of ${tool}` }).first();
const results = (tool: string) => panel.page.getByRole('article', { name: `Result of ${tool}` });
const appCalls = (tool: string) => results(tool).first().locator('.app-calls li');
/** The problem said on an app's card (the Firefox locator finds by the roles the shared contract names, and `alert` is not one). */
const alertOf = (tool: string) => appCard(tool).locator('[role=alert]').textContent();

/** Runs `script` in the app's own document (inside the sandbox page inside the card), and comes back to the panel. */
const inApp = <T>(tool: string, script: string) => inAppFrame<T>(firefox.marionette, appCard(tool), script);
const clickInApp = (tool: string, name: string) => clickInAppFrame(firefox.marionette, appCard(tool), name);

const bodyText = (tool: string) => inApp<string>(tool, 'return document.body ? document.body.textContent : "";');

describe('MCP Apps in Firefox', () => {
  it('the manifest declares the app page among the sandbox pages Firefox 154+ serves, under the same sandbox CSP as Chromium', () => {
    const manifest = JSON.parse(readFileSync(join(ADDON_DIR, 'manifest.json'), 'utf8')) as {
      sandbox?: { pages?: string[] };
      content_security_policy?: { sandbox?: string };
    };
    expect(manifest.sandbox?.pages).toEqual(['appframe-firefox.html']);
    expect(manifest.content_security_policy?.sandbox).toMatch(/^sandbox allow-scripts allow-forms; script-src 'self' 'unsafe-inline'/);
  });

  it('declares the Apps extension to servers, as the Chromium build does', async () => {
    await expect.poll(() => panel.serverStatus('Hostile Apps'), { timeout: 20_000 }).toBe('Connected');
    await expect.poll(() => panel.serverStatus(VANILLA), { timeout: 20_000 }).toBe('Connected');
    expect(hostile.clientCapabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } });
  }, 60_000);

  it('basic-vanillajs renders with its result; a click inside calls its tool back, in the app’s log', async () => {
    await panel.runTool(VANILLA, 'get-time');
    await expect.poll(() => bodyText('get-time'), { timeout: 20_000 }).toMatch(/Get Server Time/);
    await clickInApp('get-time', 'Get Server Time');
    await expect.poll(() => appCalls('get-time').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => appCalls('get-time').first().textContent()).toMatch(/get-time.*done/);
    // The app shows the time its own call returned.
    await expect.poll(() => bodyText('get-time'), { timeout: 10_000 }).toMatch(/\d{4}-\d\d-\d\dT/);
  }, 60_000);

  it('the app never learns the add-on’s UUID: ancestorOrigins, baseURI, referrer, its URL', async () => {
    const seen = await inApp<Record<string, string>>(
      'get-time',
      `return {
        ancestorOrigins: location.ancestorOrigins ? JSON.stringify([...location.ancestorOrigins]) : 'absent',
        baseURI: document.baseURI,
        referrer: document.referrer,
        href: location.href,
        origin: String(self.origin),
      };`,
    );
    console.log(`What the app sees of where it runs: ${JSON.stringify(seen)}`);
    for (const [name, value] of Object.entries(seen)) expect(value, name).not.toMatch(new RegExp(`${ADDON_UUID}|moz-extension`));
    expect(seen.href).toBe('about:srcdoc');
    expect(seen.origin).toBe('null');
  }, 30_000);

  it('the app reads nothing of the extension’s files, even knowing the UUID', async () => {
    const reads = await inApp<Record<string, string>>(
      'get-time',
      `const out = {};
      for (const path of ['/manifest.json', '/appframe-firefox-relay.js']) {
        try { const response = await fetch('moz-extension://${ADDON_UUID}' + path); out[path] = 'reached: ' + response.status; }
        catch (error) { out[path] = 'blocked: ' + error.name; }
      }
      return out;`,
    );
    console.log(`The extension's files from an app: ${JSON.stringify(reads)}`);
    for (const [path, outcome] of Object.entries(reads)) expect(outcome, path).toMatch(/^blocked/);
  }, 30_000);
});

describe('A hostile app cannot leave its frame in Firefox', () => {
  it('extension APIs, the panel, storage, another app, navigation, popups and hosts outside its CSP are all out of reach', async () => {
    // The vanilla app from above still runs: the one the probe tries to reach.
    await expect.poll(() => bodyText('get-time'), { timeout: 20_000 }).toMatch(/Get Server Time/);
    await panel.runTool('Hostile Apps', 'probe');
    await expect.poll(() => hostile.reports.length, { timeout: 20_000 }).toBe(1);
    const report = hostile.reports[0]!;
    await sleep(1_000);
    for (const attempt of BLOCKED_ATTEMPTS) {
      expect(report[attempt], attempt).toMatch(/^blocked/);
    }
    expect(report.fetchAllowed).toBe('reached: 200');
    // Frames, beacons and the form posted last: the outside host's own count is the proof.
    await sleep(1_000);
    expect(hostile.outside.hits).toEqual([]);
    expect(hostile.allowed.hits).toEqual(['/allowed']);
    // Forged messages reached neither the panel's bridge nor the other app.
    expect(hostile.forgedCalls).toBe(0);
    expect(await bodyText('get-time')).not.toMatch(/FORGED/);
  }, 60_000);

  // Headless Firefox here sends no STUN packet even from a plain loopback page (the Chromium
  // e2e's control, tried by hand: 0), so a packet count would prove nothing: the constructors
  // are the proof.
  it('WebRTC: no constructor, no child frame’s, no nested document', async () => {
    await panel.runTool('Hostile Apps', 'webrtc');
    const found = () => hostile.reports.find((entry) => Object.hasOwn(entry, 'constructor'));
    await expect.poll(found, { timeout: 20_000 }).toBeDefined();
    const report = found()!;
    console.log(`The WebRTC app's attempts in Firefox: ${JSON.stringify(report)}`);
    for (const attempt of ['constructor', 'prefixed', 'childFrame', 'srcdoc', 'srcdocAttribute', 'innerHTML', 'namedPolicy', 'xhrDocument']) {
      expect(report[attempt], attempt).toMatch(/^blocked/);
    }
  }, 60_000);

  // Firefox refuses a frame-src navigation without loading an error page, so where Chromium's
  // panel sees the frame load again and closes the app, here the app stays on its own page.
  it('a meta refresh, a script navigation and a blob: document of its own are refused before any request leaves', async () => {
    for (const tool of ['refresher', 'leaver', 'blobber']) await panel.runTool('Hostile Apps', tool);
    await sleep(3_000);
    expect(hostile.outside.hits).toEqual([]);
    // The blob: document would report through the app's channel, with RTCPeerConnection in
    // reach (seen every time while the page loaded the app as a blob: under `frame-src blob:`).
    expect(hostile.reports.filter((entry) => Object.hasOwn(entry, 'blobDocument'))).toEqual([]);
    for (const tool of ['leaver', 'blobber']) expect(await inApp<string>(tool, 'return location.href;'), tool).toBe('about:srcdoc');
    // The refresher never says hello: it ends as any silent app does.
    await expect.poll(() => alertOf('refresher'), { timeout: 20_000 }).toMatch(/did not finish the MCP Apps handshake within 10 sec/);
  }, 60_000);

  it('the Chromium reader app finds no extension origin to read from', async () => {
    await panel.runTool('Hostile Apps', 'reader');
    const found = () => hostile.reports.find((entry) => Object.hasOwn(entry, 'manifest'));
    await expect.poll(found, { timeout: 20_000 }).toBeDefined();
    console.log(`The reader app in Firefox: ${JSON.stringify(found())}`);
    expect(found()!.extension).toBe('unknown');
    expect(found()!.manifest).toMatch(/^blocked/);
  }, 60_000);

  it('a flood is stopped, with the same words as in Chromium', async () => {
    await panel.runTool('Hostile Apps', 'flood');
    await expect.poll(() => alertOf('flood'), { timeout: 20_000 }).toMatch(/more than 500 messages in a second/);
  }, 60_000);
});
