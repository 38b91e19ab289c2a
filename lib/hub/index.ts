/**
 * What the background worker holds: the saved servers, a live connection to each, the
 * requests in flight, the inbox and its history. Pure logic: storage, host permissions
 * and the network come in as parameters, so the same hub runs in the worker and in Node.
 *
 * The hub only composes: each part (made in lib/hub/wire.ts) owns its state and is handed the
 * other parts it needs (a server's Request goes Connections → Asking → Inbox, never through
 * here). The hub names the public surface, each of the panel's commands (lib/port/commands.ts)
 * the part that does it.
 */
import type { ImportPlan } from '../backup';
import type { Inbox } from '../inbox';
import type { ExportFormat } from '../mcpJson';
import type { Answer } from '../request';
import type { HubState, OpenMode, ServerSettings, Settings } from '../state';
import type { Calls } from './calls';
import { Changes } from './changes';
import type { HubOptions } from './options';
import { startManaged } from './policyEnforcement';
import type { AddedServer } from './serverLifecycle';
import type { EnteredClient } from './signIn';
import { type Parts, wire } from './wire';

export type { HubOptions } from './options';
export type { KeptPolicy, PolicySource } from './orgPolicy';
export type { KeptTask, SuspendedCall } from './resumedCalls';
export { ServerUrlError, type SavedServer } from './servers';
export type { Stored } from '../stored';

export class Hub {
  readonly inbox: Inbox;
  readonly #parts: Parts;
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
    const { servers, settings, connections, resumed, history, savedCalls, pins, notices, policy, sync } = this.#parts;
    // The organisation's policy is in force before any server connects (lib/hub/orgPolicy.ts).
    const [saved] = await Promise.all([servers.load(), settings.load(), connections.loadEras(), policy.load()]);
    const takenOver = resumed.takeOver();
    servers.restore(saved);
    await startManaged(servers, policy.judge());
    this.#changes.changed();
    // Sync compares what is here with what the area holds: it starts once all of it is loaded.
    const synced = Promise.all([savedCalls.load(), pins.load()]).then(() => sync.start());
    const kept = [history.load(), synced, notices.load(), takenOver];
    await Promise.all([...servers.ids().map((id) => connections.connect(id)), ...kept]);
  }

  /**
   * Everything the panel shows. What did not change is the very object the last call returned:
   * the panel is sent only what is not (lib/statePatch.ts).
   */
  state(): HubState {
    const { servers, asking, visits, notices, activities, history, savedCalls, pins, settings, policy, sync } = this.#parts;
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
      policy: policy.view(),
      sync: sync.view(),
    };
  }

  /** True while something would be lost if the worker stopped now. */
  readonly busy = (): boolean => this.inbox.size > 0 || this.#parts.visits.size > 0 || this.#parts.activities.running();

  readonly subscribe = (listener: (state: HubState) => void) => this.#changes.subscribe(listener);
  // The panel's commands and asks (lib/port/commands.ts), each the part that does it: see there.
  readonly addServer = (settings: AddedServer) => this.#parts.lifecycle.add(settings);
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
  readonly setSync = (on: boolean) => this.#parts.sync.setEnabled(on);
  readonly dismissSyncConflicts = () => this.#parts.sync.dismissConflicts();
  readonly askSyncSecrets = (serverId: string) => this.#parts.sync.askSecrets(serverId);
  /** What a backup holds, for the panel to seal or to compare a file with (lib/backup/here.ts). */
  readonly backupState = async () => this.#parts.backups.state();
  /** Applies what the panel planned of an opened backup, as the person chose. */
  readonly applyBackupPlan = (plan: ImportPlan) => this.#parts.backups.apply(plan);
  /** What a session file of one server (or every server) is written from, for the panel to write (lib/sessionFile). */
  readonly sessionSources = (serverId?: string) => this.#parts.sessions.sources(serverId);
}
