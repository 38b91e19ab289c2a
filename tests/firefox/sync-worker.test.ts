/**
 * Sync's wiring in Firefox's background page, before its panel exists (tests/e2e/sync-worker.test.ts
 * is Chromium's): turned on through the port, the add-on writes its server to
 * browser.storage.sync without the secret header's value, and an entry another browser's sync
 * brings in (written here from the panel's page) is applied live, then its removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../fixtures/loopback-http';
import { startModernServer } from '../fixtures/servers';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let servers: FixtureServer[];

beforeAll(async () => {
  servers = await Promise.all([startModernServer(), startModernServer()]);
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(async () => {
  await firefox?.close();
  await Promise.all(servers.map((server) => server.close()));
});

/** Runs `body` (an async function body) in the panel's page, where `browser.*` is the add-on's. */
const inPanel = <T>(body: string, ...args: unknown[]) =>
  firefox.marionette.executeAsync<T>(
    `const done = arguments[arguments.length - 1]; const args = Array.from(arguments).slice(0, -1); (async () => { ${body} })().then(done, (error) => done('error: ' + error));`,
    args,
  );
const syncItems = () => inPanel<Record<string, unknown>>('return browser.storage.sync.get(null);');
const writeSync = (items: Record<string, unknown>) => inPanel('await browser.storage.sync.set(args[0]);', items);

describe('sync in the Firefox background page', () => {
  it('writes this browser’s server once turned on, without its secret', async () => {
    await panel.addServer(servers[0]!.url, { name: 'Here', headers: 'X-Api-Key: k-9f8e7d6c\nX-Workspace: acme' });
    await expect.poll(() => panel.serverStatus('Here'), { timeout: 20_000 }).toBe('Connected');
    expect(await syncItems()).toEqual({});
    await inPanel(`browser.runtime.connect({ name: 'toolnexus-panel' }).postMessage({ type: 'command', command: 'setSync', args: [true] });`);
    await expect
      .poll(async () => Object.values(await syncItems()).find((item) => (item as { name?: string }).name === 'Here'), { timeout: 20_000 })
      .toMatchObject({ url: servers[0]!.url, headers: { 'X-Workspace': 'acme' }, secretHeaders: ['X-Api-Key'] });
    expect(JSON.stringify(await syncItems())).not.toContain('k-9f8e7d6c');
  });

  it('applies a server another browser added, live, and its removal', async () => {
    await writeSync({ 'server:elsewhere': { v: 1, at: Date.now(), by: 'other-browser', url: servers[1]!.url, name: 'From elsewhere' } });
    await expect.poll(() => panel.serverStatus('From elsewhere'), { timeout: 20_000 }).toBe('Connected');
    await writeSync({ 'server:elsewhere': { v: 1, at: Date.now(), by: 'other-browser', removed: true } });
    await expect.poll(() => panel.serverStatus('From elsewhere'), { timeout: 20_000 }).toBe(null);
  });
});
