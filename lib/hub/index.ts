/**
 * What the background worker holds: the saved servers, a live connection to each, the
 * requests in flight, the inbox and its history. Pure logic: storage, host permissions
 * and the network come in as parameters, so the same hub runs in the worker and in Node.
 *
 * The hub is a facade over parts that each own their state (servers, connections, asking,
 * activities, resumedCalls, urlVisits, signIn, notices, historyLog); it wires them to one another and
 * tells the panel when any of them changed.
 */
import { type CallToolResult, type ReadResourceResult, UriTemplate } from '@modelcontextprotocol/client';
import { appOfTool, type AppResource } from '../apps/resource';
import { historyEntry } from '../history';
import { Inbox, type PendingRequest } from '../inbox';
import { load } from '../mcp/client';
import type { Connection } from '../mcp/connection';
import { runsAsTask } from '../mcp/tasks';
import type { ProtocolRecord } from '../mcp/protocolLog';
import { parseMcpJson, type ExportFormat, type ImportResult } from '../mcpJson';
import type { Answer } from '../request';
import type { CallView, CompleteRef, HubState, OpenMode, PromptView, ResourceReadView, ServerLogEntry, ServerSettings, Settings } from '../state';
import { Activities } from './activities';
import { Apps } from './apps';
import { ProtocolRecords } from './protocolRecords';
import { ACTIVITY_LOG_LENGTH, appended, logEntry, SERVER_LOG_LENGTH } from './serverLogs';
import { Asking } from './asking';
import { Connections, exponentialBackoff } from './connections';
import { Notices } from './notices';
import { HistoryLog } from './historyLog';
import { SavedCallStore } from './savedCallStore';
import { LiveResources } from './liveResources';
import type { SavedCallsImport } from '../savedCalls';
import type { HubOptions } from './options';
import { ResumedCalls } from './resumedCalls';
import { Servers, type NewServer, type SavedServer } from './servers';
import { changedSettings, DEFAULT_SETTINGS } from './settings';
import { SignIn } from './signIn';
import { UrlVisits } from './urlVisits';
import { analyzeUrl, type UrlAnalysis } from '../urls';

export { exponentialBackoff } from './connections';
export type { HubOptions } from './options';
export type { KeptTask, SuspendedCall } from './resumedCalls';
export { parseServerUrl, ServerUrlError, type SavedServer } from './servers';
export { DEFAULT_SETTINGS } from './settings';
export type { Stored } from '../stored';

export type HubListener = (state: HubState) => void;

export class Hub {
  readonly inbox: Inbox;
  readonly #options: HubOptions;
  readonly #history: HistoryLog;
  readonly #savedCalls: SavedCallStore;
  readonly #live: LiveResources;
  #settings: Settings = DEFAULT_SETTINGS;
  readonly #servers: Servers;
  readonly #connections: Connections;
  readonly #activities: Activities;
  readonly #resumed: ResumedCalls;
  readonly #visits: UrlVisits;
  readonly #signIn: SignIn;
  readonly #notices: Notices;
  readonly #asking: Asking;
  readonly #apps: Apps;
  readonly #protocolRecords = new ProtocolRecords();
  readonly #listeners = new Set<HubListener>();
  #emitQueued = false;
  /** The pending Requests as last made durable: the panel is shown no Request a stopped worker would lose. */
  #shownInbox: PendingRequest[] = [];

  constructor(options: HubOptions) {
    this.#options = options;
    const changed = () => this.#emit();
    const newId = () => options.newId?.() ?? crypto.randomUUID();
    this.inbox = options.inbox ?? new Inbox({ timeoutMs: DEFAULT_SETTINGS.requestTimeoutMinutes * 60_000 });
    this.#notices = new Notices(changed, options.notices);
    const notify = this.#notices.notify.bind(this.#notices);
    this.#history = new HistoryLog(options.history, notify, changed);
    this.#savedCalls = new SavedCallStore(options.savedCalls, changed);
    this.#servers = new Servers({ stored: options.servers, newId, changed });
    const displayName = (serverId: string) => this.#servers.displayName(serverId);
    this.#visits = new UrlVisits({ inbox: this.inbox, open: options.openUrl, notify, record: (entry) => this.#history.record(entry), changed });
    this.#activities = new Activities({
      keep: options.keepActivities ?? 50,
      newId,
      connection: (serverId) => this.#connections.connection(serverId),
      displayName,
      onRound: (activityId, round) => this.#resumed.keep(activityId, round),
      onTask: (activityId, task) => this.#resumed.keepTask(activityId, task),
      failed: (serverId, error) => this.#connections.requestFailed(serverId, error),
      changed,
      kept: options.activities,
    });
    this.#live = new LiveResources({
      connection: (serverId) => this.#connections.connection(serverId),
      find: (activityId) => {
        const activity = this.#activities.find(activityId);
        return activity?.kind === 'resource' ? activity : undefined;
      },
      patch: (activity, patch) => this.#activities.patch(activity, patch),
    });
    this.#apps = new Apps({
      activity: (activityId) => this.#activities.find(activityId),
      server: (serverId) => this.#servers.view(serverId),
      connection: (serverId) => this.#connections.connection(serverId),
      callTool: (serverId, tool, args, appOf) => this.#callTool(serverId, tool, args, { appOf }),
    });
    this.#resumed = new ResumedCalls({
      pending: options.pending,
      suspended: options.suspended,
      tasks: options.tasks,
      activities: this.#activities,
      asked: () => this.inbox.list(),
      displayName,
      notify,
      changed,
    });
    this.#asking = new Asking({
      inbox: this.inbox,
      visits: this.#visits,
      notices: this.#notices,
      askedBefore: (requestId) => this.#resumed.takeAskedBefore(requestId),
    });
    this.#signIn = new SignIn({
      authorization: options.authorization,
      servers: this.#servers,
      asking: this.#asking,
      clientMetadataUrl: () => this.#settings.clientMetadataUrl,
      reconnect: (serverId) => this.reconnect(serverId),
      disconnect: (serverId) => this.#connections.disconnect(serverId),
    });
    this.#connections = new Connections({
      servers: this.#servers,
      authorization: this.#signIn,
      calls: this.#resumed,
      asking: this.#asking,
      visits: this.#visits,
      connect: options.connect ?? load,
      fetch: options.fetch,
      canReach: options.canReach,
      backoffMs: options.backoffMs ?? exponentialBackoff,
      eras: options.eras,
      originRefused: options.originRefused,
      mcpApps: options.mcpApps,
      onLog: (serverId, params) => this.#logged(serverId, logEntry(params)),
      onRecord: () => (this.#settings.protocolLog === false ? undefined : (serverId, record) => this.#protocolRecords.add(serverId, record)),
    });
    this.inbox.subscribe((pending) => {
      // durableMirror settles changes in the order they were made, so the last shown is the latest.
      const show = () => {
        this.#shownInbox = pending;
        this.#emit();
      };
      const written = this.#resumed.pendingChanged(pending);
      if (written) void written.then(show, show);
      else show();
    });
    this.inbox.onSettled((request, answer, at) => this.#history.record(historyEntry(request, answer, at)));
  }

  /**
   * Loads saved servers, settings and history, and connects to every enabled server. Only
   * what connecting needs (servers, their eras, settings: sign-ins use the client metadata
   * URL) is waited for; history and what the last worker left load meanwhile.
   */
  async start(): Promise<void> {
    const [servers, settings] = await Promise.all([
      this.#options.servers.load(),
      this.#options.settings?.load() ?? Promise.resolve({}),
      this.#connections.loadEras(),
    ]);
    this.#applySettings({ ...DEFAULT_SETTINGS, ...settings });
    const takenOver = this.#resumed.takeOver();
    this.#servers.restore(servers);
    this.#emit();
    await Promise.all([
      ...this.#servers.ids().map((id) => this.#connections.connect(id)),
      this.#history.load(),
      this.#savedCalls.load(),
      this.#notices.load(),
      takenOver,
    ]);
  }

  /**
   * Everything the panel shows. What did not change is the very object the last call returned:
   * the panel is sent only what is not (lib/statePatch.ts).
   */
  state(): HubState {
    return {
      servers: this.#servers.views(),
      inbox: this.#shownInbox.map((request) => this.#asking.item(request)),
      visits: this.#visits.views(),
      notices: this.#notices.list(),
      activities: this.#activities.list(),
      history: this.#history.list(),
      savedCalls: this.#savedCalls.list(),
      settings: this.#settings,
    };
  }

  /** True while something would be lost if the worker stopped now. */
  busy(): boolean {
    return this.inbox.size > 0 || this.#visits.size > 0 || this.#activities.running();
  }

  subscribe(listener: HubListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** @throws ServerUrlError when the URL cannot be an MCP server. */
  async addServer(settings: NewServer): Promise<string> {
    const [saved] = await this.#addServers([settings]);
    return saved!.id;
  }

  /** Adds every server of an `mcp.json` text at once, or none when the text is unreadable. */
  async importServers(text: string): Promise<ImportResult> {
    const result = parseMcpJson(text);
    await this.#addServers(result.servers);
    return result;
  }

  exportServers(format: ExportFormat): string {
    return this.#servers.export(format);
  }

  /** Changes what the person set; a new URL, headers or enabled state reconnects. A new log level is sent to the server at once. */
  async updateServer(serverId: string, patch: Partial<ServerSettings>): Promise<void> {
    const reconnect = this.#servers.edit(serverId, patch);
    if (reconnect === undefined) return;
    const level = patch.logLevel;
    if (level && !reconnect) {
      await this.#connections
        .connection(serverId)
        ?.setLogLevel(level)
        .catch(() => {});
    }
    await this.#servers.persist();
    if (reconnect) await this.reconnect(serverId);
  }

  async removeServer(serverId: string): Promise<void> {
    if (!this.#servers.saved(serverId)) return;
    this.#resumed.dropServer(serverId, 'was removed');
    await this.#live.stopWhere((_activityId, watched) => watched === serverId);
    this.#servers.remove(serverId);
    await this.#connections.remove(serverId);
    this.#protocolRecords.clear(serverId);
    await this.#servers.persist();
    this.#emit();
  }

  /** Signs in to the server now (its Sign in button), then connects with the new tokens. */
  signIn(serverId: string): Promise<void> {
    return this.#signIn.signIn(serverId);
  }

  /** Forgets the server's tokens (revoking them where the authorization server can) and disconnects. */
  signOut(serverId: string): Promise<void> {
    return this.#signIn.signOut(serverId);
  }

  /** Drops the connection (withdrawing its Requests) and connects again now, negotiating afresh. */
  reconnect(serverId: string): Promise<void> {
    return this.#connections.reconnect(serverId);
  }

  /** Host access was granted (from the panel or chrome://extensions) or revoked. */
  accessChanged(): Promise<void> {
    return this.#connections.accessChanged();
  }

  /** Runs a tool for the person; a tool with an MCP App gets it shown with the result. */
  callTool(serverId: string, tool: string, args: Record<string, unknown>): Promise<CallView> {
    const app = appOfTool(this.#servers.view(serverId)?.tools.find((item) => item.name === tool));
    return this.#callTool(serverId, tool, args, app ? { app } : {});
  }

  /** The MCP App of a tool call in the panel (see Apps). */
  loadApp(activityId: string): Promise<AppResource> {
    return this.#apps.load(activityId);
  }

  /** A tool call an app asks for: on its own server, as an activity the person sees. */
  appCallTool(activityId: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.#apps.callTool(activityId, tool, args);
  }

  appReadResource(activityId: string, uri: string): Promise<ReadResourceResult> {
    return this.#apps.readResource(activityId, uri);
  }

  /** The server's protocol log, oldest first, redacted (see ProtocolRecords). */
  protocolLog(serverId: string): ProtocolRecord[] {
    return this.#protocolRecords.list(serverId);
  }

  clearProtocolLog(serverId: string): void {
    this.#protocolRecords.clear(serverId);
  }

  /** What the consent card shows of a link an app asks to open. */
  checkLink(url: string): UrlAnalysis {
    return analyzeUrl(url);
  }

  /**
   * Opens, in a tab of its own, a link the person agreed to on the consent card.
   * @throws Error when the URL is one no one should open.
   */
  async openLink(url: string): Promise<void> {
    const { refused, href } = analyzeUrl(url);
    if (refused || !href) throw new Error(refused ?? 'That is not a web address.');
    await this.#options.openUrl?.(href, 'tab');
  }

  readResource(serverId: string, uri: string): Promise<ResourceReadView> {
    return this.#activities.run<ResourceReadView>({ kind: 'resource', uri }, serverId, (connection, options) =>
      connection.readResource(uri, options),
    );
  }

  /** Reads the resource a template names for these values (RFC 6570, percent-encoded). */
  readTemplate(serverId: string, uriTemplate: string, values: Record<string, unknown>): Promise<ResourceReadView> {
    const variables = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value ?? '')]));
    return this.readResource(serverId, new UriTemplate(uriTemplate).expand(variables));
  }

  getPrompt(serverId: string, prompt: string, args: Record<string, string>): Promise<PromptView> {
    return this.#activities.run<PromptView>({ kind: 'prompt', prompt, args }, serverId, (connection, options) =>
      connection.getPrompt(prompt, args, options),
    );
  }

  /**
   * Suggestions for an argument of a prompt or resource template, with the arguments already
   * filled in as context; none when the server is not connected or offers no completions.
   */
  async complete(serverId: string, ref: CompleteRef, argument: { name: string; value: string }, filled: Record<string, string>): Promise<string[]> {
    return (await this.#connections.connection(serverId)?.complete(ref, argument, filled)) ?? [];
  }

  /**
   * Keeps a call's arguments under a name, for its tool on this server (by URL).
   * @throws SavedCallError when the name or arguments cannot be kept.
   */
  async saveCall(serverId: string, tool: string, name: string, args: Record<string, unknown>): Promise<void> {
    const server = this.#servers.saved(serverId);
    if (!server) throw new Error('That server was removed.');
    await this.#savedCalls.add(server.url, tool, name, args);
  }

  async deleteSavedCall(id: string): Promise<void> {
    await this.#savedCalls.remove(id);
  }

  /** The saved calls as a file of their own. */
  exportSavedCalls(): string {
    return this.#savedCalls.export();
  }

  /** @throws SavedCallError when the text is not a saved-calls file. */
  importSavedCalls(text: string): Promise<SavedCallsImport> {
    return this.#savedCalls.import(text);
  }

  /** Stops a running request; the server is told (`notifications/cancelled`). */
  cancelActivity(activityId: string): void {
    this.#activities.cancel(activityId);
    this.#resumed.drop(activityId, 'cancelled', 'Cancelled before it could be carried on.');
  }

  async clearActivities(): Promise<void> {
    this.#activities.clear();
    await this.#live.stopWhere((activityId) => !this.#activities.find(activityId));
  }

  /**
   * Reads a resource again each time its server says it changed, in the read's own card.
   * @throws Error when the server cannot say (no `resources.subscribe`) or refuses.
   */
  watchResource(activityId: string): Promise<void> {
    return this.#live.watch(activityId);
  }

  /** Stops watching; the server is told. */
  unwatchResource(activityId: string): Promise<void> {
    return this.#live.unwatch(activityId);
  }

  /** @throws InboxError when the Answer is refused; the panel shows its message. */
  answer(answer: Answer): void {
    this.inbox.answer(answer);
  }

  /**
   * The person consents to a URL Request: it is answered `accept` and opened where the
   * extension cannot read it (see UrlVisits.open).
   * @throws InboxError when the Request is no longer pending.
   */
  openUrl(requestId: string, mode: OpenMode): void {
    this.#visits.open(requestId, mode);
  }

  /** The person is done with an opened URL, or the server said so; whoever waits goes on. */
  finishVisit(requestId: string): void {
    this.#visits.finish(requestId);
  }

  dismissNotice(id: string): void {
    this.#notices.dismiss(id);
  }

  /** @throws HistorySaveError when the cleared list could not be saved; the panel shows it cleared either way. */
  clearHistory(serverId?: string): Promise<void> {
    return this.#history.clear(serverId);
  }

  /** @throws RangeError when the patch cannot be set; nothing is changed then. */
  async updateSettings(patch: Partial<Settings>): Promise<void> {
    this.#applySettings(changedSettings(this.#settings, patch));
    await this.#options.settings?.save(this.#settings);
    this.#emit();
  }

  /** A server's log message: on its card, and with the one request of it that runs, if one alone does. */
  #logged(serverId: string, entry: ServerLogEntry): void {
    const view = this.#servers.view(serverId);
    if (!view) return;
    this.#servers.update(serverId, { logs: appended(view.logs, entry, SERVER_LOG_LENGTH) });
    const running = this.#activities.list().filter((activity) => activity.serverId === serverId && activity.status === 'running');
    if (running.length === 1) this.#activities.patch(running[0]!, { logs: appended(running[0]!.logs, entry, ACTIVITY_LOG_LENGTH) });
  }

  #callTool(serverId: string, tool: string, args: Record<string, unknown>, from: Pick<CallView, 'app' | 'appOf'>): Promise<CallView> {
    const asTask = (connection: Connection) =>
      runsAsTask(
        connection.capabilities,
        this.#servers.view(serverId)?.tools.find((item) => item.name === tool),
      );
    return this.#activities.run<CallView>({ kind: 'tool', tool, args, ...from }, serverId, (connection, options) =>
      connection.callTool(tool, args, { ...options, asTask: asTask(connection) }),
    );
  }

  async #addServers(servers: NewServer[]): Promise<SavedServer[]> {
    const added = this.#servers.add(servers);
    await this.#servers.persist();
    this.#emit();
    await Promise.all(added.map((saved) => this.#connections.connect(saved.id)));
    return added;
  }

  #applySettings(settings: Settings): void {
    this.#settings = settings;
    this.inbox.setTimeoutMs(settings.requestTimeoutMinutes * 60_000);
  }

  /**
   * Tells listeners once for all the changes one task makes (a lost server's notices, its
   * withdrawn Requests and its new status; a call that cannot start, started and failed): in a
   * microtask, so the first change waits for no timer, and the state read then holds the last.
   */
  #emit(): void {
    if (this.#emitQueued) return;
    this.#emitQueued = true;
    queueMicrotask(() => {
      this.#emitQueued = false;
      const state = this.state();
      for (const listener of this.#listeners) listener(state);
    });
  }
}
