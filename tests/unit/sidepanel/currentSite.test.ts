import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fake of the browser's tabs and permissions (unit tests only): what the panel may see of tabs, and the person's answer to the access prompt.
const fake = vi.hoisted(() => ({
  tabs: [] as Array<{ id: number; active: boolean; url?: string; lastAccessed?: number }>,
  own: undefined as { id: number } | undefined,
  grant: true,
  requested: [] as string[][],
}));
vi.mock('wxt/browser', () => ({
  browser: {
    tabs: {
      getCurrent: async () => fake.own,
      query: async () => fake.tabs.map((tab) => ({ ...tab })),
      onActivated: { addListener: () => {} },
      onUpdated: { addListener: () => {} },
    },
    windows: { onFocusChanged: { addListener: () => {} } },
    permissions: {
      request: ({ origins }: { origins: string[] }) => {
        fake.requested.push(origins);
        return Promise.resolve(fake.grant);
      },
    },
  },
}));

const { currentSite, lookAtSite, watchCurrentSite } = await import('../../../entrypoints/sidepanel/currentSite');

const discover = vi.fn(async (url: string) => ({ site: new URL(url).origin, offers: [], problems: [] }));
const settle = () => vi.waitFor(() => expect(currentSite.value.state).not.toBe('unknown'));

beforeEach(() => {
  fake.tabs = [];
  fake.own = undefined;
  fake.grant = true;
  fake.requested = [];
  discover.mockClear();
  currentSite.value = { state: 'unknown' };
});

describe('the current tab’s site, as the panel may see it', () => {
  it('is the active tab’s origin when the browser shows its address (activeTab, or access given)', async () => {
    fake.tabs = [{ id: 1, active: true, url: 'https://shop.example/cart?id=1' }];
    watchCurrentSite();
    await settle();
    expect(currentSite.value).toEqual({ state: 'known', url: 'https://shop.example/cart?id=1', origin: 'https://shop.example' });
  });

  it('is hidden when the browser shows no address, and the look then asks nothing', async () => {
    fake.tabs = [{ id: 1, active: true }];
    watchCurrentSite();
    await settle();
    expect(currentSite.value).toEqual({ state: 'hidden' });
    await expect(lookAtSite(discover)).rejects.toThrow('No site to look at.');
    expect(fake.requested).toEqual([]);
    expect(discover).not.toHaveBeenCalled();
  });

  it('when the panel is itself a tab, is the tab the person was on before', async () => {
    fake.own = { id: 9 };
    fake.tabs = [
      { id: 9, active: true, url: 'chrome-extension://x/sidepanel.html' },
      { id: 1, active: false, url: 'https://old.example/', lastAccessed: 1 },
      { id: 2, active: false, url: 'https://shop.example/', lastAccessed: 5 },
    ];
    watchCurrentSite();
    await settle();
    expect(currentSite.value).toMatchObject({ origin: 'https://shop.example' });
  });
});

describe('the look, from the person’s click', () => {
  it('asks for access to that one site in the click, then has the worker read it', async () => {
    fake.tabs = [{ id: 1, active: true, url: 'https://shop.example:8443/cart' }];
    currentSite.value = { state: 'known', url: 'https://shop.example:8443/cart', origin: 'https://shop.example:8443' };
    const look = lookAtSite(discover);
    // Asked before any await: Firefox accepts permissions.request only in the click's own task.
    // Without the port: Firefox prompts again for a port-specific pattern the granted one covers.
    expect(fake.requested).toEqual([['https://shop.example/*']]);
    await look;
    expect(discover).toHaveBeenCalledWith('https://shop.example:8443/cart');
  });

  it('reads nothing when the person refuses access', async () => {
    fake.grant = false;
    currentSite.value = { state: 'known', url: 'https://shop.example/', origin: 'https://shop.example' };
    await expect(lookAtSite(discover)).rejects.toThrow(
      'Without access to \u2066https://shop.example\u2069, toolnexus cannot read what it publishes; nothing was requested from it.',
    );
    expect(discover).not.toHaveBeenCalled();
  });

  it('reads nothing when the tab moved to another site while the browser asked', async () => {
    fake.tabs = [{ id: 1, active: true, url: 'https://elsewhere.example/' }];
    currentSite.value = { state: 'known', url: 'https://shop.example/', origin: 'https://shop.example' };
    await expect(lookAtSite(discover)).rejects.toThrow('The tab moved on to \u2066https://elsewhere.example\u2069; look again.');
    expect(discover).not.toHaveBeenCalled();
  });
});
