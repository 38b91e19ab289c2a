/**
 * Servers built on libraries other than the official SDK, each its own reading of the spec:
 * toolnexus must work with them as a person would use it, through the Hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hub, type SavedServer } from '../../lib/hub';
import type { CallView } from '../../lib/state';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { textResult } from '../fixtures/deploy-form';
import { serveV1 } from '../fixtures/legacy-server';
import { startMcpLiteServer } from '../fixtures/mcp-lite-server';
import type { FixtureServer } from '../fixtures/loopback-http';
import { memory, until } from './hub-harness';

describe('mcp-lite', () => {
  let server: FixtureServer;
  let hub: Hub;
  beforeAll(async () => {
    server = await startMcpLiteServer({ elicitTimeoutMs: 1_000 });
    hub = new Hub({ servers: memory<SavedServer[]>([{ id: 'lite', url: server.url, name: 'Lite', enabled: true }]) });
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

describe('a server that says its tools changed without advertising listChanged (as fastmcp 4.20 does)', () => {
  let server: FixtureServer;
  let hub: Hub;
  beforeAll(async () => {
    server = await serveV1(() => {
      const mcp = new McpServer({ name: 'Unadvertised', version: '1.0.0' });
      mcp.registerTool('add_tool', { description: 'Adds a tool, and says the list changed.', inputSchema: z.object({}) }, async () => {
        mcp.registerTool('added', { description: 'Added at run time.', inputSchema: z.object({}) }, async () => textResult('added'));
        return textResult('ok');
      });
      // What fastmcp advertises: tools, without listChanged; it sends the notification all the same.
      (mcp.server as unknown as { _capabilities: { tools: object } })._capabilities.tools = {};
      return mcp;
    });
    hub = new Hub({ servers: memory<SavedServer[]>([{ id: 'u', url: server.url, name: 'Unadvertised', enabled: true }]) });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
  });
  afterAll(async () => {
    await hub?.removeServer('u');
    await server?.close();
  });

  it('refreshes the list anyway: the notification means what it says, and listing again is cheap', async () => {
    await hub.callTool('u', 'add_tool', {});
    const state = await until(hub, (next) => next.servers[0]!.tools.length === 2);
    expect(state.servers[0]!.tools.map((tool) => tool.name)).toEqual(['add_tool', 'added']);
  });
});
