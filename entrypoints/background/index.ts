/** The background worker: composition only. Browser adapters sit beside it; what they feed is in lib/. */
// First: every module after it may ask for a message as it loads (docs/i18n.md).
import './locale';
import { acceptLanguageOf } from '@/lib/mcp/language';
import browser, { type Runtime } from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { webExtensionArea } from '@/lib/auth';
import { Hub } from '@/lib/hub';
import { hubCommands } from '@/lib/port/hubCommands';
import { keepAliveWhile } from '@/lib/worker/keepAlive';
import { notifyFinishedTasks, notifyNewRequests } from '@/lib/worker/notifier';
import { PANEL_PORT, type PanelMessage, type WorkerMessage } from '@/lib/port/messages';
import { openInboxOnCommand } from '@/lib/worker/openInbox';
import { PanelPorts } from '@/lib/port/panelPorts';
import { errorMessage } from '@/lib/errorMessage';
import { formatNumber } from '@/lib/i18n';
import { urlJudge } from '@/lib/urls';
import { serversWithOriginRules, StartRead, stored, storedHistory, storedRecords } from './storage';
import { handleToolbarButton } from './panelButton';
import { managedPolicy } from './policy';
import { syncArea } from './syncArea';
import { openTab } from './tabs';

/** How long after the start the URL judge's suffix list is loaded. */
const JUDGE_AFTER_START_MS = 1_000;
const LOOPBACK_ORIGIN = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

export default defineBackground(() => {
  // Everything stored, read in one pass before anything asks for it.
  const start = new StartRead();
  const origins = serversWithOriginRules(start);
  const hub = new Hub({
    servers: origins.servers,
    originRefused: origins.originRefused,
    history: storedHistory(start),
    savedCalls: stored(start, 'savedCalls', []),
    pinnedTools: stored(start, 'pinnedTools', []),
    settings: stored(start, 'settings', {}),
    // Long lists that change an item at a time: each item under a key of its own.
    pending: storedRecords(start, 'pending:', (request) => request.id),
    suspended: storedRecords(start, 'suspended:', (call) => call.activity.id),
    tasks: stored(start, 'tasks', []),
    activities: storedRecords(start, 'activity:', (activity) => activity.id),
    notices: stored(start, 'notices', [], 'session'),
    eras: stored(start, 'eras', {}),
    // The organisation's policy, and the last one that applied, so a start never opens a gap.
    policy: managedPolicy(),
    keptPolicy: stored(start, 'policy', null),
    // Off until the person turns it on; what this browser agreed with the area is its own.
    sync: { area: syncArea(), state: stored(start, 'sync', {}) },
    // Written in backups and session files: which toolnexus, in which browser.
    about: { product: { name: 'toolnexus', version: browser.runtime.getManifest().version }, browser: navigator.userAgent },
    // Both builds show apps: Chromium in entrypoints/appframe.sandbox, Firefox in entrypoints/appframe-firefox.html.
    mcpApps: true,
    // SEP-2792: servers are told the browser's languages on every request, read afresh each time.
    acceptLanguage: () => acceptLanguageOf(navigator.languages),
    // Host access is granted per server origin at add time; loopback is in the manifest.
    authorization: {
      // Tokens and registrations outlive the browser session; PKCE verifier and state do not.
      storage: {
        local: webExtensionArea(start.area('local')),
        // No onChanged: only this worker writes the sign-in's verifier and state here, and a
        // listener would have every session write (each call's activity) copied into the
        // worker — 5 ms a tools/call in the bench, when each was the whole activity list.
        session: webExtensionArea(start.area('session')),
      },
      redirectUrl: browser.identity.getRedirectURL(),
      authorize: (url) => browser.identity.launchWebAuthFlow({ url: url.href, interactive: true }),
    },
    openUrl: (url, mode) => (mode === 'tab' ? openTab(url) : browser.identity.launchWebAuthFlow({ url, interactive: true }).then(() => {})),
    canReach: async (origin) => LOOPBACK_ORIGIN.test(origin) || browser.permissions.contains({ origins: [`${origin}/*`] }),
  });
  const ports = new PanelPorts<Runtime.Port>((error) =>
    console.error('toolnexus: a panel port refused a message; it reconnects for a whole state.', error),
  );
  const post = (port: Runtime.Port, message: WorkerMessage) => ports.post(port, message);

  handleToolbarButton();
  void browser.action.setBadgeBackgroundColor({ color: '#b45309' });

  const updateKeepAlive = keepAliveWhile(
    () => hub.busy(),
    () => browser.runtime.getPlatformInfo(),
  );
  // The badge counts the Requests the panel is shown, and is set after they are posted to it:
  // set as the inbox changed, it was one more call for the browser to serve on a new Request's
  // way to the panel (bench/findings.md, 2026-12-05 stop 34).
  let badge: string | undefined;
  hub.subscribe((state) => {
    ports.publish(state);
    updateKeepAlive();
    // The count as the panel's language writes its numbers (Arabic-Indic digits where it uses them).
    const text = state.inbox.length > 0 ? formatNumber(state.inbox.length) : '';
    if (text !== badge) void browser.action.setBadgeText({ text: (badge = text) });
  });
  const notifications = {
    create: (id: string, title: string, message: string) =>
      void browser.notifications.create(id, { type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png'), title, message }),
    clear: (id: string) => void browser.notifications.clear(id),
  };
  const panelOpen = () => ports.size > 0;
  hub.inbox.subscribe(notifyNewRequests(notifications, panelOpen));
  hub.subscribe(notifyFinishedTasks(notifications, panelOpen));

  browser.permissions.onAdded.addListener(() => void hub.accessChanged());
  browser.permissions.onRemoved.addListener(() => void hub.accessChanged());

  browser.notifications.onClicked.addListener((requestId) => {
    ports.focus(requestId);
    void browser.notifications.clear(requestId);
    // Firefox does not count a notification click as a user action (its onClicked has no input
    // handling, unlike commands and the toolbar button) and refuses sidebarAction.open() here:
    // the panel opens in a tab instead, unless one is open already (and focused above).
    if (browser.sidebarAction) {
      if (ports.size === 0) void browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') });
      return;
    }
    void chromeApi.windows.getLastFocused().then((window) => {
      if (window.id !== undefined) return chromeApi.sidePanel?.open({ windowId: window.id });
    });
  });

  const onCommand = openInboxOnCommand({
    openPanel: (windowId) => {
      if (browser.sidebarAction) void browser.sidebarAction.open();
      else if (windowId !== undefined) void chromeApi.sidePanel?.open({ windowId });
    },
    inbox: () => hub.state().inbox,
    focus: (requestId) => ports.focus(requestId),
  });
  browser.commands.onCommand.addListener((command, tab) => onCommand(command, tab?.windowId));

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT) return;
    port.onDisconnect.addListener(() => ports.close(port));
    const run = hubCommands(hub, (message) => post(port, message));
    port.onMessage.addListener((message) => {
      run(message as PanelMessage).catch((error: unknown) => post(port, { type: 'error', message: errorMessage(error) }));
    });
    ports.open(port, hub.state());
  });

  // The URL judge's suffix list is left out of the start (lib/urls.ts). It is loaded a moment
  // after the start is done, so the first URL Request after a restart does not wait for it, and
  // building it does not compete with the last servers' state on its way to the panel.
  void hub.start().finally(() => setTimeout(() => void urlJudge(), JUDGE_AFTER_START_MS));
});
