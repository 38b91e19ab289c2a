/**
 * What the background worker holds: the saved servers, a live connection to each, the
 * requests in flight, the inbox and its history. Pure logic: storage, host permissions
 * and the network come in as parameters, so the same hub runs in the worker and in Node.
 *
 * The hub only composes: each part owns its state and is handed the other parts it needs
 * (a server's Request goes Connections → Asking → Inbox, never through here). The hub names
 * the public surface, each of the panel's commands (lib/port/commands.ts) the part that does it.
 */
import { historyEntry } from '../history';
import { Inbox } from '../inbox';
import { load } from '../mcp/client';
import type { Connection } from '../mcp/connection';
import type { ExportFormat } from '../mcpJson';
import type { Answer } from '../request';
import type { HubState, OpenMode, ServerSettings, Settings } from '../state';
import { Activities } from './activities';
import { AppLinks } from './appLinks';
import { Apps } from './apps';
import { Asking } from './asking';
import { Calls } from './calls';
import { Changes } from './changes';
import { Connections, exponentialBackoff } from './connections';
import { RESULTS_KEPT } from './eviction';
import { HistoryLog } from './historyLog';
import { LiveResources } from './liveResources';
import { Notices } from './notices';
import type { HubOptions } from './options';
import { ProtocolRecords } from './protocolRecords';
import { RegistrySearch } from './registry';
import { RequestApps } from './requestApps';
import { ResumedCalls } from './resumedCalls';
import { ServerLifecycle } from './serverLifecycle';
import { routeServerLogs } from './serverLogs';
import { Servers, type NewServer } from './servers';
import { shortcutStores } from './shortcuts';
import { DEFAULT_SETTINGS } from './settings';
import { SettingsStore } from './settingsStore';
import { SiteLooks } from './siteLooks';
import { type EnteredClient, SignIn } from './signIn';
import { UrlVisits } from './urlVisits';

export type { HubOptions } from './options';
export type { KeptTask, SuspendedCall } from './resumedCalls';
export { ServerUrlError, type SavedServer } from './servers';
export type { Stored } from '../stored';

/** The parts that keep what is stored, each needing no other part. */
function stores(options: HubOptions, newId: () => string, changed: () => void) {
  const inbox = options.inbox ?? new Inbox({ timeoutMs: DEFAULT_SETTINGS.requestTimeoutMinutes * 60_000 });
  const settings = new SettingsStore(options.settings, (set) => inbox.setTimeoutMs(set.requestTimeoutMinutes * 60_000), changed);
  const records = new ProtocolRecords(() => settings.current().protocolLog !== false);
  const notices = new Notices(changed, options.notices);
  const history = new HistoryLog(options.history, notices.notify.bind(notices), changed);
  const servers = new Servers({ stored: options.servers, newId, changed });
  return { inbox, settings, records, notices, history, servers, ...shortcutStores(options, changed) };
}

/** Makes the hub's parts, each handed the others it needs; those needing a later one (Connections, most of all) look it up as they run. */
function wire(options: HubOptions, changed: () => void) {
  const { pending, suspended, tasks, fetch, canReach, eras, originRefused, mcpApps, acceptLanguage } = options;
  const newId = () => options.newId?.() ?? crypto.randomUUID();
  const kept = stores(options, newId, changed);
  const { inbox, settings, records, notices, history, servers } = kept;
  const notify = notices.notify.bind(notices);
  const displayName = (serverId: string) => servers.displayName(serverId);
  const connection = (serverId: string): Connection | undefined => connections.connection(serverId);
  const visits = new UrlVisits({ inbox, open: options.openUrl, notify, record: (entry) => history.record(entry), changed });
  const activities: Activities = new Activities({
    keep: options.keepActivities ?? RESULTS_KEPT,
    live: (activityId) => apps.isRunning(activityId),
    newId,
    connection,
    displayName,
    changed,
    kept: options.activities,
    onRound: (activityId, round) => resumed.keep(activityId, round),
    onTask: (activityId, task) => resumed.keepTask(activityId, task),
    failed: (serverId, error) => connections.requestFailed(serverId, error),
  });
  const resumed = new ResumedCalls({ pending, suspended, tasks, activities, asked: () => inbox.list(), displayName, notify, changed });
  const askedBefore = (requestId: string) => resumed.takeAskedBefore(requestId);
  const asking = new Asking({ inbox, visits, notices, askedBefore, mirror: (list) => resumed.pendingChanged(list), changed });
  const signIn: SignIn = new SignIn({
    authorization: options.authorization,
    servers,
    asking,
    clientMetadataUrl: () => settings.current().clientMetadataUrl,
    reconnect: (serverId) => connections.reconnect(serverId),
    disconnect: (serverId) => connections.disconnect(serverId),
    traces: records,
  });
  const connections: Connections = new Connections({
    servers,
    authorization: signIn,
    calls: resumed,
    asking,
    visits,
    ...{ fetch, canReach, eras, originRefused, mcpApps, acceptLanguage },
    connect: options.connect ?? load,
    backoffMs: options.backoffMs ?? exponentialBackoff,
    onLog: routeServerLogs({ servers, activities }),
    onRecord: () => records.recorder(),
  });
  const live = new LiveResources({ connection, activities });
  const calls = new Calls({ activities, servers, connection, resumed, live });
  const apps = new Apps({ activities, servers, connection, calls });
  const requestApps = new RequestApps({ inbox, servers, connection });
  const lifecycle = new ServerLifecycle({ servers, connections, resumed, live, records, signIn, changed });
  inbox.onSettled((request, answer, at) => history.record(historyEntry(request, answer, at)));
  const links = new AppLinks(options.openUrl);
  const registry = new RegistrySearch({ fetch: fetch ?? globalThis.fetch, canReach, settings });
  const sites = new SiteLooks(fetch);
  return { ...kept, visits, activities, resumed, asking, signIn, connections, live, calls, apps, requestApps, lifecycle, links, registry, sites };
}

export class Hub {
  readonly inbox: Inbox;
  readonly #parts: ReturnType<typeof wire>;
  readonly #changes = new Changes(() => this.state());

  constructor(options: HubOptions) {
    this.#parts = wire(options, () => this.#changes.changed());
    this.inbox = this.#parts.inbox;
  }

  /**
   * Loads saved servers, settings and history, and connects to every enabled server. Only
   * what connecting needs (servers, their eras, settings: sign-ins use the client metadata
   * URL) is waited for; history and what the last worker left load meanwhile.
   */
  async start(): Promise<void> {
    const { servers, settings, connections, resumed, history, savedCalls, pins, notices } = this.#parts;
    const [saved] = await Promise.all([servers.load(), settings.load(), connections.loadEras()]);
    const takenOver = resumed.takeOver();
    servers.restore(saved);
    this.#changes.changed();
    const kept = [history.load(), savedCalls.load(), pins.load(), notices.load(), takenOver];
    await Promise.all([...servers.ids().map((id) => connections.connect(id)), ...kept]);
  }

  /**
   * Everything the panel shows. What did not change is the very object the last call returned:
   * the panel is sent only what is not (lib/statePatch.ts).
   */
  state(): HubState {
    const { servers, asking, visits, notices, activities, history, savedCalls, pins, settings } = this.#parts;
    return {
      servers: servers.views(),
      inbox: asking.shown(),
      visits: visits.views(),
      notices: notices.list(),
      activities: activities.list(),
      activitiesDropped: activities.dropped(),
      history: history.list(),
      savedCalls: savedCalls.list(),
      pinnedTools: pins.list(),
      settings: settings.current(),
    };
  }

  /** True while something would be lost if the worker stopped now. */
  readonly busy = (): boolean => this.inbox.size > 0 || this.#parts.visits.size > 0 || this.#parts.activities.running();

  readonly subscribe = (listener: (state: HubState) => void) => this.#changes.subscribe(listener);
  // The panel's commands and asks (lib/port/commands.ts), each the part that does it: see there.
  readonly addServer = (settings: NewServer) => this.#parts.lifecycle.add(settings);
  readonly importServers = (text: string) => this.#parts.lifecycle.import(text);
  readonly exportServers = (format: ExportFormat) => this.#parts.servers.export(format);
  readonly updateServer = (serverId: string, patch: Partial<ServerSettings>) => this.#parts.lifecycle.update(serverId, patch);
  readonly removeServer = (serverId: string) => this.#parts.lifecycle.remove(serverId);
  readonly signIn = (serverId: string, client?: EnteredClient) => this.#parts.signIn.signIn(serverId, client);
  readonly signOut = (serverId: string) => this.#parts.signIn.signOut(serverId);
  readonly reconnect = (serverId: string) => this.#parts.connections.reconnect(serverId);
  readonly accessChanged = () => this.#parts.connections.accessChanged();
  readonly callTool = (serverId: string, tool: string, args: Record<string, unknown>) => this.#parts.calls.callTool(serverId, tool, args);
  readonly readResource = (serverId: string, uri: string) => this.#parts.calls.readResource(serverId, uri);
  readonly readTemplate = (...args: Parameters<Calls['readTemplate']>) => this.#parts.calls.readTemplate(...args);
  readonly readSkill = (...args: Parameters<Calls['readSkill']>) => this.#parts.calls.readSkill(...args);
  readonly getPrompt = (serverId: string, prompt: string, args: Record<string, string>) => this.#parts.calls.getPrompt(serverId, prompt, args);
  readonly complete = (...args: Parameters<Calls['complete']>) => this.#parts.calls.complete(...args);
  readonly cancelActivity = (activityId: string) => this.#parts.calls.cancel(activityId);
  readonly clearActivities = () => this.#parts.calls.clear();
  readonly watchResource = (activityId: string) => this.#parts.live.watch(activityId);
  readonly unwatchResource = (activityId: string) => this.#parts.live.unwatch(activityId);
  readonly loadApp = (activityId: string) => this.#parts.apps.load(activityId);
  readonly appCallTool = (activityId: string, tool: string, args: Record<string, unknown>) => this.#parts.apps.callTool(activityId, tool, args);
  readonly appReadResource = (activityId: string, uri: string) => this.#parts.apps.readResource(activityId, uri);
  readonly appsRunning = (activityIds: string[]) => this.#parts.apps.running(activityIds);
  readonly loadRequestApp = (requestId: string) => this.#parts.requestApps.load(requestId);
  readonly checkLink = (url: string) => this.#parts.links.check(url);
  readonly checkLinks = (urls: string[]) => this.#parts.links.checkAll(urls);
  readonly openLink = (url: string) => this.#parts.links.open(url);
  readonly discoverSite = (pageUrl: string) => this.#parts.sites.look(pageUrl);
  readonly protocolLog = (serverId: string) => this.#parts.records.list(serverId);
  readonly signInTrace = (serverId: string) => this.#parts.records.signInTrace(serverId);
  readonly clearProtocolLog = (serverId: string) => this.#parts.records.clear(serverId);
  readonly saveCall = async (serverId: string, tool: string, name: string, args: Record<string, unknown>) =>
    this.#parts.savedCalls.add(this.#parts.servers.urlOf(serverId), tool, name, args);
  readonly deleteSavedCall = (id: string) => this.#parts.savedCalls.remove(id);
  readonly exportSavedCalls = () => this.#parts.savedCalls.export();
  readonly importSavedCalls = (text: string) => this.#parts.savedCalls.import(text);
  readonly pinTool = (serverUrl: string, tool: string, pinned: boolean) => this.#parts.pins.pin(serverUrl, tool, pinned);
  readonly searchRegistry = (baseUrl: string, search: string, cursor?: string) => this.#parts.registry.search(baseUrl, search, cursor);
  readonly readServerJson = (text: string) => this.#parts.registry.readServerJson(text);
  readonly answer = (answer: Answer) => this.inbox.answer(answer);
  readonly openUrl = (requestId: string, mode: OpenMode) => this.#parts.visits.open(requestId, mode);
  readonly finishVisit = (requestId: string) => this.#parts.visits.finish(requestId);
  readonly dismissNotice = (id: string) => this.#parts.notices.dismiss(id);
  readonly clearHistory = (serverId?: string) => this.#parts.history.clear(serverId);
  readonly updateSettings = (patch: Partial<Settings>) => this.#parts.settings.update(patch);
}
