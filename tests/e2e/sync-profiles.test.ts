/**
 * Sync between two real Chromium profiles (issue 42). Two profiles cannot share a real
 * storage.sync without a Google account signed in to both, which a test machine has not: so
 * each profile keeps its own real chrome.storage.sync, and this test is the cloud between them —
 * it reads one profile's area through that extension's own service worker and writes what
 * differs into the other's the same way (`carry`), as Chrome sync does when it brings another
 * browser's change in (each write fires that profile's storage.sync.onChanged). Everything else is
 * real: the built extension in both, its worker, its panel, the servers on 127.0.0.1, and an
 * organisation's policy file read by Chromium (tests/fixtures/policy-files.ts), in force in both.
 */
import type { Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumExtensionId, chromiumPolicyFile } from '../fixtures/policy-files';
import { startModernServer } from '../fixtures/servers';
import { EXTENSION_DIR, type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

type Chrome = {
  chrome: {
    storage: {
      sync: { get(keys: null): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> };
      local: { get(key: string): Promise<Record<string, unknown>> };
    };
    runtime: { connect(info: { name: string }): { postMessage(message: unknown): void } };
  };
};
interface Profile {
  browser: ExtensionBrowser;
  panel: PanelPage;
}

const policyFile = chromiumPolicyFile(chromiumExtensionId(EXTENSION_DIR));
const servers: Array<Awaited<ReturnType<typeof startModernServer>>> = [];
let a: Profile;
let b: Profile;
const SECRET = 'k-sync-e2e-8d6f4b2a';

const worker = async (profile: Profile): Promise<Worker> =>
  profile.browser.context.serviceWorkers()[0] ?? (await profile.browser.context.waitForEvent('serviceworker'));
const syncItems = async (profile: Profile) => (await worker(profile)).evaluate(() => (globalThis as unknown as Chrome).chrome.storage.sync.get(null));

/** The cloud: what `from`'s area holds that `to`'s does not (or holds otherwise) is written into `to`'s, as Chrome sync delivers it. */
async function carry(from: Profile, to: Profile): Promise<void> {
  const [there, here] = await Promise.all([syncItems(from), syncItems(to)]);
  const changed = Object.fromEntries(Object.entries(there).filter(([key, value]) => JSON.stringify(here[key]) !== JSON.stringify(value)));
  if (Object.keys(changed).length > 0)
    await (await worker(to)).evaluate((items) => (globalThis as unknown as Chrome).chrome.storage.sync.set(items), changed);
}

/** A command sent on a port of its own, as the panel sends its commands (lib/port/commands.ts). */
const command = (profile: Profile, name: string, ...args: unknown[]) =>
  profile.panel.page.evaluate(
    ([name, args]) =>
      (globalThis as unknown as Chrome).chrome.runtime.connect({ name: 'toolnexus-panel' }).postMessage({ type: 'command', command: name, args }),
    [name, args] as const,
  );
const serverId = async (profile: Profile, name: string): Promise<string> => {
  const { servers: saved } = (await (
    await worker(profile)
  ).evaluate(() => (globalThis as unknown as Chrome).chrome.storage.local.get('servers'))) as {
    servers: Array<{ id: string; name?: string }>;
  };
  return saved.find((server) => server.name === name)!.id;
};
/** How many cards of that name the Servers tab shows (a new Request takes the panel to the Inbox, so the tab is chosen each time). */
async function shown(profile: Profile, name: string): Promise<number> {
  await profile.panel.tab('Servers');
  return profile.panel.server(name).count();
}
const syncSection = (profile: Profile) => profile.panel.page.getByRole('region', { name: 'Sync', exact: true });

async function open(): Promise<Profile> {
  const browser = await launchExtension();
  const panel = new PanelPage(await browser.openPanel());
  return { browser, panel };
}

async function turnOn(profile: Profile): Promise<void> {
  await profile.panel.tab('Servers');
  await syncSection(profile).getByLabel('Sync my servers and settings through this browser').check();
}

beforeAll(async () => {
  servers.push(...(await Promise.all([startModernServer(), startModernServer(), startModernServer()])));
  // The organisation gives everyone the third server, in both profiles.
  policyFile.set({ managedMcpServers: [{ name: 'Company server', url: servers[2]!.url }] });
  [a, b] = await Promise.all([open(), open()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.browser.close(), b?.browser.close()]);
  policyFile.remove();
  await Promise.all(servers.map((server) => server.close()));
});

describe('sync between two Chromium profiles', () => {
  it('is off until turned on, and then carries a server added on one side to the other, never its secret, which the other asks for', async () => {
    await a.panel.addServer(servers[0]!.url, { name: 'Shared', headers: `X-Api-Key: ${SECRET}\nX-Workspace: acme` });
    await expect.poll(() => a.panel.serverStatus('Shared'), { timeout: 20_000 }).toBe('Connected');
    expect(await syncItems(a)).toEqual({});
    await turnOn(a);
    await turnOn(b);
    await expect.poll(async () => JSON.stringify(await syncItems(a)), { timeout: 20_000 }).toContain('Shared');
    expect(JSON.stringify(await syncItems(a))).not.toContain(SECRET);
    await carry(a, b);
    await expect.poll(() => shown(b, 'Shared'), { timeout: 20_000 }).toBe(1);
    // Secrets never sync: the other side asks for the header in its Inbox, in a password field.
    await b.panel.tab('Inbox');
    const request = b.panel.page.getByRole('region', { name: /^Request from/ }).filter({ hasText: 'secrets never sync' });
    await expect.poll(() => request.count(), { timeout: 20_000 }).toBe(1);
    expect(await request.locator('input[type="password"]').count()).toBe(1);
  });

  it('never syncs the server the organisation manages', async () => {
    await expect.poll(() => a.panel.serverStatus('Company server'), { timeout: 45_000 }).not.toBe(null);
    await a.panel.tab('Servers');
    expect(JSON.stringify(await syncItems(a))).not.toContain(servers[2]!.url);
  });

  it('carries an edit and a removal', async () => {
    const id = await serverId(a, 'Shared');
    await command(a, 'updateServer', id, { name: 'Shared, renamed' });
    await expect.poll(async () => JSON.stringify(await syncItems(a)), { timeout: 20_000 }).toContain('Shared, renamed');
    await carry(a, b);
    await expect.poll(() => shown(b, 'Shared, renamed'), { timeout: 20_000 }).toBe(1);
    await command(a, 'removeServer', id);
    await expect.poll(async () => JSON.stringify(await syncItems(a)), { timeout: 20_000 }).toContain('"removed":true');
    await carry(a, b);
    await expect.poll(() => shown(b, 'Shared, renamed'), { timeout: 20_000 }).toBe(0);
  });

  it('keeps the newer of two edits made at once, and the panel says so until dismissed', async () => {
    await a.panel.addServer(servers[1]!.url, { name: 'Both' });
    await expect.poll(async () => JSON.stringify(await syncItems(a)), { timeout: 20_000 }).toContain('Both');
    await carry(a, b);
    await expect.poll(() => shown(b, 'Both'), { timeout: 20_000 }).toBe(1);
    // Edited on both sides before either hears of the other: B first, then A (newer).
    await command(b, 'updateServer', await serverId(b, 'Both'), { name: 'Both, from B' });
    await expect.poll(async () => JSON.stringify(await syncItems(b)), { timeout: 20_000 }).toContain('Both, from B');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await command(a, 'updateServer', await serverId(a, 'Both'), { name: 'Both, from A' });
    await expect.poll(async () => JSON.stringify(await syncItems(a)), { timeout: 20_000 }).toContain('Both, from A');
    await carry(a, b);
    await expect.poll(() => shown(b, 'Both, from A'), { timeout: 20_000 }).toBe(1);
    await b.panel.tab('Servers');
    const said = syncSection(b).getByRole('status').filter({ hasText: 'was changed in two browsers at once' });
    await expect.poll(() => said.count(), { timeout: 20_000 }).toBe(1);
    await said.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => said.count()).toBe(0);
  });

  it('keeps what is too large for one entry here, marked local only, and says so', async () => {
    const id = await serverId(a, 'Both, from A');
    await command(a, 'saveCall', id, 'echo', 'Too large to sync', { text: 'x'.repeat(12_000) });
    await a.panel.tab('Servers');
    const local = syncSection(a).locator('.sync-local-only li').filter({ hasText: 'Too large to sync' });
    await expect.poll(() => local.count(), { timeout: 20_000 }).toBe(1);
    expect(await local.textContent()).toMatch(/local only.*too large to sync/);
    expect(JSON.stringify(await syncItems(a))).not.toContain('Too large to sync');
  });
});
