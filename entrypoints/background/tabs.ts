import browser from 'webextension-polyfill';

/** Opens `url` in a normal tab and resolves when that tab is closed. */
export async function openTab(url: string): Promise<void> {
  const tab = await browser.tabs.create({ url });
  await new Promise<void>((resolve) => {
    const onRemoved = (tabId: number) => {
      if (tabId !== tab.id) return;
      browser.tabs.onRemoved.removeListener(onRemoved);
      resolve();
    };
    browser.tabs.onRemoved.addListener(onRemoved);
  });
}
