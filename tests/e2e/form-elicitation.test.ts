import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';
import { withExtension } from './rig';

const rig = withExtension();

describe.each([
  { era: '2025-11-25', name: 'Legacy Fixture', start: startLegacyServer },
  { era: '2026-07-28', name: 'Modern Fixture', start: startModernServer },
])('a form elicitation from a $era server, answered in the side panel', ({ era, name, start }) => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());

  it('adds the server, runs the tool, and the answer reaches the server', async () => {
    await rig.panel.addServer(server.url);
    await expect.poll(() => rig.panel.serverStatus(name)).toBe('Connected');
    expect(await (await rig.panel.serverDetails(name)).textContent()).toContain(`MCP ${era}`);

    await rig.panel.runTool(name, 'deploy');
    const request = rig.panel.request(name);
    await request.waitFor();
    expect(await request.textContent()).toContain('Where should web deploy?');
    // A new Request takes focus, and the defaulted field arrives pre-filled.
    expect(await request.getByLabel('Target').evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await request.getByLabel('Note').inputValue()).toBe('routine');

    await request.getByLabel('Target').selectOption({ label: 'prod' });
    await request.getByLabel('Replicas').fill('3');
    await request.getByLabel('Notify team').check();
    await request.getByRole('button', { name: 'Submit' }).click();

    const expected = { action: 'accept', content: { target: 'prod', replicas: 3, notify: true, note: 'routine' } };
    await expect.poll(() => rig.panel.resultJson('deploy')).toEqual(expected);
    expect(server.seen.at(-1)).toEqual({ tool: 'deploy', result: expected });
    expect(await request.count()).toBe(0);
  });

  it('keeps an answer that breaks the schema in the panel instead of sending it', async () => {
    const before = server.seen.length;
    await rig.panel.runTool(name, 'deploy');
    const request = rig.panel.request(name);
    await request.waitFor();
    await request.getByLabel('Target').selectOption({ label: 'staging' });
    await request.getByLabel('Replicas').fill('42');
    await request.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => request.textContent()).toContain('42 is greater than 10');
    expect(server.seen.length).toBe(before);

    await request.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => server.seen.length).toBe(before + 1);
    expect(server.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'decline' } });
    await expect.poll(() => rig.panel.resultJson('deploy')).toEqual({ action: 'decline' });
  });

  it('shows the pending count on the toolbar badge, and Escape cancels', async () => {
    await rig.panel.runTool(name, 'deploy');
    await rig.panel.request(name).waitFor();
    const badge = () => rig.browser.worker.evaluate<string>('chrome.action.getBadgeText({})');
    await expect.poll(badge).toBe('1');
    await rig.panel.request(name).getByLabel('Replicas').press('Escape');
    await expect.poll(badge).toBe('');
    await expect.poll(() => server.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'cancel' } });
  });

  it('submits with Enter', async () => {
    await rig.panel.runTool(name, 'deploy');
    const request = rig.panel.request(name);
    await request.getByLabel('Target').selectOption({ label: 'prod' });
    await request.getByLabel('Replicas').fill('1');
    await request.getByLabel('Replicas').press('Enter');
    await expect
      .poll(() => server.seen.at(-1))
      .toEqual({
        tool: 'deploy',
        result: { action: 'accept', content: { target: 'prod', replicas: 1, note: 'routine' } },
      });
  });

  it('focuses the newest of two Requests asked moments apart, from the Tools tab', async () => {
    // Run twice within the panel's burst window (150 ms): the Inbox comes back into view as the
    // second arrives, and the first card (mounted again) must not take the focus and keep it.
    await rig.panel.runTool(name, 'deploy');
    await rig.panel.request(name).waitFor();
    await rig.panel.runTool(name, 'deploy');
    await expect.poll(() => rig.panel.request(name).count()).toBe(2);
    const [newest, older] = [rig.panel.request(name).first(), rig.panel.request(name).last()];
    await expect.poll(() => newest.getByLabel('Target').evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await older.getByLabel('Target').evaluate((field) => field === document.activeElement)).toBe(false);
    for (const card of [newest, older]) await card.getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => rig.panel.request(name).count()).toBe(0);
  });

  it('remembers the server across a panel reload', async () => {
    await rig.panel.page.reload();
    await expect.poll(() => rig.panel.serverStatus(name)).toBe('Connected');
  });
});
