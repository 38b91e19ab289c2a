/**
 * Issue 14, completions: prompt arguments and resource-template variables completed by a real
 * third-party server (`@modelcontextprotocol/server-everything`'s completable prompt and
 * template), the filled arguments going as context; a server without the capability is never asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from '../../lib/mcp/client';
import type { Connection } from '../../lib/mcp/connection';
import { type Everything, startEverything } from '../fixtures/everything';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { testHub, until } from '../hub-harness';

const never = async (): Promise<never> => {
  throw new Error('nothing here asks the person');
};

let everything: Everything;
let legacy: FixtureServer;
let connection: Connection;

beforeAll(async () => {
  [everything, legacy] = await Promise.all([startEverything(), startLegacyServer()]);
  connection = await load({ id: 'everything', name: 'Everything', url: everything.url }, { waitFor: never });
}, 30_000);

afterAll(async () => {
  await connection?.close();
  await Promise.all([everything?.close(), legacy?.close()]);
});

const TEAM = { type: 'ref/prompt', name: 'completable-prompt' } as const;

describe('completion/complete against server-everything', () => {
  it('completes a prompt argument from what is typed', async () => {
    expect(connection.capabilities.completions).toBeDefined();
    expect(await connection.complete(TEAM, { name: 'department', value: 'S' })).toEqual(['Sales', 'Support']);
    expect(await connection.complete(TEAM, { name: 'department', value: '' })).toEqual(['Engineering', 'Sales', 'Marketing', 'Support']);
  });

  it('sends the arguments already filled in as context', async () => {
    expect(await connection.complete(TEAM, { name: 'name', value: '' })).toEqual([]);
    expect(await connection.complete(TEAM, { name: 'name', value: '' }, { department: 'Sales' })).toEqual(['David', 'Eve', 'Frank']);
    expect(await connection.complete(TEAM, { name: 'name', value: 'A' }, { department: 'Engineering' })).toEqual(['Alice']);
  });

  it('completes a resource template variable', async () => {
    const ref = { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' } as const;
    expect(await connection.complete(ref, { name: 'resourceId', value: '3' })).toEqual(['3']);
    expect(await connection.complete(ref, { name: 'resourceId', value: 'x' })).toEqual([]);
  });

  it('is offered through the hub, with the server marked as completing', async () => {
    const hub = testHub({ servers: [{ id: 'e', url: everything.url, enabled: true }] });
    await hub.start();
    const state = await until(hub, (next) => next.servers[0]?.status === 'connected');
    expect(state.servers[0]?.completions).toBe(true);
    expect(await hub.complete('e', TEAM, { name: 'department', value: 'M' }, {})).toEqual(['Marketing']);
    expect(await hub.complete('gone', TEAM, { name: 'department', value: 'M' }, {})).toEqual([]);
    await hub.removeServer('e');
  });
});

describe('a server without the completions capability', () => {
  it('is never asked', async () => {
    const methods: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      if (typeof init?.body === 'string') methods.push(...[init.body].map((body) => (JSON.parse(body) as { method?: string }).method ?? ''));
      return fetch(input, init);
    };
    const plain = await load({ id: 'legacy', name: 'Legacy', url: legacy.url }, { waitFor: never, fetch: recording });
    try {
      expect(plain.capabilities.completions).toBeUndefined();
      expect(await plain.complete(TEAM, { name: 'department', value: 'S' })).toEqual([]);
      expect(methods).toContain('initialize');
      expect(methods).not.toContain('completion/complete');
    } finally {
      await plain.close();
    }
  });
});
