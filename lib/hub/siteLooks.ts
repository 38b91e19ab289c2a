/**
 * The worker's side of "Look for an MCP server on this site": the panel hands over the address
 * of the tab the person clicked for (only the panel may know it: activeTab, see
 * entrypoints/sidepanel/currentSite.ts), and the look runs here, where host access applies and
 * the panel's page is not the one making requests. One look per site at a time: a second click
 * while the first is still reading gets the same answer.
 */
import { discoverSite, type SiteDiscovery } from '../discovery';
import type { Fetch } from '../discovery/fetchDocument';

export class SiteLooks {
  readonly #fetch: Fetch;
  readonly #running = new Map<string, Promise<SiteDiscovery>>();

  constructor(fetcher: Fetch = (url, init) => fetch(url, init)) {
    this.#fetch = fetcher;
  }

  look(pageUrl: string): Promise<SiteDiscovery> {
    const key = URL.canParse(pageUrl) ? new URL(pageUrl).origin : pageUrl;
    const running = this.#running.get(key);
    if (running) return running;
    const look = discoverSite(pageUrl, this.#fetch).finally(() => this.#running.delete(key));
    this.#running.set(key, look);
    return look;
  }
}
