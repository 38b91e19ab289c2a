/**
 * What moves with the person, through the panel in real Chromium (issue 42): a sealed backup
 * exported from one profile and applied in a fresh one, where the server that needs the secret
 * header it carried answers; a wrong passphrase and a tampered file, each refused in words with
 * nothing changed; a session file saved and opened in another fresh profile with no server
 * running, shown as a recording.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiKeyServer } from '../fixtures/api-key-server';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';
import { withExtension } from './rig';

const KEY = 'sk-live-e2e-5b7c9d1f';
const PASS = 'correct horse battery staple';
const rig = withExtension(
  () => startApiKeyServer(KEY),
  async (rig) => {
    await rig.panel.addServer(rig.server.url, { name: 'Keyed', headers: `X-Api-Key: ${KEY}` });
  },
);
const others: ExtensionBrowser[] = [];
afterAll(() => Promise.all(others.map((browser) => browser.close())));

async function freshPanel(): Promise<PanelPage> {
  const browser = await launchExtension();
  others.push(browser);
  const panel = new PanelPage(await browser.openPanel());
  await panel.tab('Servers');
  return panel;
}

/** Clicks `button` and returns the text of the file the panel saved. */
async function saved(page: Page, click: () => Promise<unknown>): Promise<{ name: string; text: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = join(tmpdir(), `toolnexus-carry-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

async function exportBackup(): Promise<{ text: string; path: string }> {
  const { page } = rig.panel;
  await rig.panel.tab('Servers');
  await page.getByLabel('Passphrase', { exact: true }).first().fill(PASS);
  await page.getByLabel('Passphrase again').fill(PASS);
  const file = await saved(page, () => page.getByRole('button', { name: 'Export a sealed backup' }).click());
  expect(file.name).toMatch(/^toolnexus-backup-\d{4}-\d{2}-\d{2}\.json$/);
  return file;
}

async function openBackup(panel: PanelPage, path: string, passphrase: string): Promise<void> {
  await panel.page.getByLabel('Backup file').setInputFiles(path);
  await panel.page.locator('#backup-open-pass').fill(passphrase);
  await panel.page.getByRole('button', { name: 'Open', exact: true }).click();
}

describe('a sealed backup through the panel', () => {
  it('is exported with the passphrase twice, holds no secret in the clear, and is applied in a fresh profile where the server answers', async () => {
    await expect.poll(() => rig.panel.serverStatus('Keyed'), { timeout: 20_000 }).toBe('Connected');
    const { text, path } = await exportBackup();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text)).toMatchObject({ format: 'toolnexus-backup', kdf: { name: 'PBKDF2', iterations: 600_000 } });

    const fresh = await freshPanel();
    await openBackup(fresh, path, 'not the passphrase at all');
    await expect.poll(() => fresh.page.getByRole('alert').filter({ hasText: 'does not open this backup' }).count(), { timeout: 30_000 }).toBe(1);
    expect(await fresh.server('Keyed').count()).toBe(0);

    await openBackup(fresh, path, PASS);
    const preview = fresh.page.getByRole('region', { name: 'What this backup would do here' });
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.textContent()).toContain('Servers: 1 to add, 0 to replace');
    await preview.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => fresh.serverStatus('Keyed'), { timeout: 30_000 }).toBe('Connected');
    await fresh.runTool('Keyed', 'whoami');
    await expect
      .poll(async () => ((await fresh.result('whoami').count()) ? await fresh.result('whoami').textContent() : ''), { timeout: 20_000 })
      .toContain('the key was accepted');
  });

  it('refuses a tampered file in words and changes nothing', async () => {
    const { text } = await exportBackup();
    const sealed = JSON.parse(text) as { ciphertext: string };
    // One character of the ciphertext changed: AES-GCM's tag no longer matches.
    const flipped = sealed.ciphertext[10] === 'A' ? 'B' : 'A';
    const tampered = join(tmpdir(), `toolnexus-carry-tampered-${Date.now()}.json`);
    writeFileSync(tampered, JSON.stringify({ ...sealed, ciphertext: `${sealed.ciphertext.slice(0, 10)}${flipped}${sealed.ciphertext.slice(11)}` }));
    const fresh = await freshPanel();
    await openBackup(fresh, tampered, PASS);
    await expect
      .poll(() => fresh.page.getByRole('alert').filter({ hasText: 'were changed after it was sealed' }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await fresh.server('Keyed').count()).toBe(0);
  });
});

describe('a session file through the panel', () => {
  it('is saved, then opened in a fresh profile with no server running, shown as a recording', async () => {
    const { page } = rig.panel;
    await rig.panel.runTool('Keyed', 'whoami');
    await expect
      .poll(async () => ((await rig.panel.result('whoami').count()) ? await rig.panel.result('whoami').textContent() : ''), { timeout: 20_000 })
      .toContain('the key was accepted');
    // The protocol log writes its records a moment after each exchange (lib/hub/protocolRecords.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await rig.panel.tab('Servers');
    const file = await saved(page, () => page.getByRole('button', { name: 'Save all sessions' }).click());
    // One server here: the file is named by it (lib/sessionFile/write.ts).
    expect(file.name).toMatch(/^Keyed-session-/);
    expect(file.text).not.toContain(KEY);
    await rig.server.close();

    const fresh = await freshPanel();
    await fresh.page.getByLabel('Open a session file').setInputFiles(file.path);
    const recording = fresh.page.getByRole('region', { name: 'Recorded session' });
    await recording.waitFor({ timeout: 20_000 });
    expect(await recording.getByRole('note').textContent()).toMatch(/^A recording, not live: saved .* by toolnexus/);
    const server = recording.getByRole('article', { name: 'Keyed' });
    expect(await server.locator('.protocol-records li').count()).toBeGreaterThan(0);
    await server.getByLabel('Filter by method').fill('tools/call');
    await expect.poll(() => server.locator('.protocol-records li').count()).toBeGreaterThan(0);
    expect(await server.locator('.protocol-records').textContent()).not.toContain('tools/list');
    await server.getByText('Calls and results').click();
    expect(await server.textContent()).toContain('the key was accepted');
    expect(await fresh.server('Keyed').count()).toBe(0);
  });
});
