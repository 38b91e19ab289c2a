/**
 * An organisation's policy in real Firefox (issue 39): policies.json → 3rdparty → Extensions → the
 * add-on id of the build under test, in the place Debian's firefox-esr reads it
 * (tests/fixtures/policy-files.ts). Firefox reads policies.json only at its start and never tells
 * an extension of a change, so where Chromium's test changes the policy under an open panel,
 * this one changes it and starts Firefox again (same profile), and checks that a change made
 * while it runs is not applied before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firefoxPoliciesFile } from '../fixtures/policy-files';
import { type FixtureServer, startLegacyServer, startModernServer, startShowcaseServer } from '../fixtures/servers';
import { ADDON_ID, type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

const policies = firefoxPoliciesFile(ADDON_ID);
let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let showcase: FixtureServer;
let modern: FixtureServer;
let legacy: FixtureServer;
let managed: Record<string, unknown>;

beforeAll(async () => {
  [showcase, modern, legacy] = await Promise.all([startShowcaseServer(), startModernServer(), startLegacyServer()]);
  managed = { name: 'Company showcase', url: showcase.url };
  policies.set({ managedMcpServers: [managed], allowedMcpServers: [{ serverUrl: modern.url }] });
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
}, 90_000);

afterAll(async () => {
  await firefox?.close();
  policies.remove();
  await Promise.all([showcase?.close(), modern?.close(), legacy?.close()]);
});

/** Starts Firefox again on its profile, as after an admin's change: it reads policies.json then. */
async function restart(): Promise<void> {
  firefox = await firefox.restart();
  panel = await firefox.openPanel();
}

const status = (name: string) => panel.serverStatus(name);
const SLOW = { timeout: 30_000 };

describe('an organisation policy in Firefox', () => {
  it('gives everyone its managed server, which cannot be removed', async () => {
    await expect.poll(() => status('Company showcase'), SLOW).toBe('Connected');
    const card = await panel.serverDetails('Company showcase');
    expect(await card.getByText('Set by your organisation').count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Remove' }).count()).toBe(0);
  });

  it('refuses a server it does not list, in words', async () => {
    await panel.addServer(legacy.url);
    await expect
      .poll(() => panel.page.locator('.error.banner').textContent())
      .toMatch(/^Set by your organisation \(allowedMcpServers\): Your organisation allows only the servers it lists/);
    await panel.page.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('applies a change at its next start, not while it runs; a server it now denies is blocked with the rule', async () => {
    await panel.addServer(modern.url, { name: 'Modern' });
    await expect.poll(() => status('Modern'), SLOW).toBe('Connected');
    policies.set({ managedMcpServers: [managed], deniedMcpServers: [{ serverName: 'Modern' }] });
    // Firefox keeps what it read at its start: the server stays connected until Firefox starts again.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await status('Modern')).toBe('Connected');
    await restart();
    await expect.poll(() => status('Modern'), SLOW).toBe('Blocked');
    expect(await (await panel.serverDetails('Modern')).locator('.org-note').textContent()).toBe(
      'Set by your organisation deniedMcpServers[0] serverName "Modern" Your organisation blocks this server.',
    );
    expect(await status('Company showcase')).toBe('Connected');
  });

  it('blocks every server but the managed ones when the policy cannot be read (Firefox hands it over unchecked)', async () => {
    policies.set({ mcpAccess: 'everyone', allowedMcpServers: 'not a list', managedMcpServers: [managed] });
    await restart();
    await expect.poll(() => status('Company showcase'), SLOW).toBe('Connected');
    expect(await status('Modern')).toBe('Blocked');
    expect(await (await panel.serverDetails('Modern')).locator('.org-note').textContent()).toMatch(/could not be applied \(mcpAccess is "everyone"/);
  });

  it('taken away, leaves everything the person had', async () => {
    policies.remove();
    await restart();
    await expect.poll(() => status('Modern'), SLOW).toBe('Connected');
    expect(await (await panel.serverDetails('Company showcase')).getByRole('button', { name: 'Remove' }).count()).toBe(1);
  });
});
