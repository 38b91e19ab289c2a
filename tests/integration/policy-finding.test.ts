/**
 * The organisation's policy where servers are found (issue 39), through the Hub against a real
 * registry, site and MCP servers on 127.0.0.1: registry results and the registry searched, a
 * server.json, the current site's server cards, and "only servers from the registry", which the
 * worker checks against the registry itself rather than taking the panel's word.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedServer } from '../../lib/hub';
import type { RegistryEntry } from '../../lib/registry/client';
import { type RegistryFixture, recordsAround, startRegistry } from '../fixtures/registry';
import { type FixtureServer, startShowcaseServer } from '../fixtures/servers';
import { type SiteFixture, startSite } from '../fixtures/site';
import { managedStorage, memory, testHub, until } from '../hub-harness';

let showcase: FixtureServer;
let registry: RegistryFixture;
let other: RegistryFixture;
let site: SiteFixture;
const ALLOWED_REMOTE = 'https://mcp.example.com/mcp';

beforeAll(async () => {
  showcase = await startShowcaseServer();
  const allowed = {
    server: { name: 'com.example/allowed', description: 'Allowed.', version: '1.0.0', remotes: [{ type: 'streamable-http', url: ALLOWED_REMOTE }] },
  };
  [registry, other, site] = await Promise.all([
    startRegistry([...recordsAround(showcase.url), allowed]),
    startRegistry(recordsAround(showcase.url)),
    startSite({ mode: 'fallback', remoteUrl: showcase.url }),
  ]);
});
afterAll(() => Promise.all([showcase.close(), registry.close(), other.close(), site.close()]));

async function hubWith(policy: unknown, saved = memory<SavedServer[]>([])) {
  const hub = testHub({ servers: saved, policy: managedStorage(policy).source });
  await hub.start();
  return { hub, saved };
}

const remotesOf = (entries: RegistryEntry[], name: string) =>
  entries.flatMap((entry) => (entry.ok && entry.manifest.name === name ? [entry.manifest.remotes] : []))[0];

describe('registry results', () => {
  it('marks each result the policy refuses with the rule and the reason, and leaves the others', async () => {
    const { hub } = await hubWith({ allowedMcpServers: [{ serverUrl: 'https://*.example.com/*' }] });
    const page = await hub.searchRegistry(registry.url, 'showcase');
    expect(remotesOf(page.entries, 'io.github.toolnexus/showcase')).toEqual([
      expect.objectContaining({
        urlTemplate: expect.stringContaining('{port}'),
        blocked: { rule: 'allowedMcpServers', reason: 'Your organisation allows only the servers it lists, and this one is not among them.' },
      }),
    ]);
    const allowed = await hub.searchRegistry(registry.url, 'allowed');
    expect(remotesOf(allowed.entries, 'com.example/allowed')).toEqual([expect.not.objectContaining({ blocked: expect.anything() })]);
  });

  it('searches only the registry the policy names, asking no other', async () => {
    const { hub } = await hubWith({ registryUrl: registry.url });
    const before = other.requests.length;
    await expect(hub.searchRegistry(other.url, 'showcase')).rejects.toThrow(
      `Set by your organisation (registryUrl): Your organisation's registry is ${registry.url}; other registries cannot be searched.`,
    );
    expect(other.requests).toHaveLength(before);
    // An empty address searches the organisation's registry, not the official one.
    expect((await hub.searchRegistry('', 'showcase')).entries.length).toBeGreaterThan(0);
    expect(registry.requests.at(-1)).toMatch(/^\/v0\.1\/servers\?/);
  });
});

describe('only servers from the registry', () => {
  const policy = () => ({ mcpAccess: 'registry', registryUrl: registry.url });

  it('adds a server the registry lists at the address given, and connects it', async () => {
    const { hub, saved } = await hubWith(policy());
    const before = registry.requests.length;
    const id = await hub.addServer({ url: showcase.url, name: 'Showcase', from: { registry: registry.url, name: 'io.github.toolnexus/showcase' } });
    expect(registry.requests.slice(before)).toEqual(['/v0.1/servers/io.github.toolnexus%2Fshowcase/versions']);
    expect(saved.value()[0]).toMatchObject({ registry: { base: registry.url, name: 'io.github.toolnexus/showcase' } });
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    await hub.removeServer(id);
  });

  it('refuses a server typed in, one the registry does not list, and one at an address its entry does not give', async () => {
    const { hub, saved } = await hubWith(policy());
    const refusal = `Set by your organisation (mcpAccess "registry"): Your organisation allows only servers from its registry (${registry.url}): add it from a search there.`;
    await expect(hub.addServer({ url: showcase.url })).rejects.toThrow(refusal);
    await expect(hub.addServer({ url: showcase.url, from: { registry: registry.url, name: 'io.github.nobody/x' } })).rejects.toThrow(refusal);
    await expect(
      hub.addServer({ url: `${new URL(showcase.url).origin}/elsewhere`, from: { registry: registry.url, name: 'io.github.toolnexus/showcase' } }),
    ).rejects.toThrow(refusal);
    // Listed, but in another registry than the organisation's.
    await expect(hub.addServer({ url: showcase.url, from: { registry: other.url, name: 'io.github.toolnexus/showcase' } })).rejects.toThrow(refusal);
    expect(saved.value()).toEqual([]);
  });
});

describe('a server.json and the current site', () => {
  it('marks a server.json remote the policy refuses', async () => {
    const { hub } = await hubWith({ deniedMcpServers: [{ serverUrl: 'https://*.example.com/*' }] });
    const reading = await hub.readServerJson(
      JSON.stringify({ name: 'com.example/x', description: 'X.', version: '1.0.0', remotes: [{ type: 'streamable-http', url: ALLOWED_REMOTE }] }),
    );
    expect(reading.ok && reading.manifest.remotes[0]?.blocked).toEqual({
      rule: 'deniedMcpServers[0] serverUrl "https://*.example.com/*"',
      reason: 'Your organisation blocks this server.',
    });
  });

  it("marks the site's server cards the policy refuses", async () => {
    const { hub } = await hubWith({ deniedMcpServers: [{ serverUrl: showcase.url }] });
    const found = await hub.discoverSite(site.url);
    expect(found.offers[0]?.manifest.remotes[0]?.blocked).toMatchObject({ rule: `deniedMcpServers[0] serverUrl "${showcase.url}"` });
  });

  it('reads no site where the organisation turned the look off', async () => {
    const { hub } = await hubWith({ siteDiscoveryEnabled: false });
    const before = site.requests.length;
    await expect(hub.discoverSite(site.url)).rejects.toThrow(
      "Set by your organisation (siteDiscoveryEnabled false): Your organisation has turned off looking for MCP servers on the current tab's site.",
    );
    expect(site.requests).toHaveLength(before);
  });
});
