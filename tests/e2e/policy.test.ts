/**
 * An organisation's policy in real Chromium (issue 39): a real file in Chromium's managed-policies
 * folder (tests/fixtures/policy-files.ts), for the id of the build under test, read by the browser
 * and handed to the extension's storage.managed, changed while the panel is open.
 */
import { describe, expect, it } from 'vitest';
import { chromiumExtensionId, chromiumPolicyFile } from '../fixtures/policy-files';
import { startLegacyServer, startModernServer, startShowcaseServer } from '../fixtures/servers';
import { EXTENSION_DIR } from './browser';
import { withExtension } from './rig';

const extensionId = chromiumExtensionId(EXTENSION_DIR);
const policyFile = chromiumPolicyFile(extensionId);
/** Chromium reads the folder again some seconds after a file in it changes. */
const POLICY_RELOAD = { timeout: 45_000, interval: 500 };

let managed: Record<string, unknown>;
const rig = withExtension(async () => {
  const [showcase, modern, legacy] = await Promise.all([startShowcaseServer(), startModernServer(), startLegacyServer()]);
  managed = { name: 'Company showcase', url: showcase.url, headers: { 'X-Tenant': 'e2e' } };
  // In place before the browser starts, as an admin's policy is.
  policyFile.set({ managedMcpServers: [managed], allowedMcpServers: [{ serverUrl: modern.url }] });
  return [showcase, modern, legacy, { close: async () => policyFile.remove() }] as const;
});
const modern = () => rig.server[1];
const legacy = () => rig.server[2];

const errorBanner = () => rig.panel.page.locator('.error.banner');

describe('an organisation policy in Chromium', () => {
  it('reaches the extension of the id the policy names', () => {
    expect(rig.browser.extensionId).toBe(extensionId);
  });

  it('gives everyone its managed server, which cannot be removed', async () => {
    await expect.poll(() => rig.panel.serverStatus('Company showcase'), POLICY_RELOAD).toBe('Connected');
    const card = await rig.panel.serverDetails('Company showcase');
    expect(await card.getByRole('note').textContent()).toMatch(
      /^Set by your organisation managedMcpServers "Company showcase" Your organisation gives you this server/,
    );
    expect(await card.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Edit' }).click();
    expect(await card.getByRole('textbox', { name: 'Server URL' }).getAttribute('readonly')).not.toBeNull();
    await card.getByRole('button', { name: 'Cancel' }).click();
  });

  it('refuses a server it does not list, in words, and adds nothing', async () => {
    await rig.panel.addServer(legacy().url);
    await expect
      .poll(() => errorBanner().textContent())
      .toMatch(
        /^Set by your organisation \(allowedMcpServers\): Your organisation allows only the servers it lists, and this one is not among them\./,
      );
    await errorBanner().getByRole('button', { name: 'Dismiss' }).click();
    expect(await rig.panel.page.locator('.server').count()).toBe(1);
  });

  it('applies a change while the panel is open: a connected server it now denies is blocked, and comes back when allowed', async () => {
    await rig.panel.addServer(modern().url, { name: 'Modern' });
    await expect.poll(() => rig.panel.serverStatus('Modern')).toBe('Connected');
    policyFile.set({ managedMcpServers: [managed], deniedMcpServers: [{ serverName: 'Modern' }] });
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Blocked');
    const card = await rig.panel.serverDetails('Modern');
    expect(await card.getByRole('note').textContent()).toBe(
      'Set by your organisation deniedMcpServers[0] serverName "Modern" Your organisation blocks this server.',
    );
    expect(await rig.panel.serverStatus('Company showcase')).toBe('Connected');

    policyFile.set({ managedMcpServers: [managed] });
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Connected');
  });

  it('holds the last policy over a browser restart, until Chromium answers: a denied server never connects meanwhile', async () => {
    policyFile.set({ managedMcpServers: [managed], deniedMcpServers: [{ serverName: 'Modern' }] });
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Blocked');
    const before = modern().traffic.length;
    await rig.restart();
    await expect.poll(() => rig.panel.serverStatus('Company showcase'), POLICY_RELOAD).toBe('Connected');
    expect(await rig.panel.serverStatus('Modern')).toBe('Blocked');
    expect(modern().traffic.length).toBe(before);
    policyFile.set({ managedMcpServers: [managed] });
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Connected');
  });

  it('blocks every server but the managed ones when the policy cannot be read, and Help says what is wrong', async () => {
    // Chromium hands this over (the schema has no enum on purpose); toolnexus refuses it.
    policyFile.set({ mcpAccess: 'everyone', managedMcpServers: [managed] });
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Blocked');
    expect(await (await rig.panel.serverDetails('Modern')).getByRole('note').textContent()).toMatch(
      /^Set by your organisation the policy Your organisation's policy could not be applied \(mcpAccess is "everyone"/,
    );
    expect(await rig.panel.serverStatus('Company showcase')).toBe('Connected');
    await rig.panel.page.getByRole('button', { name: 'Help' }).click();
    const help = rig.panel.page.getByRole('dialog', { name: 'Help' });
    expect(await help.getByRole('list', { name: 'Problems with the policy' }).textContent()).toContain('mcpAccess is "everyone"');
    await help.getByRole('button', { name: 'Close' }).click();
  });

  it('taken away, leaves everything the person had, the managed server now theirs', async () => {
    policyFile.remove();
    await expect.poll(() => rig.panel.serverStatus('Modern'), POLICY_RELOAD).toBe('Connected');
    const card = await rig.panel.serverDetails('Company showcase');
    expect(await card.getByRole('button', { name: 'Remove' }).count()).toBe(1);
    expect(await rig.panel.serverStatus('Company showcase')).toBe('Connected');
  });
});
