/**
 * Which site the current tab is on, as far as the browser lets the panel see it, and the look at
 * that site when the person asks for it.
 *
 * What works, found out in both browsers: a click inside the side panel (Chromium) or the sidebar
 * (Firefox) does not grant `activeTab` (only the toolbar button, a shortcut or a context menu
 * does), and without it, or the `tabs` permission, or host access to the page's origin, a tab's
 * `url` is simply absent. A host-permission request needs the origin first, so it cannot be how
 * the panel learns it. So: `activeTab`, granted by the toolbar button (entrypoints/background/
 * panelButton.ts) or the shortcut, lets the panel see that one tab; a site the person already
 * gave access to is seen too. Not the `tabs` permission: it would show every tab's address, all
 * the time. Seeing the address requests nothing from the site.
 *
 * The look itself is the click: the browser is asked for access to that one origin in the click's
 * own task (Firefox accepts permissions.request only there), and only then does the worker read
 * the site's catalog. Nothing is requested from any site without that click.
 */
import { signal } from '@preact/signals';
import { browser, type Browser } from 'wxt/browser';
import type { CurrentSite } from '@/components/shared/actions';
import type { SiteDiscovery } from '@/lib/discovery';
import { isolatedUrl, t } from '@/lib/i18n';

export const currentSite = signal<CurrentSite>({ state: 'unknown' });

/** The page the person is looking at: the active tab, or, when the panel is itself that tab, the one they were on before. */
async function currentTab(): Promise<Browser.tabs.Tab | undefined> {
  const own = await browser.tabs.getCurrent().catch(() => undefined);
  const tabs = (await browser.tabs.query({ lastFocusedWindow: true })).filter((tab) => tab.id !== own?.id);
  return tabs.find((tab) => tab.active) ?? tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

function siteOf(tab: Browser.tabs.Tab | undefined): CurrentSite {
  if (!tab) return { state: 'unknown' };
  if (!tab.url) return { state: 'hidden' };
  if (!URL.canParse(tab.url)) return { state: 'not-web' };
  const { protocol, origin } = new URL(tab.url);
  return protocol === 'https:' || protocol === 'http:' ? { state: 'known', url: tab.url, origin } : { state: 'not-web' };
}

const read = () =>
  void currentTab().then(
    (tab) => (currentSite.value = siteOf(tab)),
    () => (currentSite.value = { state: 'unknown' }),
  );

/** Keeps `currentSite` to the tab the person is on as they switch tabs, navigate and switch windows. */
export function watchCurrentSite(): void {
  read();
  browser.tabs.onActivated.addListener(read);
  browser.tabs.onUpdated.addListener((_tabId, change, tab) => {
    if (tab.active && (change.url || change.status === 'complete')) read();
  });
  browser.windows?.onFocusChanged.addListener(read);
}

/** The look, from the person's click: access to that one origin, then the worker reads what the site publishes. */
export function lookAtSite(discover: (pageUrl: string) => Promise<SiteDiscovery>): Promise<SiteDiscovery> {
  const site = currentSite.value;
  // SiteDiscovery says why in words and does not call this without a site; the words stay in its chunk, out of the first load.
  if (site.state !== 'known') return Promise.reject(new Error('No site to look at.'));
  // In the click's own task: Firefox refuses permissions.request after an await. Already granted (loopback, a server's origin) answers at once.
  // The pattern without the port: Firefox sees `http://127.0.0.1:8080/*` as not covered by the granted
  // `http://127.0.0.1/*` and prompts again; a port-less pattern covers every port in both browsers.
  const { protocol, hostname } = new URL(site.origin);
  const asked = browser.permissions.request({ origins: [`${protocol}//${hostname}/*`] });
  return asked.then(async (granted) => {
    if (!granted) throw new Error(t('panel.site.noAccess', { origin: isolatedUrl(site.origin) }));
    // The tab may have moved on while the browser asked.
    const now = siteOf(await currentTab());
    if (now.state === 'known' && now.origin !== site.origin) throw new Error(t('panel.site.movedOn', { origin: isolatedUrl(now.origin) }));
    return discover(site.url);
  });
}
