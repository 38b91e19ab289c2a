/**
 * Sync's wiring in the real worker, before its panel exists: turned on through the port, this
 * browser's server is written to chrome.storage.sync, and what another browser writes there
 * (played here by writing the area from an extension page, as Chrome sync does when it brings a
 * change in) is applied live, and one made while the worker was stopped is not lost. The e2e between two
 * real profiles comes with the panel.
 */
import { describe, expect, it } from 'vitest';
import { startModernServer } from '../fixtures/servers';
import { withExtension } from './rig';

const rig = withExtension(
  () => Promise.all([startModernServer(), startModernServer()]),
  (rig) => rig.panel.addServer(rig.server[0].url, { name: 'Here', headers: 'X-Api-Key: k-9f8e7d6c\nX-Workspace: acme' }),
);

type SyncArea = {
  chrome: { storage: { sync: { get(keys: null): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> } } };
};
const syncItems = () => rig.panel.page.evaluate(() => (globalThis as unknown as SyncArea).chrome.storage.sync.get(null));
const writeSync = (items: Record<string, unknown>) =>
  rig.panel.page.evaluate((values) => (globalThis as unknown as SyncArea).chrome.storage.sync.set(values), items);
/** A command sent on a port of its own, as the panel sends its commands (lib/port/commands.ts). */
const command = (name: string, ...args: unknown[]) =>
  rig.panel.page.evaluate(
    ([name, args]) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { connect(info: { name: string }): { postMessage(message: unknown): void } } } })
        .chrome.runtime;
      runtime.connect({ name: 'toolnexus-panel' }).postMessage({ type: 'command', command: name, args });
    },
    [name, args] as const,
  );

describe('sync in the worker', () => {
  it('writes nothing until turned on, then this browser’s server without its secret', async () => {
    await expect.poll(() => rig.panel.serverStatus('Here')).toBe('Connected');
    expect(await syncItems()).toEqual({});
    await command('setSync', true);
    await expect
      .poll(async () => Object.values(await syncItems()).find((item) => (item as { name?: string }).name === 'Here'))
      .toMatchObject({
        url: rig.server[0].url,
        headers: { 'X-Workspace': 'acme' },
        secretHeaders: ['X-Api-Key'],
      });
    expect(JSON.stringify(await syncItems())).not.toContain('k-9f8e7d6c');
  });

  it('applies a server another browser added, live, and its removal', async () => {
    await writeSync({ 'server:elsewhere': { v: 1, at: Date.now(), by: 'other-browser', url: rig.server[1].url, name: 'From elsewhere' } });
    await expect.poll(() => rig.panel.serverStatus('From elsewhere')).toBe('Connected');
    await writeSync({ 'server:elsewhere': { v: 1, at: Date.now(), by: 'other-browser', removed: true } });
    await expect.poll(() => rig.panel.serverStatus('From elsewhere')).toBe(null);
  });

  // The open panel's port starts the worker again too, so this shows the change is not lost, not which event woke it.
  it('applies a change made while the worker was stopped', async () => {
    await rig.browser.stopWorker();
    await writeSync({ 'server:while-stopped': { v: 1, at: Date.now(), by: 'other-browser', url: rig.server[1].url, name: 'While stopped' } });
    await expect.poll(() => rig.panel.serverStatus('While stopped'), { timeout: 20_000 }).toBe('Connected');
  });
});
