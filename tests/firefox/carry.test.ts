/**
 * The sealed backup and the session file through the panel in Firefox (issue 42; Chromium's is
 * tests/e2e/carry.test.ts): a backup exported with its passphrase and applied in a fresh profile,
 * where the server that needs the secret header it carried answers; a wrong passphrase refused
 * in words; a session file saved, then opened in another fresh profile with no server running,
 * shown as a recording. The file the panel saves is taken from its download link as it is
 * clicked (Marionette has no download event); a file is opened through the real file input.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKeyServer, startApiKeyServer } from '../fixtures/api-key-server';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

const KEY = 'sk-live-ff-3e5a7c9b1d';
const PASS = 'correct horse battery staple';
let server: ApiKeyServer;
const browsers: FirefoxWithAddon[] = [];

beforeAll(async () => {
  server = await startApiKeyServer(KEY);
});
afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.close();
});

async function open(): Promise<{ firefox: FirefoxWithAddon; panel: FirefoxPanel }> {
  const firefox = await launchFirefox();
  browsers.push(firefox);
  const panel = await firefox.openPanel();
  await panel.tab('Servers');
  return { firefox, panel };
}

/** Keeps each file the panel saves (its download link's blob, read as it is clicked) in the page, for `takeSaved`. */
const catchSaves = (firefox: FirefoxWithAddon) =>
  firefox.marionette.execute(`
    window.__saved = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      if (!this.download) return click.call(this);
      const name = this.download;
      fetch(this.href).then((response) => response.text()).then((text) => window.__saved.push({ name, text }));
    };`);
const takeSaved = (firefox: FirefoxWithAddon) => firefox.marionette.execute<Array<{ name: string; text: string }>>('return window.__saved;');

function tempFile(name: string, text: string): string {
  const path = join(tmpdir(), `toolnexus-ff-${Date.now()}-${name}`);
  writeFileSync(path, text);
  return path;
}

let backup: { name: string; text: string };
let session: { name: string; text: string };

describe('the sealed backup and the session file in Firefox', () => {
  it('exports a backup and saves a session from the profile that has the server', async () => {
    const { firefox, panel } = await open();
    await panel.addServer(server.url, { name: 'Keyed', headers: `X-Api-Key: ${KEY}` });
    await expect.poll(() => panel.serverStatus('Keyed'), { timeout: 20_000 }).toBe('Connected');
    await panel.runTool('Keyed', 'whoami');
    await expect
      .poll(async () => ((await panel.result('whoami').count()) ? await panel.result('whoami').textContent() : ''), { timeout: 20_000 })
      .toContain('the key was accepted');
    await panel.tab('Servers');
    await catchSaves(firefox);
    await panel.page.locator('#backup-pass').fill(PASS);
    await panel.page.locator('#backup-pass-again').fill(PASS);
    await panel.page.getByRole('button', { name: 'Export a sealed backup' }).click();
    await expect.poll(async () => (await takeSaved(firefox)).length, { timeout: 30_000 }).toBe(1);
    // The protocol log writes its records a moment after each exchange (lib/hub/protocolRecords.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await panel.page.getByRole('button', { name: 'Save all sessions' }).click();
    await expect.poll(async () => (await takeSaved(firefox)).length, { timeout: 30_000 }).toBe(2);
    [backup, session] = (await takeSaved(firefox)) as [typeof backup, typeof session];
    expect(backup!.text).not.toContain(KEY);
    expect(JSON.parse(backup!.text)).toMatchObject({ format: 'toolnexus-backup', kdf: { name: 'PBKDF2', iterations: 600_000 } });
    expect(session!.name).toMatch(/^Keyed-session-/);
    expect(session!.text).not.toContain(KEY);
  });

  it('refuses a wrong passphrase in words, then applies the backup in a fresh profile, where the server answers', async () => {
    const { panel } = await open();
    const path = tempFile(backup.name, backup.text);
    await panel.page.locator('#backup-file').fill(path);
    await panel.page.locator('#backup-open-pass').fill('not the passphrase at all');
    await panel.page.getByRole('button', { name: 'Open', exact: true }).click();
    const refused = panel.page.locator('[role="alert"].error');
    await expect
      .poll(async () => ((await refused.count()) ? await refused.textContent() : ''), { timeout: 30_000 })
      .toContain('does not open this backup');
    await panel.page.locator('#backup-open-pass').fill(PASS);
    await panel.page.getByRole('button', { name: 'Open', exact: true }).click();
    const preview = panel.page.getByRole('region', { name: 'What this backup would do here' });
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.textContent()).toContain('Servers: 1 to add, 0 to replace');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => panel.serverStatus('Keyed'), { timeout: 30_000 }).toBe('Connected');
  });

  it('opens the session file in a fresh profile with no server running, as a recording', async () => {
    await server.close();
    const { panel } = await open();
    await panel.page.locator('.file-button input[type="file"]').fill(tempFile(session.name, session.text));
    const recording = panel.page.getByRole('region', { name: 'Recorded session' });
    await recording.waitFor({ timeout: 20_000 });
    expect(await recording.locator('.recording-banner').textContent()).toMatch(/^A recording, not live: saved .* by toolnexus/);
    expect(await recording.locator('.protocol-records li').count()).toBeGreaterThan(0);
    expect(await recording.textContent()).toContain('the key was accepted');
  });
});
