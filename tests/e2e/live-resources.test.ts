/**
 * Issue 14, live resources in Chromium, in both eras: Watch for changes on a read resource,
 * the card reads it again in place when the server says it changed and says when; Stop
 * watching, Clear and removing the server each end the watch at the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_URI, type LiveServer, startLiveServer } from '../fixtures/live-server';
import { withExtension } from './rig';

const rig = withExtension();

describe.each(['legacy', 'modern'] as const)('a live resource (%s era)', (era) => {
  let live: LiveServer;
  const name = `Live ${era}`;
  beforeAll(async () => {
    live = await startLiveServer(era);
  });
  afterAll(() => live?.close());

  it('refreshes in place when the server says it changed, until the person stops watching', async () => {
    await rig.panel.addServer(live.url, { name });
    await expect.poll(() => rig.panel.serverStatus(name)).toBe('Connected');
    await rig.panel.tab('Resources');
    await rig.panel.page
      .getByRole('region', { name: `Resources of ${name}` })
      .getByRole('button', { name: `Read ${COUNTER_URI}` })
      .click();
    const card = rig.panel.page.getByRole('article', { name: `Resource ${COUNTER_URI}` }).first();
    await expect.poll(() => card.textContent()).toContain('count 0');
    const before = live.watchers();
    const reads = await rig.panel.page.getByRole('article', { name: `Resource ${COUNTER_URI}` }).count();

    await card.getByRole('button', { name: `Watch ${COUNTER_URI}` }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toMatch(/^Live · watching since/);
    expect(live.watchers()).toBe(before + 1);
    live.bump();
    await expect.poll(() => card.textContent()).toContain('count 1');
    expect(await card.getByRole('status').textContent()).toMatch(/^Live · updated \d/);
    // In place: no new card.
    expect(await rig.panel.page.getByRole('article', { name: `Resource ${COUNTER_URI}` }).count()).toBe(reads);

    await card.getByRole('button', { name: `Stop watching ${COUNTER_URI}` }).click();
    await expect.poll(() => live.watchers()).toBe(before);
    live.bump();
    await card.getByRole('button', { name: `Watch ${COUNTER_URI}` }).waitFor();
    expect(await card.textContent()).toContain('count 1');
  });

  it('ends the watch when the results are cleared, and when the server is removed', async () => {
    const card = rig.panel.page.getByRole('article', { name: `Resource ${COUNTER_URI}` }).first();
    const before = live.watchers();
    await card.getByRole('button', { name: `Watch ${COUNTER_URI}` }).click();
    await expect.poll(() => live.watchers()).toBe(before + 1);
    await rig.panel.page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => live.watchers()).toBe(before);

    await rig.panel.page
      .getByRole('region', { name: `Resources of ${name}` })
      .getByRole('button', { name: `Read ${COUNTER_URI}` })
      .click();
    await rig.panel.page.getByRole('button', { name: `Watch ${COUNTER_URI}` }).click();
    await expect.poll(() => live.watchers()).toBe(before + 1);
    await rig.panel.tab('Servers');
    const server = await rig.panel.serverDetails(name);
    await server.getByRole('button', { name: 'Remove' }).click();
    await server.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => live.watchers()).toBe(0);
  });
});
