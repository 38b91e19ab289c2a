import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hub, SavedServer } from '../../lib/hub';
import { ERA_HORIZON_MS, type EraVerdicts } from '../../lib/mcp/eras';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';
import { memory, testHub, until } from '../hub-harness';

/** What the server was sent, one line per HTTP request, e.g. `POST initialize 200`. */
const wire = (server: FixtureServer) => server.traffic.map((exchange) => `${exchange.httpMethod} ${exchange.messages.join(',')}`.trim());

const connected = (hub: Hub) => until(hub, (state) => state.servers.length > 0 && state.servers.every((server) => server.status === 'connected'));

/** A worker's Hub over stores that outlive it, as browser storage outlives a stopped worker. */
function worker(stores: { servers: ReturnType<typeof memory<SavedServer[]>>; eras: ReturnType<typeof memory<EraVerdicts>> }) {
  return testHub({ servers: stores.servers, eras: stores.eras, backoffMs: () => 60_000 });
}

describe('Hub: remembering what each server speaks', () => {
  let legacy: FixtureServer;
  let modern: FixtureServer;
  beforeAll(async () => {
    [legacy, modern] = await Promise.all([startLegacyServer(), startModernServer({ discoverTtlMs: 3_600_000 })]);
  });
  afterAll(() => Promise.all([legacy.close(), modern.close()]));
  beforeEach(() => {
    legacy.traffic.length = 0;
    modern.traffic.length = 0;
  });

  const stores = (url: string, eras: EraVerdicts = {}) => ({
    servers: memory<SavedServer[]>([{ id: 's', url, enabled: true }]),
    eras: memory(eras),
  });

  it('connects a restarted worker to a 2025-11-25 server without probing it again', async () => {
    const saved = stores(legacy.url);
    const first = worker(saved);
    await first.start();
    expect(wire(legacy).slice(0, 2)).toEqual(['POST server/discover', 'POST initialize']);
    expect(saved.eras.value().s).toMatchObject({ url: legacy.url, era: 'legacy' });
    legacy.traffic.length = 0;

    // The first worker is gone as far as storage knows: a new one starts from what it left.
    const restarted = worker(saved);
    await restarted.start();
    expect(restarted.state().servers[0]).toMatchObject({ status: 'connected', era: 'legacy', protocolVersion: '2025-11-25' });
    expect(wire(legacy)).not.toContain('POST server/discover');
    expect(wire(legacy)[0]).toBe('POST initialize');
    await Promise.all([first.removeServer('s'), restarted.removeServer('s')]);
  });

  it('adopts a 2026-07-28 server’s advertisement while its ttlMs allows: no server/discover at all', async () => {
    const saved = stores(modern.url);
    const first = worker(saved);
    await first.start();
    expect(wire(modern)).toContain('POST server/discover');
    const verdict = saved.eras.value().s;
    expect(verdict).toMatchObject({ url: modern.url, era: 'modern', discover: { supportedVersions: ['2026-07-28'] } });
    const tools = first.state().servers[0]!.tools.map((tool) => tool.name);
    modern.traffic.length = 0;

    const restarted = worker(saved);
    await restarted.start();
    const view = restarted.state().servers[0]!;
    expect(view).toMatchObject({ status: 'connected', era: 'modern', displayName: 'Modern Fixture' });
    expect(view.tools.map((tool) => tool.name)).toEqual(tools);
    expect(wire(modern)).not.toContain('POST server/discover');
    // Its list changes are still listened for: the SDK only subscribes by itself after a probe.
    expect(wire(modern)).toContain('POST subscriptions/listen');
    await Promise.all([first.removeServer('s'), restarted.removeServer('s')]);
  });

  it('falls back to negotiating when a remembered 2026-07-28 verdict is wrong, and remembers the truth', async () => {
    // The server at this URL was replaced by a 2025-11-25 one since.
    const stale: EraVerdicts = {
      s: {
        url: legacy.url,
        at: Date.now(),
        era: 'modern',
        discover: { supportedVersions: ['2026-07-28'], capabilities: { tools: { listChanged: true } }, ttlMs: 3_600_000, cacheScope: 'public' },
      },
    };
    const saved = stores(legacy.url, stale);
    const hub = worker(saved);
    await hub.start();
    expect(hub.state().servers[0]).toMatchObject({ status: 'connected', era: 'legacy', displayName: 'Legacy Fixture' });
    const sent = wire(legacy);
    // The adopted verdict failed at its first request (no session: 400), then the probe ran.
    expect(sent.indexOf('POST subscriptions/listen')).toBeLessThan(sent.indexOf('POST server/discover'));
    expect(legacy.traffic.find((exchange) => exchange.messages[0] === 'subscriptions/listen')?.status).toBe(400);
    expect(saved.eras.value().s).toMatchObject({ era: 'legacy' });
    await hub.removeServer('s');
  });

  it('negotiates afresh on an explicit reconnect, and past the horizon', async () => {
    const remembered = { url: legacy.url, era: 'legacy' as const };
    const fresh = stores(legacy.url, { s: { ...remembered, at: Date.now() } });
    const hub = worker(fresh);
    await hub.start();
    expect(wire(legacy)).not.toContain('POST server/discover');
    await hub.reconnect('s');
    await connected(hub);
    expect(wire(legacy)).toContain('POST server/discover');
    await hub.removeServer('s');

    legacy.traffic.length = 0;
    const old = worker(stores(legacy.url, { s: { ...remembered, at: Date.now() - ERA_HORIZON_MS - 1 } }));
    await old.start();
    expect(wire(legacy)[0]).toBe('POST server/discover');
    await old.removeServer('s');
  });

  it('does not use a verdict learned at another URL, and forgets a removed server’s', async () => {
    const saved = stores(legacy.url, { s: { url: modern.url, at: Date.now(), era: 'legacy' } });
    const hub = worker(saved);
    await hub.start();
    expect(wire(legacy)[0]).toBe('POST server/discover');
    expect(saved.eras.value().s).toMatchObject({ url: legacy.url });
    await hub.removeServer('s');
    expect(saved.eras.value()).toEqual({});
  });
});
