/**
 * Load, in Node through the Hub (what the worker runs): 100 calls over 10 servers, every one
 * asking the person, answered in a random order. Each call carries its own token, the
 * question names it, and the answer is `<token>-ok`: every server must get exactly its own
 * calls' answers — none lost, none crossed — and every call must end with its own result.
 *
 * 2026-07-28 calls all wait at once (an `input_required` round holds no connection). A
 * 2025-11-25 call holds one while it waits, so the client may let only a few per origin
 * wait at a time: those are answered, in a random order, as they appear.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub, SavedServer } from '../../lib/hub';
import type { CallView, HubState } from '../../lib/state';
import type { FixtureServer } from '../fixtures/servers';
import { startModernTokenServer, startTokenServer, tokenMessage, type TokenOutcome } from '../fixtures/token-server';
import { testHub } from '../hub-harness';

const SERVERS = 10;
const CALLS_PER_SERVER = 10;
const TOTAL = SERVERS * CALLS_PER_SERVER;
const SEED = Number(process.env.LOAD_SEED ?? Date.now() % 1_000_000);

function until(hub: Hub, predicate: (state: HubState) => boolean, timeoutMs = 20_000): Promise<HubState> {
  if (predicate(hub.state())) return Promise.resolve(hub.state());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The hub never got there: ${hub.state().inbox.length} pending, ${hub.state().activities.length} activities.`));
    }, timeoutMs);
    const stop = hub.subscribe((state) => {
      if (!predicate(state)) return;
      clearTimeout(timer);
      stop();
      resolve(state);
    });
  });
}

/** `items` in an order drawn from `seed` (LOAD_SEED replays one). */
const shuffled = <T>(items: T[], seed: number): T[] =>
  fc.sample(fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length }), { seed, numRuns: 1 })[0]!;

const tokenIn = (prompt: string) => /^Token (\S+):/.exec(prompt)?.[1];

interface Call {
  serverId: string;
  token: string;
  done: Promise<CallView>;
}

describe.each([
  { era: '2026-07-28', start: startModernTokenServer, allAtOnce: true },
  { era: '2025-11-25', start: startTokenServer, allAtOnce: false },
])(`${TOTAL} calls that ask the person, over ${SERVERS} $era servers, answered in a random order (seed ${SEED})`, ({ start, allAtOnce }) => {
  const servers: FixtureServer[] = [];
  let hub: Hub;
  const calls: Call[] = [];
  let mostAtOnce = 0;

  beforeAll(async () => {
    servers.push(...(await Promise.all(Array.from({ length: SERVERS }, (_, index) => start({ name: `Token Fixture ${index + 1}` })))));
    const saved: SavedServer[] = servers.map((server, index) => ({
      id: `load-${index + 1}`,
      url: server.url,
      name: `Tokens ${index + 1}`,
      enabled: true,
    }));
    hub = testHub({ servers: saved, backoffMs: () => 60_000 });
    await hub.start();
    expect(hub.state().servers.map((server) => server.status)).toEqual(Array(SERVERS).fill('connected'));
    hub.subscribe((state) => void (mostAtOnce = Math.max(mostAtOnce, state.inbox.length)));
  });

  afterAll(async () => {
    for (const server of hub.state().servers) await hub.removeServer(server.id);
    await Promise.all(servers.map((server) => server.close()));
  });

  it(`starts all ${TOTAL}; every Request names its own server, and every running call is shown`, async () => {
    for (const [index] of servers.entries()) {
      for (let call = 1; call <= CALLS_PER_SERVER; call += 1) {
        const serverId = `load-${index + 1}`;
        const token = `tk-${String(index + 1).padStart(2, '0')}-${String(call).padStart(2, '0')}-${Math.random().toString(36).slice(2, 8)}`;
        calls.push({ serverId, token, done: hub.callTool(serverId, 'ask_token', { token }) });
      }
    }
    // 2025-era: as many as the client lets wait at once; 2026-era: all of them.
    const { inbox, activities } = await until(hub, (state) => state.inbox.length >= (allAtOnce ? TOTAL : 1));
    for (const request of inbox) {
      const call = calls.find((candidate) => request.prompt === tokenMessage(candidate.token));
      expect(request.serverId).toBe(call?.serverId);
    }
    // The panel shows every running call, with its Cancel button, until it ends.
    expect(activities.filter((activity) => activity.status === 'running')).toHaveLength(TOTAL);
  });

  it(`delivers every answer to its own server and call: ${TOTAL} answered, 0 lost, 0 crossed`, async () => {
    const started = Date.now();
    let round = 0;
    let answered = 0;
    // Whatever waits now, in a random order; then whatever came meanwhile, until all are done.
    while (answered < TOTAL && Date.now() - started < 30_000) {
      const pending = hub.inbox.list();
      if (pending.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      for (const request of shuffled(pending, SEED + round)) {
        const token = tokenIn(request.prompt);
        const call = calls.find((candidate) => candidate.token === token);
        // The Request is one this call asked, of the server it was sent to.
        expect(request.serverId).toBe(call?.serverId);
        hub.answer({ id: request.id, ok: true, data: { answer: `${token}-ok` } });
        answered += 1;
      }
      round += 1;
    }
    expect(answered).toBe(TOTAL);
    expect(hub.inbox.size).toBe(0);

    const views = await Promise.all(calls.map((call) => call.done));
    views.forEach((view, index) => {
      const { serverId, token } = calls[index]!;
      // Each call resolves with its own view, done, carrying its own token's answer.
      expect(view, `call ${token}`).toBeDefined();
      expect(view).toMatchObject({ serverId, kind: 'tool', tool: 'ask_token', args: { token }, status: 'done' });
      expect(view.result?.content).toEqual([{ type: 'text', text: JSON.stringify({ token, action: 'accept', content: { answer: `${token}-ok` } }) }]);
    });
    servers.forEach((server, index) => {
      const mine = calls
        .filter((call) => call.serverId === `load-${index + 1}`)
        .map((call) => call.token)
        .sort();
      const seen = server.seen.map((entry) => entry.result as TokenOutcome);
      expect(seen.map((outcome) => outcome.token).sort()).toEqual(mine);
      for (const outcome of seen) expect(outcome).toEqual({ token: outcome.token, action: 'accept', content: { answer: `${outcome.token}-ok` } });
    });
    console.info(`${TOTAL} answers delivered in ${Date.now() - started} ms, ${round} rounds, at most ${mostAtOnce} waiting at once`);
  });

  it('refuses a second answer to any of them, and the history has each once', () => {
    const history = hub.state().history;
    for (const { token } of calls) expect(history.filter((entry) => entry.prompt === tokenMessage(token))).toHaveLength(1);
    expect(() => hub.answer({ id: history[0]!.requestId, ok: true, data: { answer: 'again' } })).toThrow(/No pending request/);
  });
});

describe('several 2025-11-25 servers saved on one origin', () => {
  // Each 2025 session keeps a GET stream open, on the same origin's connections as the calls.
  const COUNT = 6;
  let server: FixtureServer;
  let hub: Hub;

  beforeAll(async () => {
    server = await startTokenServer({ name: 'Shared Origin' });
    const saved: SavedServer[] = Array.from({ length: COUNT }, (_, index) => ({
      id: `same-${index + 1}`,
      url: server.url,
      name: `Same origin ${index + 1}`,
      enabled: true,
    }));
    hub = testHub({ servers: saved, backoffMs: () => 60_000 });
    await hub.start();
  });

  afterAll(async () => {
    for (const view of hub.state().servers) await hub.removeServer(view.id);
    await server.close();
  });

  it(`each of ${COUNT} answers a call that asks the person`, async () => {
    expect(hub.state().servers.map((view) => view.status)).toEqual(Array(COUNT).fill('connected'));
    const calls = hub
      .state()
      .servers.map((view) => ({ serverId: view.id, token: `tk-${view.id}`, done: hub.callTool(view.id, 'ask_token', { token: `tk-${view.id}` }) }));
    const started = Date.now();
    let answered = 0;
    while (answered < COUNT && Date.now() - started < 10_000) {
      for (const request of hub.inbox.list()) {
        hub.answer({ id: request.id, ok: true, data: { answer: `${tokenIn(request.prompt)}-ok` } });
        answered += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(answered, 'Requests that reached the inbox within 10 s').toBe(COUNT);
    const views = await Promise.all(calls.map((call) => call.done));
    expect(views.map((view) => view?.status)).toEqual(Array(COUNT).fill('done'));
    expect(server.seen.map((entry) => (entry.result as TokenOutcome).token).sort()).toEqual(calls.map((call) => call.token).sort());
  }, 20_000);
});
