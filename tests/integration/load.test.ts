import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { load } from '../../lib/mcp/client';
import type { Connection, InputRound, WaitFor } from '../../lib/mcp/connection';
import { CallError } from '../../lib/mcp/errors';
import type { Answer, Request } from '../../lib/request';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';

type Script = (request: Request, attempt: number) => Answer | Promise<Answer>;

/** A scripted person: records what was asked (and why it was asked again) and answers by script. */
function person(script: Script) {
  const asked: Array<{ request: Request; problems: string[] }> = [];
  const waitFor: WaitFor = async (request, { problems }) => {
    asked.push({ request, problems: problems.map((p) => `${p.path}: ${p.message}`) });
    return script(request, asked.filter((a) => a.request.id === request.id).length);
  };
  return { asked, waitFor };
}

const text = (result: Awaited<ReturnType<Connection['callTool']>>) =>
  result.content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('');

const eras = [
  { era: 'legacy', version: '2025-11-25', start: startLegacyServer, name: 'Legacy Fixture' },
  { era: 'modern', version: '2026-07-28', start: startModernServer, name: 'Modern Fixture' },
] as const;

/** A fixture server for the enclosing describe, and connections to it that are closed after it. */
function fixtureFor(start: () => Promise<FixtureServer>, name: string) {
  const fixture = { server: undefined as unknown as FixtureServer };
  const connections: Connection[] = [];
  beforeAll(async () => {
    fixture.server = await start();
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await fixture.server.close();
  });
  const connect = async (waitFor: WaitFor, options: { idleTimeoutMs?: number; url?: string } = {}) => {
    const connection = await load(
      { id: `s-${name}`, name, url: options.url ?? fixture.server.url },
      { waitFor, idleTimeoutMs: options.idleTimeoutMs },
    );
    connections.push(connection);
    return connection;
  };
  return { fixture, connect };
}

describe.each(eras)('load() against a $version server', ({ era, version, start, name }) => {
  const { fixture, connect: connectWith } = fixtureFor(start, name);
  const connect = (waitFor: WaitFor, idleTimeoutMs?: number) => connectWith(waitFor, { idleTimeoutMs });

  it('negotiates the server’s era and lists its tools', async () => {
    const connection = await connect(person(() => ({ id: '', ok: false })).waitFor);
    expect(connection.era).toBe(era);
    expect(connection.protocolVersion).toBe(version);
    expect(connection.serverInfo?.name).toBe(name);
    expect((await connection.listTools()).map((tool) => tool.name)).toContain('deploy');
  });

  it('routes a form elicitation to waitFor as a kind "input" Request and sends the accepted content', async () => {
    const { asked, waitFor } = person((request) => ({ id: request.id, ok: true, data: { target: 'prod', replicas: 2 } }));
    const connection = await connect(waitFor);
    const result = await connection.callTool('deploy', { service: 'api' });
    expect(asked).toHaveLength(1);
    const request = asked[0]!.request;
    expect(request).toMatchObject({ kind: 'input', prompt: 'Where should api deploy?', url: null });
    expect(request.id).toMatch(/^elc-[0-9a-z]+-\d+$/);
    expect(request.data?.schema?.required).toEqual(['target', 'replicas']);
    expect(JSON.parse(text(result))).toEqual({ action: 'accept', content: { target: 'prod', replicas: 2 } });
    expect(fixture.server.seen.at(-1)?.result).toEqual({ action: 'accept', content: { target: 'prod', replicas: 2 } });
  });

  it('sends decline when the person declines', async () => {
    const connection = await connect(person((request) => ({ id: request.id, ok: false, reason: 'declined' })).waitFor);
    expect(JSON.parse(text(await connection.callTool('deploy')))).toEqual({ action: 'decline' });
    expect(fixture.server.seen.at(-1)?.result).toEqual({ action: 'decline' });
  });

  it('sends cancel for any other non-answer', async () => {
    const connection = await connect(person((request) => ({ id: request.id, ok: false, reason: 'expired' })).waitFor);
    expect(JSON.parse(text(await connection.callTool('deploy')))).toEqual({ action: 'cancel' });
  });

  it('never sends content that breaks the schema: it asks again, saying why', async () => {
    const { asked, waitFor } = person((request, attempt) =>
      attempt === 1
        ? { id: request.id, ok: true, data: { target: 'moon', replicas: 99 } }
        : { id: request.id, ok: true, data: { target: 'staging', replicas: 1 } },
    );
    const connection = await connect(waitFor);
    const result = JSON.parse(text(await connection.callTool('deploy')));
    expect(result).toEqual({ action: 'accept', content: { target: 'staging', replicas: 1 } });
    // The allowed values are the server's words, isolated in the sentence (docs/i18n.md).
    expect(asked.map((a) => a.problems)).toEqual([[], ['target: is not one of \u2068["staging","prod"]\u2069', 'replicas: 99 is greater than 10']]);
  });

  it('cancels rather than send invalid content when every attempt is invalid', async () => {
    const { asked, waitFor } = person((request) => ({ id: request.id, ok: true, data: {} }));
    const connection = await connect(waitFor);
    expect(JSON.parse(text(await connection.callTool('deploy')))).toEqual({ action: 'cancel' });
    expect(asked).toHaveLength(3);
  });

  it('does not time out while the person takes longer than the idle timeout', async () => {
    const { waitFor } = person(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return { id: request.id, ok: true, data: { target: 'prod', replicas: 1 } };
    });
    const connection = await connect(waitFor, 500);
    expect(JSON.parse(text(await connection.callTool('deploy'))).action).toBe('accept');
  });
});

describe('load() against a 2025-11-25 server: what only that era can do', () => {
  let server: FixtureServer;
  let connection: Connection;
  const { asked, waitFor } = person((request) => ({ id: request.id, ok: false, reason: 'declined' }));

  beforeAll(async () => {
    server = await startLegacyServer();
    connection = await load({ id: 's', name: 'Legacy Fixture', url: server.url }, { waitFor, idleTimeoutMs: 400 });
  });
  afterAll(async () => {
    await connection.close();
    await server.close();
  });

  it.each([
    ['a schema that is not an object schema', { message: 'm', requestedSchema: { type: 'object' } }],
    ['an unknown mode', { mode: 'telepathy', message: 'm' }],
    ['URL mode without a URL', { mode: 'url', message: 'm' }],
    ['no message', { requestedSchema: { type: 'object', properties: {} } }],
  ])('answers an elicitation with %s with JSON-RPC -32602 and never asks the person', async (_label, params) => {
    const before = asked.length;
    const reply = text(await connection.callTool('ask_raw', { params }));
    expect(reply).toMatch(/^error -32602: /);
    expect(asked.length).toBe(before);
  });

  it('says what was wrong in the -32602 message', async () => {
    const reply = text(await connection.callTool('ask_raw', { params: { message: 'm', mode: 'url', url: 'no url here' } }));
    expect(reply).toContain('parseable "url"');
  });

  it('still answers the next good elicitation after a bad one', async () => {
    expect(JSON.parse(text(await connection.callTool('deploy'))).action).toBe('decline');
  });

  it('fails a call the server stops answering with a message that says so', async () => {
    const call = connection.callTool('slow_echo', { text: 'late', delayMs: 5_000 });
    await expect(call).rejects.toBeInstanceOf(CallError);
    await expect(call).rejects.toThrow('Legacy Fixture did not answer the call to slow_echo for 400 ms.');
  });

  it('cancels a call when asked, saying so', async () => {
    const controller = new AbortController();
    const call = connection.callTool('slow_echo', { text: 'late', delayMs: 300 }, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toThrow('The call to slow_echo was cancelled.');
  });
});

describe('load() against a 2026-07-28 server: rounds kept and carried on', () => {
  const { fixture, connect: connectWith } = fixtureFor(() => startModernServer(), 'Modern Fixture');
  const connect = (waitFor: WaitFor, url?: string) => connectWith(waitFor, { url });

  /** Starts `deploy` and returns the round it reports while waiting, then drops the connection, as a stopped worker does. */
  async function keptRound(url = fixture.server.url): Promise<{ round: InputRound; asked: Request }> {
    let asked!: Request;
    const connection = await connect(
      (request, { signal }) =>
        new Promise<Answer>((resolve) => {
          asked = request;
          signal.addEventListener('abort', () => resolve({ id: request.id, ok: false, reason: 'cancelled' }));
        }),
      url,
    );
    const rounds: Array<InputRound | undefined> = [];
    const call = connection.callTool('deploy', { service: 'api' }, { onRound: (round) => rounds.push(round) });
    await expect.poll(() => rounds.length).toBe(1);
    await connection.close();
    await expect(call).rejects.toThrow('was closed');
    return { round: structuredClone(rounds[0]!), asked };
  }

  it('reports the round while the person is asked, and nothing once it is answered', async () => {
    const rounds: Array<InputRound | undefined> = [];
    const { asked, waitFor } = person((request) => ({ id: request.id, ok: false, reason: 'declined' }));
    const connection = await connect(waitFor);
    await connection.callTool('deploy', { service: 'api' }, { onRound: (round) => rounds.push(round) });
    expect(rounds).toEqual([
      {
        method: 'tools/call',
        params: { name: 'deploy', arguments: { service: 'api' } },
        round: 1,
        inputRequests: { deploy: { method: 'elicitation/create', params: expect.objectContaining({ message: 'Where should api deploy?' }) } },
        requestState: expect.stringMatching(/^v1\./),
        requestIds: { deploy: asked[0]!.request.id },
      },
      undefined,
    ]);
  });

  it('carries a kept round on from a new connection: the same Request is asked again and the server takes its requestState', async () => {
    const { round, asked: first } = await keptRound();
    const { asked, waitFor } = person((request) => ({ id: request.id, ok: true, data: { target: 'prod', replicas: 3 } }));
    const rounds: Array<InputRound | undefined> = [];
    const result = await (await connect(waitFor)).resume(round, { onRound: (next) => rounds.push(next) });
    expect(asked.map((a) => a.request)).toEqual([first]);
    expect(JSON.parse(text(result as CallToolResult))).toEqual({ action: 'accept', content: { target: 'prod', replicas: 3 } });
    expect(fixture.server.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'accept', content: { target: 'prod', replicas: 3 } } });
    expect(rounds).toEqual([undefined]);
  });

  it('says so when the server no longer takes the kept requestState', async () => {
    const shortLived = await startModernServer({ requestStateTtlSeconds: 0 });
    try {
      const { round } = await keptRound(shortLived.url);
      // A state minted with no lifetime is refused once the second it was minted in is over.
      await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));
      const connection = await connect(
        person((request) => ({ id: request.id, ok: true, data: { target: 'prod', replicas: 3 } })).waitFor,
        shortLived.url,
      );
      const resumed = connection.resume(round);
      await expect(resumed).rejects.toBeInstanceOf(CallError);
      await expect(resumed).rejects.toThrow(
        /^Modern Fixture could not carry on the call to deploy after toolnexus restarted \(.*Invalid or expired requestState.*\)\. Run it again\.$/,
      );
      expect(shortLived.seen).toEqual([]);
    } finally {
      await shortLived.close();
    }
  });
});
