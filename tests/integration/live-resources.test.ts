/**
 * Issue 14, live resources: a read resource watched for changes in both eras — 2025-11-25
 * `resources/subscribe` with `notifications/resources/updated`, 2026-07-28 a
 * `subscriptions/listen` stream naming it — read again in place when it changes, and the
 * watch ended (the server sees it go) on stop and on server removal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { load } from '../../lib/mcp/client';
import type { ResourceReadView } from '../../lib/state';
import { startLegacyServer } from '../fixtures/servers';
import { COUNTER_URI, type LiveServer, startLiveServer } from '../fixtures/live-server';
import { testHub, until } from '../hub-harness';

const never = async (): Promise<never> => {
  throw new Error('nothing here asks the person');
};

let live: LiveServer | undefined;
afterEach(() => live?.close());

const text = (read: ResourceReadView | undefined) => (read?.result?.contents[0] as { text?: string } | undefined)?.text;

describe.each(['legacy', 'modern'] as const)('a watched resource (%s era)', (era) => {
  it('tells the watcher each time it changes, until stopped', async () => {
    live = await startLiveServer(era);
    const connection = await load({ id: 'l', name: 'Live', url: live.url }, { waitFor: never });
    expect(connection.era).toBe(era);
    // A 2026 client may hold a stream of its own already (list changes): count from there.
    const before = live.watchers();
    let updates = 0;
    const stop = await connection.watchResource(COUNTER_URI, { updated: () => (updates += 1), ended: () => {} });
    expect(live.watchers()).toBe(before + 1);
    live.bump();
    await expect.poll(() => updates).toBe(1);
    live.bump();
    await expect.poll(() => updates).toBe(2);
    await stop();
    await expect.poll(() => live!.watchers()).toBe(before);
    live.bump();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updates).toBe(2);
    await connection.close();
  });

  it('is read again in place in the hub, says when, and stops with its server', async () => {
    live = await startLiveServer(era);
    const hub = testHub({ servers: [{ id: 'l', url: live.url, enabled: true }] });
    await hub.start();
    const connected = await until(hub, (state) => state.servers[0]?.status === 'connected');
    expect(connected.servers[0]?.subscribe).toBe(true);
    const before = live.watchers();
    const read = await hub.readResource('l', COUNTER_URI);
    expect(text(read)).toBe('count 0');
    await hub.watchResource(read.id);
    const watched = () => hub.state().activities.find((activity) => activity.id === read.id) as ResourceReadView;
    expect(watched().live?.since).toBeGreaterThan(0);
    live.bump();
    await expect.poll(() => text(watched())).toBe('count 1');
    expect(watched().live?.updatedAt).toBeGreaterThanOrEqual(watched().live!.since);
    expect(hub.state().activities.filter((activity) => activity.kind === 'resource')).toHaveLength(1);

    await hub.unwatchResource(read.id);
    await expect.poll(() => live!.watchers()).toBe(before);
    expect(watched().live).toBeUndefined();

    await hub.watchResource(read.id);
    expect(live.watchers()).toBe(before + 1);
    await hub.removeServer('l');
    await expect.poll(() => live!.watchers()).toBe(0);
  });
});

describe('a server without resource subscriptions', () => {
  it('says so instead of pretending to watch', async () => {
    const plain = await startLegacyServer();
    try {
      const connection = await load({ id: 'p', name: 'Plain', url: plain.url }, { waitFor: never });
      await expect(connection.watchResource('demo://x', { updated: () => {}, ended: () => {} })).rejects.toThrow(
        'Plain does not offer resource subscriptions.',
      );
      await connection.close();
    } finally {
      await plain.close();
    }
  });
});
