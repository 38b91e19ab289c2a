import browser, { type Runtime } from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { webExtensionArea } from '@/lib/auth';
import { Hub, type SavedServer, type Stored } from '@/lib/hub';
import { hubCommands } from '@/lib/hubCommands';
import { keepAliveWhile } from '@/lib/keepAlive';
import { notifyNewRequests } from '@/lib/notifier';
import { PANEL_PORT, type PanelMessage, type WorkerMessage } from '@/lib/messages';
import { originRulesSync } from '@/lib/originRules';
import { PanelPorts } from '@/lib/panelPorts';
import { errorMessage } from '@/lib/errorMessage';

/**
 * One storage key as a typed value: `local` for the person's data (survives browser
 * restarts), `session` for what only needs to outlive a stopped worker.
 */
function stored<T>(key: string, fallback: T, area: 'local' | 'session' = 'local'): Stored<T> {
  return {
    async load() {
      const { [key]: value } = await browser.storage[area].get(key);
      return (value as T | undefined) ?? fallback;
    },
    save: (value) => browser.storage[area].set({ [key]: value }),
  };
}

/** Opens `url` in a normal tab and resolves when that tab is closed. */
async function openTab(url: string): Promise<void> {
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

const LOOPBACK_ORIGIN = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

/**
 * The saved servers, with the Origin rules (lib/originRules.ts) brought in line on every load
 * and save. The hub saves before it connects, so a new server's rule is in place before its
 * first request.
 */
function serversWithOriginRules(): Stored<SavedServer[]> {
  const servers = stored<SavedServer[]>('servers', []);
  const dnr = chromeApi.declarativeNetRequest;
  // Firefox: the initiator is moz-extension://<internal UUID>, which is this host too.
  const sync = dnr ? originRulesSync(dnr, new URL(browser.runtime.getURL('/')).host) : async () => {};
  return {
    async load() {
      const list = await servers.load();
      await sync(list.map((server) => server.url));
      return list;
    },
    async save(list) {
      await servers.save(list);
      await sync(list.map((server) => server.url));
    },
  };
}

export default defineBackground(() => {
  const hub = new Hub({
    servers: serversWithOriginRules(),
    history: stored('history', []),
    settings: stored('settings', {}),
    pending: stored('pending', [], 'session'),
    suspended: stored('suspended', [], 'session'),
    eras: stored('eras', {}),
    // Host access is granted per server origin at add time; loopback is in the manifest.
    authorization: {
      // Tokens and registrations outlive the browser session; PKCE verifier and state do not.
      storage: { local: webExtensionArea(browser.storage.local), session: webExtensionArea(browser.storage.session) },
      redirectUrl: browser.identity.getRedirectURL(),
      authorize: (url) => browser.identity.launchWebAuthFlow({ url: url.href, interactive: true }),
    },
    openUrl: (url, mode) => (mode === 'tab' ? openTab(url) : browser.identity.launchWebAuthFlow({ url, interactive: true }).then(() => {})),
    canReach: async (origin) => LOOPBACK_ORIGIN.test(origin) || browser.permissions.contains({ origins: [`${origin}/*`] }),
  });
  const ports = new PanelPorts<Runtime.Port>((error) => console.error('toolnexus: a panel port refused a message; it reconnects for a whole state.', error));
  const post = (port: Runtime.Port, message: WorkerMessage) => ports.post(port, message);

  chromeApi.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
  // Firefox has a sidebar instead of a side panel; the toolbar button toggles it.
  if (browser.sidebarAction) browser.action.onClicked.addListener(() => void browser.sidebarAction.toggle());
  void browser.action.setBadgeBackgroundColor({ color: '#b45309' });

  const updateKeepAlive = keepAliveWhile(() => hub.busy(), () => browser.runtime.getPlatformInfo());
  hub.subscribe((state) => {
    ports.publish(state);
    updateKeepAlive();
  });

  hub.inbox.subscribe((pending) => {
    void browser.action.setBadgeText({ text: pending.length ? String(pending.length) : '' });
  });
  hub.inbox.subscribe(
    notifyNewRequests(
      {
        create: (id, title, message) =>
          void browser.notifications.create(id, { type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png'), title, message }),
        clear: (id) => void browser.notifications.clear(id),
      },
      () => ports.size > 0,
    ),
  );

  browser.permissions.onAdded.addListener(() => void hub.accessChanged());
  browser.permissions.onRemoved.addListener(() => void hub.accessChanged());

  let focusOnConnect: string | undefined;
  browser.notifications.onClicked.addListener((requestId) => {
    focusOnConnect = requestId;
    ports.broadcast({ type: 'focus-request', requestId });
    void browser.notifications.clear(requestId);
    void chromeApi.windows.getLastFocused().then((window) => {
      if (window.id !== undefined) return chromeApi.sidePanel?.open({ windowId: window.id });
    });
  });

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT) return;
    port.onDisconnect.addListener(() => ports.close(port));
    const run = hubCommands(hub, (message) => post(port, message));
    port.onMessage.addListener((message) => {
      run(message as PanelMessage).catch((error: unknown) => post(port, { type: 'error', message: errorMessage(error) }));
    });
    ports.open(port, hub.state());
    if (focusOnConnect) post(port, { type: 'focus-request', requestId: focusOnConnect });
    focusOnConnect = undefined;
  });

  void hub.start();
});
