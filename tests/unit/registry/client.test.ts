// @vitest-environment node
// Node's own fetch, as the extension's worker has: happy-dom's fetch is a page's, with CORS and its own stream quirks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistryClient, OFFICIAL_REGISTRY, RegistryError, registryBase } from '../../../lib/registry/client';
import { type RegistryFixture, type RegistryRecord, startRegistry } from '../../fixtures/registry';

const server = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} server.`,
  version: '1.0.0',
  remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:1/mcp' }],
  ...extra,
});

const records: RegistryRecord[] = [
  { server: server('io.example/alpha') },
  { server: server('io.example/beta'), status: 'deprecated' },
  { server: server('io.example/gone'), status: 'deleted' },
  { server: server('io.example/old', { version: '0.9.0' }), isLatest: false },
  { server: server('io.example/old', { version: '1.0.0' }) },
  { server: { name: 'io.example/broken', description: 'x', version: '1', remotes: [{ type: 'sse', url: 'javascript:1' }] } },
];

let registry: RegistryFixture;
beforeAll(async () => {
  registry = await startRegistry(records);
});
afterAll(() => registry.close());

const client = (timeoutMs?: number, maxBytes?: number) => createRegistryClient(registry.url, { fetch, timeoutMs, maxBytes });

describe('registry client', () => {
  it('searches the latest versions, hides deleted entries, marks deprecated ones, and pages by cursor', async () => {
    registry.mode = 'ok';
    const first = await client().search({ search: 'example', limit: 2 });
    expect(registry.requests.at(-1)).toBe('/v0.1/servers?limit=2&version=latest&search=example');
    expect(first.entries.map((entry) => (entry.ok ? [entry.manifest.name, entry.deprecated] : entry.name))).toEqual([
      ['io.example/alpha', false],
      ['io.example/beta', true],
    ]);
    expect(first.nextCursor).toBe('io.example/beta');
    const second = await client().search({ search: 'example', limit: 2, cursor: first.nextCursor });
    // The deleted entry takes a place in the page but is not shown.
    expect(second.entries.map((entry) => (entry.ok ? entry.manifest.name : entry.name))).toEqual(['io.example/old']);
    const third = await client().search({ search: 'example', limit: 2, cursor: second.nextCursor });
    expect(third.entries).toEqual([{ ok: false, name: 'io.example/broken', problems: [expect.stringMatching(/javascript:\u2069 URL; refused/)] }]);
    expect(third.nextCursor).toBeUndefined();
  });

  it('lists every version of one server', async () => {
    registry.mode = 'ok';
    const page = await client().versions('io.example/old');
    expect(registry.requests.at(-1)).toBe('/v0.1/servers/io.example%2Fold/versions');
    expect(page.entries.map((entry) => entry.ok && [entry.manifest.version, entry.isLatest])).toEqual([
      ['0.9.0', false],
      ['1.0.0', true],
    ]);
  });

  it('says in words when the registry is down, slow, answers garbage, too much, or 10,000 entries', async () => {
    registry.mode = 'down';
    await expect(client().search({})).rejects.toThrow(/answered HTTP 500/);
    registry.mode = 'garbage';
    await expect(client().search({})).rejects.toThrow(/not JSON; is the address a registry/);
    registry.mode = 'huge';
    await expect(client(undefined, 1024 * 1024).search({})).rejects.toThrow(/more than the 1048576 bytes a page may be/);
    registry.mode = 'slow';
    await expect(client(200).search({})).rejects.toThrow(/did not answer within 0.2 s/);
    registry.mode = 'flood';
    await expect(client().search({ limit: 30 })).rejects.toThrow(/more than the 2097152 bytes a page may be/);
    const flood = await client(undefined, 8 * 1024 * 1024).search({ limit: 30 });
    expect(flood.entries).toHaveLength(30);
    expect(flood.notice).toBe('The registry sent 10000 entries for a page of 30; only the first 30 are shown.');
  });

  it('refuses a registry address that is not https (or http to this computer)', () => {
    expect(registryBase(`${OFFICIAL_REGISTRY}/`)).toBe('https://registry.modelcontextprotocol.io');
    expect(() => registryBase('http://registry.example')).toThrow(RegistryError);
    expect(() => registryBase('javascript:alert(1)')).toThrow(/javascript:\u2069 URL/);
    expect(() => registryBase('https://r.example/?x=1')).toThrow(/must not carry/);
  });
});
