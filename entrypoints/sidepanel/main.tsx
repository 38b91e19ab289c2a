import { catalogReady, checkLanguage } from './locale';
import { effect, signal } from '@preact/signals';
import { render } from 'preact';
// The browser's own promise-returning API (Chrome MV3, Firefox): webextension-polyfill was 3 KB of the first load.
import { browser, type PublicPath } from 'wxt/browser';
import { App } from '@/components/shell/App';
import type { AppPorts } from '@/components/apps/context';
import { LinkCheckContext } from '@/components/content/linkVerdicts';
import { MarkdownText } from '@/components/content/MarkdownText';
import { LazyHelp, LazyHistoryTab, LazyPromptsTab, LazyResourcesTab, LazyServersTab, LazyToolsTab, LazyWelcome } from '@/components/shell/LazyTabs';
import { SchemaForm } from '@/components/forms/SchemaForm';
import { ActionsContext, type PanelActions } from '@/components/shared/actions';
import type { TabKey } from '@/components/shared/tabs';
import type { ArgumentsDraft } from '@/components/tools/ToolCard';
import { now } from '@/components/shared/time';
import { remoteCommands } from '@/lib/port/commands';
import { errorMessage } from '@/lib/errorMessage';
import { isolated, t } from '@/lib/i18n';
import { OPEN_INBOX_COMMAND } from '@/lib/port/messages';
import { refusalSentence } from '@/lib/policy/refusal';
import { asks, connect, connected, hubState, imported, lastError, refusals, send } from './connection';
import { currentSite, lookAtSite, watchCurrentSite } from './currentSite';
import { rememberFoldedGroups } from './foldedGroups';
import { listenForShortcuts } from './keyboard';
import { watchNewRequests } from './newRequests';
import './style.css';

setInterval(() => (now.value = Date.now()), 1_000);
const tab = signal<TabKey>('inbox');
const focusId = signal<string | undefined>(undefined);
const help = signal(false);
const draft = signal<ArgumentsDraft | undefined>(undefined);
const openShortcut = signal('');
void browser.commands
  .getAll()
  .then((commands) => (openShortcut.value = commands.find((command) => command.name === OPEN_INBOX_COMMAND)?.shortcut ?? ''));

/**
 * Host access is asked per server origin, from the person's click (permissions.request
 * needs a user gesture). The server is saved either way; the worker connects it when
 * access is granted (permissions.onAdded) and shows it as needing access until then.
 */
function askAccess(url: string): Promise<unknown> {
  if (!URL.canParse(url)) return Promise.resolve();
  const { origin, protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') return Promise.resolve();
  return browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
}

function save(name: string, text: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}

const download = (format: string, text: string) => save(format === 'vscode' ? 'mcp.json' : 'mcp-servers.json', text);

/** Whether the organisation lets logs and traces be saved as files; when it does not, the panel says why and saves nothing. */
function exportAllowed(): boolean {
  const verdict = hubState.value?.policy.features.protocolLogExport;
  if (!verdict || verdict.allowed) return true;
  lastError.value = refusalSentence(verdict.rule, verdict.reason);
  return false;
}

const commands = remoteCommands(send);
/** The panel's one actions object (components/shared/actions.ts): every command and ask by its Hub name, and what the panel does itself. */
const actions: PanelActions = {
  ...commands,
  ...asks,
  selectTab: (key) => (tab.value = key),
  addServer: (server) => {
    void askAccess(server.url);
    commands.addServer(server);
  },
  updateServer: (serverId, patch) => {
    if (patch.url) void askAccess(patch.url);
    commands.updateServer(serverId, patch);
  },
  grantAccess: (server) => void askAccess(server.url),
  // A registry is an origin like a server's: asked at the person's Search, searched once answered (the worker says if it was refused).
  // Only https: is asked: http: is either this computer (granted in the manifest) or refused by the worker, not worth a prompt.
  searchRegistry: (baseUrl, search, cursor) =>
    (baseUrl.trim().startsWith('https:') ? askAccess(baseUrl.trim()) : Promise.resolve()).then(() => asks.searchRegistry(baseUrl, search, cursor)),
  exportSavedCalls: () =>
    void asks.exportSavedCalls().then(
      (text) => save('toolnexus-saved-calls.json', text),
      (error: unknown) => (lastError.value = errorMessage(error)),
    ),
  editArguments: (serverId, tool, args) => {
    draft.value = { serverId, tool, args, nonce: (draft.value?.nonce ?? 0) + 1 };
    tab.value = 'tools';
  },
  // Its code is the protocol log's (a chunk of its own), not the first load's.
  exportProtocolLog: (serverName, format, records) =>
    exportAllowed() &&
    void import('./exportFiles').then(({ protocolLogFile }) => {
      const file = protocolLogFile(serverName, format, records, { name: 'toolnexus', version: browser.runtime.getManifest().version });
      save(file.name, file.text);
    }),
  exportSignInTrace: (serverName, format, attempts) =>
    exportAllowed() &&
    void import('./exportFiles').then(({ signInTraceFile }) => {
      const file = signInTraceFile(serverName, format, attempts, { name: 'toolnexus', version: browser.runtime.getManifest().version });
      save(file.name, file.text);
    }),
  dismissError: () => (lastError.value = null),
  currentSite,
  lookAtSite: () => lookAtSite(asks.discoverSite),
  showHelp: (open) => (help.value = open),
  saveFile: save,
  reportError: (message) => (lastError.value = message),
};

// Apps run in a sandboxed page: Chromium's manifest sandbox page (entrypoints/appframe.sandbox),
// Firefox's packaged page in a sandboxed frame (entrypoints/appframe-firefox.html).
const apps: AppPorts = {
  // The typed paths are generated from one browser's build (`wxt prepare`); the Firefox page exists only in Firefox's.
  frameUrl: browser.runtime.getURL((import.meta.env.FIREFOX ? '/appframe-firefox.html' : '/appframe.html') as PublicPath),
  ...(import.meta.env.FIREFOX && { frameReferrerPolicy: 'no-referrer' }),
  hostVersion: browser.runtime.getManifest().version,
  loadApp: asks.loadApp,
  loadRequestApp: asks.loadRequestApp,
  callTool: asks.appCallTool,
  readResource: asks.appReadResource,
  checkLink: asks.checkLink,
  openLink: commands.openLink,
  appsRunning: commands.appsRunning,
  openTab: (activityId) =>
    void browser.tabs.create({ url: `${browser.runtime.getURL('/sidepanel.html')}#${APP_TAB}${encodeURIComponent(activityId)}` }),
};

// A new Request takes the person to the inbox at once, and focuses it (once per burst).
const watch = watchNewRequests({
  onArrival: () => (tab.value = 'inbox'),
  onNewest: (id) => (focusId.value = id),
});
effect(() => {
  const state = hubState.value;
  if (state) watch([...state.notices, ...state.inbox]);
});

// Forms, markdown and the tabs behind the first screen are most of the panel's code and none of
// its first render: they load once the first state is drawn, the servers have connected (or
// failed), and the panel is idle, well before a Request or a result usually needs them (one
// that does sooner loads them itself, behind a placeholder). Not while servers connect: on two
// cores, the chunks' reads and parses held each connect's responses back (bench/findings.md).
const PRELOAD_AT_LATEST_MS = 3_000;
let preloading = false;
let latest: ReturnType<typeof setTimeout> | undefined;
function preloadParts() {
  if (preloading) return;
  preloading = true;
  clearTimeout(latest);
  const parts = [SchemaForm, MarkdownText, LazyToolsTab, LazyServersTab, LazyHistoryTab, LazyResourcesTab, LazyPromptsTab, LazyWelcome, LazyHelp];
  requestIdleCallback(() => void Promise.allSettled(parts.map((part) => part.preload())), { timeout: 1_000 });
}
effect(() => {
  const state = hubState.value;
  if (preloading || !state) return;
  if (!state.servers.some((server) => server.status === 'connecting')) preloadParts();
  // A server that takes long to answer does not hold the rest back for longer than this.
  else latest ??= setTimeout(preloadParts, PRELOAD_AT_LATEST_MS);
});

/**
 * The same page in a tab of its own shows one MCP App (its "Open in a tab"), found by its
 * result's id after `#app=`; it asks the worker exactly as the panel does.
 */
const APP_TAB = 'app=';
const appTab = location.hash.startsWith(`#${APP_TAB}`) ? decodeURIComponent(location.hash.slice(APP_TAB.length + 1)) : null;

/** An app's own tab: its page comes in a chunk of its own, which the panel never loads. */
async function showAppTab(activityId: string): Promise<void> {
  const { AppTab } = await import('@/components/apps/AppTab');
  const main = document.getElementById('app')!;
  main.classList.add('app-page');
  effect(() => {
    const call = hubState.value?.activities.find((activity) => activity.id === activityId);
    if (call?.kind === 'tool') document.title = t('apps.tab.title', { tool: isolated(call.tool) });
  });
  const ports = { ...apps, openTab: undefined };
  const Tab = () => <AppTab state={hubState.value} connected={connected.value} activityId={activityId} ports={ports} />;
  render(<Tab />, main);
}

function Root() {
  return (
    <App
      state={hubState.value}
      tab={tab.value}
      refusals={refusals.value}
      imported={imported.value}
      error={lastError.value}
      connected={connected.value}
      focusId={focusId.value}
      apps={apps}
      help={help.value}
      draft={draft.value}
      openShortcut={openShortcut.value}
    />
  );
}

// The worker is asked for its state at once; nothing is drawn before the catalog is in.
connect({
  onFocusRequest: (requestId) => {
    tab.value = 'inbox';
    focusId.value = requestId;
  },
  onExported: download,
});
void catalogReady.then(() => {
  if (appTab !== null) return void showAppTab(appTab);
  render(
    <ActionsContext.Provider value={actions}>
      <LinkCheckContext.Provider value={asks.checkLinks}>
        <Root />
      </LinkCheckContext.Provider>
    </ActionsContext.Provider>,
    document.getElementById('app')!,
  );
  listenForShortcuts({ selectTab: actions.selectTab, showHelp: () => actions.showHelp(true) });
  rememberFoldedGroups();
  watchCurrentSite();
  requestIdleCallback(() => void checkLanguage(), { timeout: 2_000 });
}, showBrokenPackage);

/** A package whose catalog cannot be read has no words to say it in: the reason, as it is, rather than a blank panel. */
function showBrokenPackage(error: unknown): void {
  const app = document.getElementById('app')!;
  app.setAttribute('role', 'alert');
  app.textContent = errorMessage(error);
}
