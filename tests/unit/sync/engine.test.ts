import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hub, SavedServer } from '../../../lib/hub';
import type { SyncState } from '../../../lib/sync/area';
import { managedStorage, memory, testHub } from '../../hub-harness';
import { syncCloud, type TestArea } from '../../syncCloud';

const SECRET = 'k-4f9a2c7e1b';
const API = 'https://api.example.com/mcp';

/** A hub that syncs through `area`; nothing is fetched (no server may be reached). */
function syncingHub(area: TestArea, servers: SavedServer[] = [], policy?: unknown) {
  const state = memory<Partial<SyncState>>({});
  const saved = memory(servers);
  const hub = testHub({
    servers: saved,
    canReach: async () => false,
    sync: { area, state },
    ...(policy !== undefined && { policy: managedStorage(policy).source }),
  });
  return { hub, state, saved };
}

/** Lets debounced writes, the cloud's deliveries and the listeners they wake run. */
async function settle(cloud: ReturnType<typeof syncCloud>): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    await vi.advanceTimersByTimeAsync(2_000);
    cloud.deliver();
  }
  await vi.advanceTimersByTimeAsync(2_000);
}

/** Two browsers syncing: `servers` in the first, nothing in the second, both turned on and settled. */
async function twoBrowsers(servers: SavedServer[]) {
  const cloud = syncCloud();
  const a = syncingHub(cloud.browser(), servers);
  const b = syncingHub(cloud.browser());
  await Promise.all([a.hub.start(), b.hub.start()]);
  await a.hub.setSync(true);
  await b.hub.setSync(true);
  await settle(cloud);
  return { cloud, a, b };
}

/** One browser syncing, with one server. */
async function oneBrowser() {
  const cloud = syncCloud();
  const area = cloud.browser();
  const a = syncingHub(area, [{ id: 'srv-1', url: API, enabled: true }]);
  await a.hub.start();
  await a.hub.setSync(true);
  await settle(cloud);
  return { cloud, area, a };
}

const serverNamed = (hub: Hub, url: string) => hub.state().servers.find((server) => server.url === url);

describe('sync between two browsers', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('carries servers, settings, saved calls and pins, never a secret; the secret is asked for on the other side', async () => {
    const cloud = syncCloud();
    const a = syncingHub(cloud.browser(), [
      {
        id: 'srv-1',
        url: API,
        name: 'API',
        enabled: true,
        headers: { 'X-Api-Key': SECRET, 'X-Workspace': 'acme' },
        oauthClientId: 'cid',
        oauthClientSecret: 'csecret-77',
      },
    ]);
    const b = syncingHub(cloud.browser());
    await Promise.all([a.hub.start(), b.hub.start()]);
    await a.hub.updateSettings({ requestTimeoutMinutes: 42 });
    await a.hub.saveCall('srv-1', 'search', 'Daily search', { q: 'news' });
    await a.hub.pinTool(API, 'search', true);
    expect(a.hub.state().sync?.enabled).toBe(false);
    await a.hub.setSync(true);
    await settle(cloud);
    await b.hub.setSync(true);
    await settle(cloud);

    const there = serverNamed(b.hub, API);
    expect(there).toMatchObject({ name: 'API', headers: { 'X-Workspace': 'acme' }, oauthClientId: 'cid', enabled: false });
    expect(b.hub.state().settings.requestTimeoutMinutes).toBe(42);
    expect(b.hub.state().savedCalls).toEqual([expect.objectContaining({ name: 'Daily search', serverUrl: API, arguments: { q: 'news' } })]);
    expect(b.hub.state().pinnedTools).toEqual([expect.objectContaining({ serverUrl: API, tool: 'search' })]);
    const everything = JSON.stringify(cloud.cloud());
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain('csecret-77');
    expect(everything).toContain('X-Api-Key');

    const [request] = b.hub.state().inbox;
    expect(request).toMatchObject({
      kind: 'input',
      purpose: 'secrets',
      serverId: there!.id,
      data: { schema: { required: ['X-Api-Key', 'OAuth client secret'] } },
    });
    expect(b.hub.state().sync?.needsSecrets).toEqual([{ serverId: there!.id, name: 'API', headers: ['X-Api-Key'], clientSecret: true }]);
    b.hub.answer({ id: request!.id, ok: true, data: { 'X-Api-Key': SECRET, 'OAuth client secret': 'csecret-77' } });
    await settle(cloud);
    expect(b.saved.value()[0]).toMatchObject({
      headers: { 'X-Api-Key': SECRET, 'X-Workspace': 'acme' },
      oauthClientSecret: 'csecret-77',
      enabled: true,
    });
    expect(b.hub.state().sync?.needsSecrets).toEqual([]);
    // History says the question was answered, never what.
    expect(b.hub.state().history[0]).toMatchObject({ action: 'accept' });
    expect(JSON.stringify(b.hub.state().history)).not.toContain(SECRET);
    expect(JSON.stringify(cloud.cloud())).not.toContain(SECRET);
  });

  it('applies edits and removals live, and a removal leaves a tombstone', async () => {
    const { cloud, a, b } = await twoBrowsers([{ id: 'srv-1', url: API, enabled: true }]);
    expect(serverNamed(b.hub, API)?.enabled).toBe(true);

    await a.hub.updateServer('srv-1', { name: 'Renamed' });
    await settle(cloud);
    expect(serverNamed(b.hub, API)?.name).toBe('Renamed');

    await b.hub.removeServer(serverNamed(b.hub, API)!.id);
    await settle(cloud);
    expect(a.hub.state().servers).toEqual([]);
    expect(cloud.cloud()['server:srv-1']).toMatchObject({ removed: true });
  });

  it('keeps the newer of two edits made at once on both sides, and says so', async () => {
    const { cloud, a, b } = await twoBrowsers([{ id: 'srv-1', url: API, enabled: true }]);

    await a.hub.updateServer('srv-1', { name: 'Older' });
    await vi.advanceTimersByTimeAsync(10);
    await b.hub.updateServer('srv-1', { name: 'Newer' });
    // Both write before either hears of the other; the older arrives at the cloud last.
    await vi.advanceTimersByTimeAsync(3_000);
    cloud.deliver([1, 0]);
    await settle(cloud);
    expect(serverNamed(a.hub, API)?.name).toBe('Newer');
    expect(serverNamed(b.hub, API)?.name).toBe('Newer');
    expect(cloud.cloud()['server:srv-1']).toMatchObject({ name: 'Newer' });
    expect(a.hub.state().sync?.conflicts).toEqual([expect.objectContaining({ key: 'server:srv-1', kept: 'there' })]);
    expect(b.hub.state().sync?.conflicts).toEqual([expect.objectContaining({ key: 'server:srv-1', kept: 'here' })]);
    a.hub.dismissSyncConflicts();
    expect(a.hub.state().sync?.conflicts).toEqual([]);
  });

  it('keeps what is too large in this browser and says so; a refused write is reported and tried again', async () => {
    const { cloud, area, a } = await oneBrowser();
    await a.hub.saveCall('srv-1', 'big', 'Large', { text: 'x'.repeat(9_000) });
    await settle(cloud);
    expect(a.hub.state().sync?.localOnly).toEqual([expect.objectContaining({ kind: 'call', name: 'Large', reason: 'too-large' })]);
    expect(Object.keys(cloud.cloud()).some((key) => key.startsWith('call:'))).toBe(false);

    area.failNext('QUOTA_BYTES quota exceeded');
    await a.hub.updateServer('srv-1', { name: 'After' });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(a.hub.state().sync?.problem).toContain('QUOTA_BYTES quota exceeded');
    await vi.advanceTimersByTimeAsync(61_000);
    expect(a.hub.state().sync?.problem).toBeUndefined();
    expect(area.items()['server:srv-1']).toMatchObject({ name: 'After' });
  });

  it('reads what a newer version or a person wrote as far as it can, and keeps the rest on write-back', async () => {
    const cloud = syncCloud();
    const area = cloud.browser();
    await area.set({
      'server:by-hand': { v: 2, at: 5, by: 'future', url: 'https://hand.example/mcp', name: 42, color: 'teal', headers: { A: 'x', B: 1 } },
      'server:broken': { v: 1, at: 5, by: 'future', url: 'not a url' },
      'call:junk': 'hello',
    });
    const a = syncingHub(area);
    await a.hub.start();
    await a.hub.setSync(true);
    await settle(cloud);
    const read = serverNamed(a.hub, 'https://hand.example/mcp');
    expect(read).toMatchObject({ headers: { A: 'x' } });
    expect(a.hub.state().sync?.unreadable).toEqual(
      expect.arrayContaining([
        { key: 'server:broken', kind: 'server', name: 'A server (id broken)', reason: 'its URL is not an http: or https: address' },
        { key: 'call:junk', kind: 'call', name: 'A saved call (id junk)', reason: 'it is not an object' },
      ]),
    );
    await a.hub.updateServer(read!.id, { name: 'Named here' });
    await settle(cloud);
    expect(cloud.cloud()['server:by-hand']).toMatchObject({ v: 2, color: 'teal', name: 'Named here', url: 'https://hand.example/mcp' });
    expect(cloud.cloud()['server:broken']).toEqual({ v: 1, at: 5, by: 'future', url: 'not a url' });
  });

  it('neither syncs a server the admin policy manages nor changes it from another browser', async () => {
    const cloud = syncCloud();
    // The organisation's policy here manages the server at this address (lib/hub/managedServers.ts).
    const policy = { managedMcpServers: [{ name: 'Corp', url: 'https://corp.example/mcp' }] };
    const a = syncingHub(cloud.browser(), [{ id: 'corp', url: 'https://corp.example/mcp', enabled: true }], policy);
    const b = syncingHub(cloud.browser(), [{ id: 'corp-b', url: 'https://corp.example/mcp', name: 'Mine', enabled: true }]);
    await Promise.all([a.hub.start(), b.hub.start()]);
    await b.hub.setSync(true);
    await a.hub.setSync(true);
    await settle(cloud);
    expect(Object.keys(cloud.cloud())).not.toContain('server:corp');
    expect(a.hub.state().servers.map((server) => server.id)).toEqual(['corp']);
  });

  it('stays off until turned on, and turning it off stops writing', async () => {
    const cloud = syncCloud();
    const area = cloud.browser();
    const a = syncingHub(area, [{ id: 'srv-1', url: API, enabled: true }]);
    await a.hub.start();
    await settle(cloud);
    expect(area.writes()).toBe(0);
    await a.hub.setSync(true);
    await settle(cloud);
    const written = area.writes();
    expect(written).toBeGreaterThan(0);
    await a.hub.setSync(false);
    await a.hub.updateServer('srv-1', { name: 'Not synced' });
    await settle(cloud);
    expect(area.writes()).toBe(written);
    expect(a.state.value()).toMatchObject({ enabled: false, base: {} });
  });

  it('writes a whole burst of changes in one write', async () => {
    const { cloud, area, a } = await oneBrowser();
    const before = area.writes();
    for (let index = 0; index < 30; index += 1) await a.hub.saveCall('srv-1', 'tool', `Call ${index}`, { index });
    await settle(cloud);
    expect(area.writes() - before).toBe(1);
    expect(Object.keys(area.items()).filter((key) => key.startsWith('call:'))).toHaveLength(30);
  });
});
