/**
 * Servers built on libraries other than the official SDK, each its own reading of the spec:
 * toolnexus must work with them as a person would use it, through the Hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub } from '../../lib/hub';
import type { CallView } from '../../lib/state';
import { load } from '../../lib/mcp/client';
import { startFastMcpServer } from '../fixtures/fastmcp-server';
import { startHonoServer } from '../fixtures/hono-server';
import { startMcpLiteServer } from '../fixtures/mcp-lite-server';
import { startTmcpServer } from '../fixtures/tmcp-server';
import type { FixtureServer } from '../fixtures/loopback-http';
import { testHub, until } from '../hub-harness';

describe('mcp-lite', () => {
  let server: FixtureServer;
  let hub: Hub;
  beforeAll(async () => {
    server = await startMcpLiteServer({ elicitTimeoutMs: 1_000 });
    hub = testHub({ servers: [{ id: 'lite', url: server.url, name: 'Lite', enabled: true }] });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
  });
  afterAll(async () => {
    await hub?.removeServer('lite');
    await server?.close();
  });

  it('connects, lists and calls its tools', async () => {
    expect(hub.state().servers[0]!.tools.map((tool) => tool.name)).toEqual(['echo', 'fails', 'confirm']);
    const call = await hub.callTool('lite', 'echo', { text: 'hello' });
    expect(call).toMatchObject({ status: 'done', result: { content: [{ type: 'text', text: 'hello' }] } });
  });

  it('shows the reason a tool failed, which mcp-lite puts in error.data, not only "Internal error"', async () => {
    const call = await hub.callTool('lite', 'fails', {});
    expect(call.status).toBe('failed');
    expect(call.error).toContain('Internal error');
    expect(call.error).toContain('The orders database is read-only until 06:00 UTC');
    expect(call.error).not.toContain('at '); // data.stack is not shown
  });

  it('withdraws a Request, with a notice, once the call it came with has ended', async () => {
    const call = hub.callTool('lite', 'confirm', {});
    const asked = (await until(hub, (state) => state.inbox.length === 1)).inbox[0]!;
    expect(asked.prompt).toBe('Confirm the transfer?');
    // mcp-lite gives up after 1 s without telling the client; the call fails.
    const ended: CallView = await call;
    expect(ended.status).toBe('failed');
    const state = await until(hub, (next) => next.inbox.length === 0);
    expect(state.notices).toEqual([
      expect.objectContaining({
        kind: 'withdrawn',
        id: asked.id,
        reason: 'Lite ended the call this came with, so an answer could no longer be read.',
      }),
    ]);
    expect(() => hub.answer({ id: asked.id, ok: true, data: { confirmed: true } })).toThrow();
    expect(server.seen.at(-1)).toMatchObject({ tool: 'confirm', result: { error: expect.any(String) } });
  });

  it('keeps a Request whose call is still running, and delivers its answer', async () => {
    const call = hub.callTool('lite', 'confirm', {});
    const asked = (await until(hub, (state) => state.inbox.some((request) => request.prompt === 'Confirm the transfer?'))).inbox.at(-1)!;
    hub.answer({ id: asked.id, ok: true, data: { confirmed: true } });
    expect(await call).toMatchObject({ status: 'done' });
    expect(server.seen.at(-1)).toEqual({ tool: 'confirm', result: { action: 'accept', content: { confirmed: true } } });
  });
});

/** Answers each step of `two_step` as it arrives, until the call ends. */
async function answerSteps(hub: Hub, serverId: string, call: Promise<CallView>): Promise<CallView> {
  let done = false;
  void call.finally(() => {
    done = true;
  });
  const answered = new Set<string>();
  while (!done) {
    const pending = hub.state().inbox.find((request) => request.serverId === serverId && !answered.has(request.id));
    if (pending) {
      answered.add(pending.id);
      hub.answer({ id: pending.id, ok: true, data: { answer: `answer to ${pending.prompt}` } });
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return call;
}

const LIBRARIES: Array<[string, () => Promise<FixtureServer>, 'legacy' | 'modern']> = [
  ['tmcp 1.20 (its own HTTP transport)', startTmcpServer, 'modern'],
  ['@hono/mcp 0.3 (SDK v1 behind Hono)', startHonoServer, 'legacy'],
  ['fastmcp 4.20', startFastMcpServer, 'legacy'],
];

describe.each(LIBRARIES)('%s', (_library, start, era) => {
  let server: FixtureServer;
  let hub: Hub;
  beforeAll(async () => {
    server = await start();
    hub = testHub({ servers: [{ id: 'lib', url: server.url, name: 'Lib', enabled: true }] });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
  });
  afterAll(async () => {
    await hub?.removeServer('lib');
    await server?.close();
  });

  it(`connects in the ${era === 'modern' ? '2026-07-28' : '2025-11-25'} era and calls a tool`, async () => {
    expect(hub.state().servers[0]!.era).toBe(era);
    expect(await hub.callTool('lib', 'echo', { text: 'hello' })).toMatchObject({
      status: 'done',
      result: { content: [{ type: 'text', text: 'hello' }] },
    });
  });

  it('asks a two-step form through the inbox, one step after the other, and the call completes with both answers', async () => {
    const call = await answerSteps(hub, 'lib', hub.callTool('lib', 'two_step', {}));
    expect(call.status).toBe('done');
    expect(JSON.parse((call.result!.content[0] as { text: string }).text)).toEqual({
      first: 'answer to Step 1 of 2',
      second: 'answer to Step 2 of 2',
    });
    expect(server.seen.at(-1)).toEqual({ tool: 'two_step', result: { first: 'answer to Step 1 of 2', second: 'answer to Step 2 of 2' } });
  });
});

describe('tmcp in the 2025-11-25 era (a client that remembers it as legacy)', () => {
  it('gets the same two steps as elicitation/create requests', async () => {
    const server = await startTmcpServer();
    const asked: string[] = [];
    const connection = await load(
      { id: 't', name: 'tmcp', url: server.url },
      {
        prior: { kind: 'legacy' },
        waitFor: async (request) => {
          asked.push(request.prompt);
          return { id: request.id, ok: true, data: { answer: request.prompt } };
        },
      },
    );
    try {
      expect(connection.era).toBe('legacy');
      const result = await connection.callTool('two_step', {});
      expect(asked).toEqual(['Step 1 of 2', 'Step 2 of 2']);
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ first: 'Step 1 of 2', second: 'Step 2 of 2' });
    } finally {
      await connection.close();
      await server.close();
    }
  });
});

describe('fastmcp: tools said changed without listChanged advertised', () => {
  let server: FixtureServer;
  let hub: Hub;
  beforeAll(async () => {
    server = await startFastMcpServer();
    hub = testHub({ servers: [{ id: 'f', url: server.url, name: 'Fast', enabled: true }] });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
  });
  afterAll(async () => {
    await hub?.removeServer('f');
    await server?.close();
  });

  it('refreshes the list anyway: the notification means what it says, and listing again is cheap', async () => {
    await hub.callTool('f', 'add_tool', {});
    const state = await until(hub, (next) => next.servers[0]!.tools.some((tool) => tool.name === 'added'));
    expect(state.servers[0]!.tools.map((tool) => tool.name)).toContain('added');
  });
});
