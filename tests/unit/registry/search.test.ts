// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrySearch } from '../../../lib/hub/registry';
import { isolatedUrl } from '../../../lib/i18n';
import type { Settings } from '../../../lib/state';
import { type RegistryFixture, startRegistry } from '../../fixtures/registry';

let registry: RegistryFixture;
beforeAll(async () => {
  registry = await startRegistry([
    {
      server: {
        name: 'io.github.demo/echo',
        description: 'Echoes.',
        version: '1.0.0',
        remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:1/mcp' }],
      },
    },
  ]);
});
afterAll(() => registry.close());

function part(reachable: boolean) {
  let settings: Settings = { requestTimeoutMinutes: 10 };
  const search = new RegistrySearch({
    fetch,
    canReach: async () => reachable,
    settings: { current: () => settings, update: async (patch) => void (settings = { ...settings, ...patch }) },
  });
  return { search, settings: () => settings };
}

describe("the hub's registry search", () => {
  it('asks nothing of a registry it may not reach, and says so', async () => {
    const before = registry.requests.length;
    await expect(part(false).search.search(registry.url, 'echo')).rejects.toThrow(
      `toolnexus may not reach ${isolatedUrl(registry.url)} yet: allow it when the browser asks, then search again.`,
    );
    expect(registry.requests).toHaveLength(before);
  });

  it('searches the registry the person named and keeps it for next time', async () => {
    const { search, settings } = part(true);
    const page = await search.search(`${registry.url}/`, ' echo ');
    expect(page.entries.map((entry) => entry.ok && entry.manifest.name)).toEqual(['io.github.demo/echo']);
    expect(registry.requests.at(-1)).toBe('/v0.1/servers?limit=30&version=latest&search=echo');
    expect(settings().registryUrl).toBe(registry.url);
  });

  it('reads a server.json into every problem it has, without throwing', async () => {
    expect(await part(true).search.readServerJson('{"name":"x"}')).toEqual({
      ok: false,
      problems: ['name "x" must look like "io.github.owner/server"', 'description must be a non-empty string', 'version must be a non-empty string'],
    });
  });
});
