// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteLooks } from '../../../lib/hub/siteLooks';
import { type SiteFixture, startSite } from '../../fixtures/site';

let site: SiteFixture;
beforeAll(async () => {
  site = await startSite({ mode: 'fallback' });
});
afterAll(() => site.close());

describe("the worker's look at a site", () => {
  it('reads a site once for two clicks in a row, and afresh for the next', async () => {
    const looks = new SiteLooks();
    const [first, second] = await Promise.all([looks.look(`${site.origin}/a`), looks.look(`${site.origin}/b`)]);
    expect(second).toBe(first);
    expect(first.offers.map((offer) => offer.manifest.name)).toEqual(['localsite/fixture']);
    expect(site.requests).toEqual(['/.well-known/ai-catalog.json', '/mcp/server-card']);
    await looks.look(site.url);
    expect(site.requests).toHaveLength(4);
  });
});
