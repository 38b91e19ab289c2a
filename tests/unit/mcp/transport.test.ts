// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type FetchLike, ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../lib/mcp/errors';
import { idleClock } from '../../../lib/mcp/idleClock';
import { connectTransport, liveness } from '../../../lib/mcp/transport';
import { type FixtureServer, startLegacyServer } from '../../fixtures/servers';
import { startSseServer } from '../../fixtures/sse-server';

/** What liveness needs of a client: the test closes it and makes it fail at will. */
function watchedClient(ping: () => Promise<object> = async () => ({})) {
  return { ping: vi.fn(ping), onclose: undefined as (() => void) | undefined, onerror: undefined as ((error: Error) => void) | undefined };
}

describe('liveness', () => {
  it('reports a closed connection once, to the host first, then fails what waits on it', () => {
    const client = watchedClient();
    const seenAborted: boolean[] = [];
    const live = liveness(client, 'Echo', () => seenAborted.push(live.lost.aborted));
    live.connected();
    client.onclose!();
    client.onclose!();
    expect(seenAborted).toEqual([false]);
    expect(live.lost.aborted).toBe(true);
    expect((live.lost.reason as Error).message).toBe('The connection to Echo closed.');
  });

  it('takes a close before the connect succeeded for the connect’s own failure, not a loss', () => {
    const client = watchedClient();
    const onLost = vi.fn();
    const live = liveness(client, 'Echo', onLost);
    client.onclose!();
    expect(onLost).not.toHaveBeenCalled();
    expect(live.lost.aborted).toBe(false);
  });

  it('pings after an error: a server that answers, even with a JSON-RPC error, is still there', async () => {
    const client = watchedClient(async () => {
      throw new ProtocolError(-32601, 'Method not found');
    });
    const onLost = vi.fn();
    const live = liveness(client, 'Echo', onLost);
    live.connected();
    client.onerror!(new Error('SSE stream disconnected'));
    await vi.waitFor(() => expect(client.ping).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onLost).not.toHaveBeenCalled();
    expect(live.lost.aborted).toBe(false);
  });

  it('loses the connection when the ping after an error fails too, and pings once however many errors come', async () => {
    let fail!: (error: Error) => void;
    const client = watchedClient(() => new Promise((_, reject) => (fail = reject)));
    const onLost = vi.fn();
    const live = liveness(client, 'Echo', onLost);
    live.connected();
    client.onerror!(new Error('one'));
    client.onerror!(new Error('two'));
    expect(client.ping).toHaveBeenCalledTimes(1);
    fail(new TypeError('fetch failed'));
    await vi.waitFor(() => expect(live.lost.aborted).toBe(true));
    expect(onLost).toHaveBeenCalledTimes(1);
    expect((live.lost.reason as Error).message).toBe('Lost the connection to Echo: fetch failed');
  });

  it('reports nothing once the host closes: what waits ends with the host’s reason', () => {
    const client = watchedClient();
    const onLost = vi.fn();
    const live = liveness(client, 'Echo', onLost);
    live.connected();
    const reason = new CallError('disconnected', 'The connection to Echo was closed.');
    live.end(reason);
    client.onclose!();
    client.onerror!(new Error('late'));
    expect(live.lost.reason).toBe(reason);
    expect(onLost).not.toHaveBeenCalled();
    expect(client.ping).not.toHaveBeenCalled();
  });
});

/** A loopback server that answers every request with `status`, or never answers when `status` is undefined. */
async function plainServer(status?: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    if (status !== undefined) res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fetch that notes the method of every exchange. */
function recording() {
  const methods: string[] = [];
  const fetchLike: FetchLike = (url, init) => {
    methods.push(init?.method ?? 'GET');
    return fetch(url, init);
  };
  return { methods, fetchLike };
}

function connect(url: string, options: { idleTimeoutMs?: number; fetch?: FetchLike } = {}) {
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
  const live = liveness(client, 'Fixture');
  const transport = connectTransport(
    client,
    { id: 's', name: 'Fixture', url },
    { clock: idleClock(options.idleTimeoutMs ?? 10_000), liveness: live, onCallEnded: () => {}, fetch: options.fetch },
  );
  return { client, live, transport };
}

describe('connectTransport', () => {
  let legacy: FixtureServer;
  let sse: Awaited<ReturnType<typeof startSseServer>>;
  beforeAll(async () => {
    [legacy, sse] = await Promise.all([startLegacyServer(), startSseServer()]);
  });
  afterAll(async () => {
    await Promise.all([legacy.close(), sse.close()]);
  });

  it('speaks Streamable HTTP in a session, and closing ends the session with DELETE and fails what still waits', async () => {
    const { methods, fetchLike } = recording();
    const { client, live, transport } = connect(legacy.url, { fetch: fetchLike });
    const connected = await transport;
    expect(connected.kind).toBe('streamable-http');
    expect(connected.sessionId).toEqual(expect.any(String));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await connected.close();
    expect(methods).toContain('DELETE');
    expect(live.lost.reason).toBeInstanceOf(CallError);
    expect((live.lost.reason as CallError).message).toBe('The connection to Fixture was closed.');
  });

  it('falls back to the old HTTP+SSE transport when the POST is refused with 405, with no session to end', async () => {
    const { methods, fetchLike } = recording();
    const { client, transport } = connect(sse.url, { fetch: fetchLike });
    const connected = await transport;
    expect(connected.kind).toBe('sse');
    expect(connected.sessionId).toBeUndefined();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('deploy');
    await connected.close();
    expect(methods).not.toContain('DELETE');
  });

  it('shows the Streamable HTTP error when the old transport fails as well', async () => {
    const server = await plainServer(404);
    const { methods, fetchLike } = recording();
    try {
      const { transport } = connect(server.url, { fetch: fetchLike });
      await expect(transport).rejects.toMatchObject({ status: 404 });
      expect(methods[0]).toBe('POST');
      expect(methods).toContain('GET');
    } finally {
      await server.close();
    }
  });

  it('does not try the old transport after an answer that does not mean "perhaps an old server"', async () => {
    const server = await plainServer(500);
    const { methods, fetchLike } = recording();
    try {
      const { transport } = connect(server.url, { fetch: fetchLike });
      await expect(transport).rejects.toMatchObject({ status: 500 });
      expect(methods).not.toContain('GET');
    } finally {
      await server.close();
    }
  });

  it('gives up on a server that does not answer the connect within the idle allowance', async () => {
    const server = await plainServer();
    try {
      const { live, transport } = connect(server.url, { idleTimeoutMs: 200 });
      const error = await transport.catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(CallError);
      expect(error).toMatchObject({ reason: 'timeout', message: 'Fixture did not answer while connecting for 200 ms.' });
      expect(live.lost.aborted).toBe(false);
    } finally {
      await server.close();
    }
  });
});
