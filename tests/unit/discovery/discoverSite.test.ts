// @vitest-environment node
// Node's own fetch, as the extension's worker has: happy-dom's fetch is a page's, with CORS and its own stream quirks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_LIMITS, discoverSite } from '../../../lib/discovery';
import { type SiteFixture, type SiteMode, startSite } from '../../fixtures/site';

const sites = new Map<string, SiteFixture>();
const site = async (mode: SiteMode, options: Parameters<typeof startSite>[0] = {}) => {
  const started = await startSite({ mode, ...options });
  sites.set(`${mode}${sites.size}`, started);
  return started;
};
afterAll(() => Promise.all([...sites.values()].map((started) => started.close())));

let main: SiteFixture;
let partner: SiteFixture;
beforeAll(async () => {
  partner = await site('fallback');
  main = await site('catalog', { remoteUrl: 'http://127.0.0.1:1/mcp', foreignCardUrl: `${partner.origin}/mcp/server-card` });
});

const fast = { ...DISCOVERY_LIMITS, timeoutMs: 500, totalMs: 2_000 };

describe('looking for MCP servers on a site', () => {
  it('reads the AI Catalog and each server card it lists, by URL and inline, into offers for the Add form', async () => {
    const found = await discoverSite(`${main.origin}/some/page?q=1#top`, fetch);
    expect(found.site).toBe(main.origin);
    const names = found.offers.map((offer) => offer.manifest.name);
    expect(names).toEqual(['localsite/fixture', 'com.github/github', 'localsite/tenant', 'localsite/fixture']);
    const own = found.offers[0]!;
    expect(own.manifest.remotes).toMatchObject([
      { transport: 'streamable-http', urlTemplate: 'http://127.0.0.1:1/mcp', origin: 'http://127.0.0.1:1' },
    ]);
    expect(own.manifest).toMatchObject({ title: 'Site Fixture Server', version: '1.2.0' });
    expect(own.from).toBe(main.origin);
    expect(own.cardUrl).toBe(`${main.origin}/mcp/server-card`);
    // Only the data: icon is kept; the tracker's https icon would be a request to a third party.
    expect(own.manifest.icons?.map((icon) => icon.src.slice(0, 10))).toEqual(['data:image']);
    const tenant = found.offers[2]!.manifest.remotes[0]!;
    expect(tenant.variables.map((field) => [field.name, field.isRequired])).toEqual([['tenant', true]]);
    expect(tenant.headers.map((field) => [field.name, field.isSecret])).toEqual([['X-Api-Key', true]]);
    // The inline card was read from the catalog itself.
    expect(found.offers[1]!.cardUrl).toBe(`${main.origin}/.well-known/ai-catalog.json`);
    // Nothing is read from a card the look refused, nor from entries that are not MCP servers.
    expect(main.requests).not.toContain('/agent-card.json');
  });

  it('shows a card that claims another domain with the origin it really came from', async () => {
    const found = await discoverSite(main.url, fetch);
    const impostor = found.offers.find((offer) => offer.manifest.name === 'com.github/github')!;
    expect(impostor.from).toBe(main.origin);
    expect(impostor.warnings.join(' ')).toContain(`a name of github.com, but the card came from ${new URL(main.origin).host}`);
    // A card the catalog lists on another origin says that origin, not the catalog's.
    const partnerOffer = found.offers.at(-1)!;
    expect(partnerOffer.from).toBe(partner.origin);
    expect(found.offers.filter((offer) => offer.warnings.length > 0)).toEqual([impostor]);
    expect(partnerOffer.cardUrl).toBe(`${partner.origin}/mcp/server-card`);
  });

  it('says what it left out: further catalogs, a card on a private network or plain http, a card of another draft', async () => {
    const { problems } = await discoverSite(main.url, fetch);
    const host = new URL(main.origin).host;
    expect(problems).toEqual([
      "The catalog points to 1 further catalog; only this site's own catalog is read.",
      `${main.origin}/old/server-card is not a v1 server card (no $schema; this extension reads https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json).`,
      `The card at https://192.168.1.1/server-card is not read: 192.168.1.1 is on a private network, and ${host} is not: a site may not send the extension there.`,
      `The card of localsite/intranet offers https://10.0.0.5/mcp, which is left out: 10.0.0.5 is on a private network, and ${host} is not: a site may not send the extension there.`,
      'The card at http://mcp.plain.example/server-card is not read: it is \u2066mcp.plain.example\u2069 over unencrypted http:; only https: is allowed off this computer. Refused.',
    ]);
    expect(main.requests).not.toContain('/more/ai-catalog.json');
  });

  it('reads at most so many cards of one catalog, and says so', async () => {
    const found = await discoverSite(main.url, fetch, { ...DISCOVERY_LIMITS, maxCards: 2 });
    expect(found.offers.map((offer) => offer.manifest.name)).toEqual(['localsite/fixture', 'com.github/github']);
    expect(found.problems).toContain('The catalog lists 8 MCP servers; only the first 2 were read.');
  });

  it('looks at /mcp/server-card when the site has no catalog', async () => {
    const found = await discoverSite(partner.url, fetch);
    expect(found.offers.map((offer) => offer.cardUrl)).toEqual([`${partner.origin}/mcp/server-card`]);
    expect(found.problems).toEqual([]);
    expect(partner.requests.slice(-2)).toEqual(['/.well-known/ai-catalog.json', '/mcp/server-card']);
  });

  it('says so when a site publishes nothing', async () => {
    const empty = await site('nothing');
    expect(await discoverSite(empty.url, fetch)).toEqual({
      site: empty.origin,
      offers: [],
      problems: [
        `${empty.origin} publishes no MCP server: no AI Catalog at /.well-known/ai-catalog.json and no server card at /mcp/server-card (both HTTP 404).`,
      ],
    });
  });

  it('says what is wrong with a catalog that is garbage, of an unknown version, or redirects to another origin', async () => {
    const garbage = await site('garbage');
    expect((await discoverSite(garbage.url, fetch)).problems[0]).toBe(`${garbage.origin}/.well-known/ai-catalog.json is not JSON.`);
    const future = await site('unknown-version');
    expect((await discoverSite(future.url, fetch)).problems[0]).toContain('is an AI Catalog of specVersion "7.0"; this extension reads 1.x.');
    const away = await site('redirect-away');
    const redirected = await discoverSite(away.url, fetch);
    expect(redirected.problems[0]).toBe(
      `${away.origin}/.well-known/ai-catalog.json redirects to http://localhost:${new URL(away.origin).port}; only redirects within ${away.origin} are followed.`,
    );
    expect(away.requests.filter((path) => path.includes('ai-catalog'))).toHaveLength(1);
  });

  it('stops reading a huge catalog at its size bound, and a slow one at its time bound', async () => {
    const big = await site('huge');
    const bigLook = await discoverSite(big.url, fetch, { ...fast, maxBytes: 64 * 1024 });
    expect(bigLook.problems[0]).toBe(`${big.origin}/.well-known/ai-catalog.json is larger than 65536 bytes; not read.`);
    const slow = await site('slow');
    const started = Date.now();
    const slowLook = await discoverSite(slow.url, fetch, fast);
    expect(slowLook.problems[0]).toBe(`${slow.origin}/.well-known/ai-catalog.json did not answer within 0.5 s.`);
    expect(Date.now() - started).toBeLessThan(fast.totalMs + 1_000);
  });

  it('refuses to look at what is not a web site, or at a plain-http site elsewhere than this computer', async () => {
    expect((await discoverSite('chrome://extensions/', fetch)).problems).toEqual(['chrome://extensions/ cannot be looked at: it is not a web site.']);
    expect((await discoverSite('http://shop.example/', fetch)).problems).toEqual([
      'http://shop.example/ cannot be looked at: it is plain http, and discovery documents are read over https only (or from this computer).',
    ]);
    expect((await discoverSite('not a url', fetch)).problems).toEqual(['This tab has no web address to look at.']);
  });
});
