/**
 * The worker's side of "Look for an MCP server on this site": the panel hands over the address
 * of the tab the person clicked for (only the panel may know it: activeTab, see
 * entrypoints/sidepanel/currentSite.ts), and the look runs here, where host access applies and
 * the panel's page is not the one making requests. One look per site at a time: a second click
 * while the first is still reading gets the same answer.
 */
import { discoverSite, type SiteDiscovery } from '../discovery';
import type { Fetch } from '../discovery/fetchDocument';
import { enforce, type PolicyJudge } from '../policy';
import { judgedManifest } from './registry';

export class SiteLooks {
  readonly #fetch: Fetch;
  readonly #policy: (() => PolicyJudge) | undefined;
  readonly #running = new Map<string, Promise<SiteDiscovery>>();

  /** `policy`: the organisation's, which may turn the look off, and refuse some of what a site offers. */
  constructor(fetcher: Fetch = (url, init) => fetch(url, init), policy?: () => PolicyJudge) {
    this.#fetch = fetcher;
    this.#policy = policy;
  }

  /** @throws PolicyError when the organisation turned site discovery off. */
  async look(pageUrl: string): Promise<SiteDiscovery> {
    enforce(this.#policy?.().judgeFeature('siteDiscovery') ?? { allowed: true });
    const key = URL.canParse(pageUrl) ? new URL(pageUrl).origin : pageUrl;
    let look = this.#running.get(key);
    if (!look) {
      look = discoverSite(pageUrl, this.#fetch).finally(() => this.#running.delete(key));
      this.#running.set(key, look);
    }
    const found = await look;
    // Judged as the answer is handed out: a policy may have changed while the site was read.
    const judge = this.#policy?.();
    if (!judge || judge.reading.state === 'none') return found;
    return { ...found, offers: found.offers.map((offer) => ({ ...offer, manifest: judgedManifest(offer.manifest, judge) })) };
  }
}
