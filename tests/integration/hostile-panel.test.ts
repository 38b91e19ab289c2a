/**
 * Issue 16, items 1, 2 and 4, through the Hub against a real hostile SDK server: what one
 * server sends must never make the panel's state too big to post, nor crowd out another
 * server's Requests, nor pass for another server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub } from '../../lib/hub';
import { MAX_PENDING_PER_SERVER } from '../../lib/inbox';
import { PANEL_BOUNDS } from '../../lib/panelBounds';
import type { CallView } from '../../lib/state';
import { type FloodOutcome, HUGE_LENGTH, startBlindingServer } from '../fixtures/blinding-server';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { testHub, until } from '../hub-harness';

/** The longest string anywhere in `value`, and how deep it nests. */
function measure(value: unknown, depth = 0): { longest: number; depth: number } {
  if (typeof value === 'string') return { longest: value.length, depth };
  if (typeof value !== 'object' || value === null) return { longest: 0, depth };
  return Object.values(value).reduce<{ longest: number; depth: number }>(
    (most, item) => {
      const inner = measure(item, depth + 1);
      return { longest: Math.max(most.longest, inner.longest), depth: Math.max(most.depth, inner.depth) };
    },
    { longest: 0, depth },
  );
}

let hostile: FixtureServer;
let described: FixtureServer;
let honest: FixtureServer;
let hub: Hub;
const ids: Record<string, string> = {};

beforeAll(async () => {
  [hostile, described, honest] = await Promise.all([
    startBlindingServer(),
    startBlindingServer({ name: 'Described Fixture', hugeDescription: true }),
    startLegacyServer(),
  ]);
  hub = testHub();
  ids.hostile = await hub.addServer({ url: hostile.url });
  ids.described = await hub.addServer({ url: described.url });
  ids.honest = await hub.addServer({ url: honest.url });
}, 60_000);

afterAll(async () => {
  for (const id of Object.values(ids)) await hub.removeServer(id);
  await Promise.all([hostile.close(), described.close(), honest.close()]);
});

describe('One server cannot blind the panel', () => {
  it('a 70 MB result enters the panel cut to its bounds, saying so', async () => {
    const call = await hub.callTool(ids.hostile!, 'huge_result', {});
    expect(call.status).toBe('done');
    const shown = hub.state().activities.find((activity) => activity.id === call.id) as CallView;
    const text = (shown.result!.content[0] as { text: string }).text;
    expect(text.length).toBeLessThan(PANEL_BOUNDS.maxString + 100);
    expect(text).toMatch(/more characters not shown\)$/);
    expect(shown.cuts).toEqual([expect.stringContaining('texts longer than 200,000 characters were shortened')]);
    expect(JSON.stringify(hub.state()).length).toBeLessThan(HUGE_LENGTH / 10);
  });

  it('structuredContent 3,500 deep enters the panel no deeper than its bound, and the state still serialises', async () => {
    const call = await hub.callTool(ids.hostile!, 'deep_result', {});
    const shown = hub.state().activities.find((activity) => activity.id === call.id) as CallView;
    expect(measure(shown.result).depth).toBeLessThanOrEqual(PANEL_BOUNDS.maxDepth + 2);
    expect(shown.cuts).toEqual([expect.stringContaining('nested deeper than 32 levels')]);
    expect(() => JSON.stringify(hub.state())).not.toThrow();
  });

  it('a 70 MB tool description is cut in the server’s view, and the server says so', async () => {
    const view = await until(hub, (state) => state.servers.some((server) => server.id === ids.described && server.status === 'connected')).then(
      (state) => state.servers.find((server) => server.id === ids.described)!,
    );
    expect(view.tools.map((tool) => tool.name)).toContain('described');
    expect(measure(view.tools).longest).toBeLessThanOrEqual(PANEL_BOUNDS.maxString + 100);
    expect(view.cuts).toEqual([expect.stringContaining('texts longer than')]);
  });
});

/**
 * Fewer than the e2e's 10,000: in Node every POST of the flood adds an abort listener to the
 * SDK transport's one signal until undici's cleanup runs, and past 1,500 Node's leak warning
 * walks them all each time, which measures Node rather than the cap (the e2e runs in Chromium).
 */
const FLOOD = 1_400;

describe('One server cannot flood the inbox', () => {
  it(`${FLOOD.toLocaleString('en')} questions at once: ${MAX_PENDING_PER_SERVER} wait, the rest are refused with an error, and another server’s Request is still answered`, async () => {
    const flood = hub.callTool(ids.hostile!, 'flood', { count: FLOOD });
    const outcome = () => hostile.seen.find((entry) => entry.tool === 'flood')?.result as FloodOutcome | undefined;
    // Refusals reach the server without changing what the panel shows: poll the server.
    await expect.poll(() => outcome()?.refused ?? 0, { timeout: 90_000, interval: 200 }).toBe(FLOOD - MAX_PENDING_PER_SERVER);
    expect(hub.inbox.pendingFor(ids.hostile!)).toBe(MAX_PENDING_PER_SERVER);
    // Counted once: each place taken where its question entered became its Request's in the inbox.
    expect(hub.inbox.list().filter((request) => request.serverId === ids.hostile)).toHaveLength(MAX_PENDING_PER_SERVER);
    expect(Object.keys(outcome()!.refusals)).toEqual([expect.stringMatching(/already has 50 requests waiting/)]);
    expect(hub.state().notices.filter((notice) => notice.serverId === ids.hostile)).toEqual([
      expect.objectContaining({ kind: 'refused', reason: expect.stringMatching(/asked more than 50 questions at once/) }),
    ]);

    const deploy = hub.callTool(ids.honest!, 'deploy', {});
    const asked = await until(hub, (state) => state.inbox.some((request) => request.serverId === ids.honest));
    const request = asked.inbox.find((item) => item.serverId === ids.honest)!;
    expect(request.serverOrigin).toBe(new URL(honest.url).origin);
    hub.answer({ id: request.id, ok: true, data: { target: 'staging', replicas: 1, note: 'x' } });
    await expect(deploy).resolves.toMatchObject({ status: 'done' });

    for (const pending of hub.state().inbox.filter((item) => item.serverId === ids.hostile))
      hub.answer({ id: pending.id, ok: false, reason: 'declined' });
    await expect(flood).resolves.toMatchObject({ status: 'done' });
    expect(outcome()).toMatchObject({ answered: MAX_PENDING_PER_SERVER, refused: FLOOD - MAX_PENDING_PER_SERVER });
  }, 120_000);
});
