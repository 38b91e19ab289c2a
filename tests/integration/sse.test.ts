/**
 * Issue 12, legacy HTTP+SSE servers: a server that speaks only the old transport (protocol
 * 2024-11-05; the official SDK v1 SSEServerTransport) is reached by the spec's fallback — the
 * Streamable HTTP POST gets a 405, the GET gets the `endpoint` event — and everything works
 * over it: tools, a form elicitation, closing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from '../../lib/mcp/client';
import { startSseServer } from '../fixtures/sse-server';
import { testHub, until } from '../hub-harness';

let sse: Awaited<ReturnType<typeof startSseServer>>;

beforeAll(async () => {
  sse = await startSseServer();
});
afterAll(() => sse?.close());

describe('A server that speaks only the old HTTP+SSE transport', () => {
  it('is connected through the fallback, and tools and forms work over it', async () => {
    const connection = await load(
      { id: 's', name: 'SSE Fixture', url: sse.url },
      { waitFor: async (request) => ({ id: request.id, ok: true, data: { target: 'staging', replicas: 2 } }) },
    );
    expect(connection.transport).toBe('sse');
    expect(connection.era).toBe('legacy');
    expect(connection.serverInfo?.name).toBe('SSE Fixture');
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('deploy');
    const result = await connection.callTool('deploy', { service: 'web' });
    expect(JSON.stringify(result.content)).toMatch(/staging/);
    expect(sse.seen.at(-1)).toMatchObject({ tool: 'deploy', result: { action: 'accept', content: { target: 'staging', replicas: 2 } } });
    await connection.close();
    await expect.poll(() => sse.sessions()).toBe(0);
  });

  it('shows as connected over the old transport in the hub', async () => {
    const hub = testHub({ servers: [{ id: 's', url: sse.url, enabled: true }] });
    await hub.start();
    const state = await until(hub, (next) => next.servers[0]?.status === 'connected');
    expect(state.servers[0]).toMatchObject({ transport: 'sse', displayName: 'SSE Fixture' });
    await hub.removeServer('s');
  });
});
