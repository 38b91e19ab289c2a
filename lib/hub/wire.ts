/**
 * The hub's parts, made and handed to each other (lib/hub/index.ts names what the panel may
 * ask of them). Parts that need one made later (Connections, most of all) look it up as they
 * run, so the order here is only the order of construction.
 */
import { readRecord } from '../auth/record';
import { applyBackupPlan, backupState, type ImportPlan } from '../backup';
import { historyEntry } from '../history';
import { Inbox } from '../inbox';
import { load } from '../mcp/client';
import type { Connection } from '../mcp/connection';
import { Activities } from './activities';
import { AppLinks } from './appLinks';
import { Apps } from './apps';
import { Asking } from './asking';
import { Calls } from './calls';
import { Connections, exponentialBackoff } from './connections';
import { RESULTS_KEPT } from './eviction';
import { HistoryLog } from './historyLog';
import { LiveResources } from './liveResources';
import { isPolicyManaged } from './managedServers';
import { Notices } from './notices';
import type { HubOptions } from './options';
import { OrgPolicy } from './orgPolicy';
import { policyEnforcement, serverFacts } from './policyEnforcement';
import { ProtocolRecords } from './protocolRecords';
import { RegistrySearch } from './registry';
import { RequestApps } from './requestApps';
import { ResumedCalls } from './resumedCalls';
import { ServerLifecycle } from './serverLifecycle';
import { routeServerLogs } from './serverLogs';
import { Servers } from './servers';
import { shortcutStores } from './shortcuts';
import { DEFAULT_SETTINGS } from './settings';
import { SettingsStore } from './settingsStore';
import { SiteLooks } from './siteLooks';
import { SignIn } from './signIn';
import { SessionSaver } from '../sessionFile';
import { Sync, toldOnSave } from '../sync';
import { UrlVisits } from './urlVisits';

/** The parts that keep what is stored, each needing no other part. */
function stores(options: HubOptions, newId: () => string, changed: () => void) {
  const inbox = options.inbox ?? new Inbox({ timeoutMs: DEFAULT_SETTINGS.requestTimeoutMinutes * 60_000 });
  const settings = new SettingsStore(options.settings, (set) => inbox.setTimeoutMs(set.requestTimeoutMinutes * 60_000), changed);
  const servers = new Servers({ stored: options.servers, newId, changed });
  const records = new ProtocolRecords(
    () => settings.current().protocolLog !== false,
    (serverId) => servers.saved(serverId) !== undefined,
  );
  const notices = new Notices(changed, options.notices);
  const history = new HistoryLog(options.history, notices.notify.bind(notices), changed);
  const policy = new OrgPolicy({ source: options.policy, kept: options.keptPolicy, confirmEmptyMs: options.confirmEmptyPolicyMs, changed });
  return { inbox, settings, records, notices, history, servers, policy, ...shortcutStores(options, changed) };
}

/** Makes the hub's parts, each handed the others it needs; those needing a later one (Connections, most of all) look it up as they run. */
export function wire(options: HubOptions, changed: () => void) {
  const { pending, suspended, tasks, fetch, canReach, eras, originRefused, mcpApps, acceptLanguage } = options;
  const newId = () => options.newId?.() ?? crypto.randomUUID();
  // What sync follows tells it when it is saved.
  const kept = stores(
    toldOnSave(options, () => sync.localSaved()),
    newId,
    changed,
  );
  const { inbox, settings, records, notices, history, servers, policy } = kept;
  const judge = policy.judge;
  const notify = notices.notify.bind(notices);
  const displayName = (serverId: string) => servers.displayName(serverId);
  const connection = (serverId: string): Connection | undefined => connections.connection(serverId);
  const visits = new UrlVisits({ inbox, open: options.openUrl, notify, record: (entry) => history.record(entry), changed, policy: judge });
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
    signInFailed: (serverId, failure) => connections.signInFailed(serverId, failure),
    traces: records,
    policy: judge,
  });
  const connections: Connections = new Connections({
    servers,
    authorization: signIn,
    calls: resumed,
    asking,
    visits,
    ...{ fetch, canReach, eras, originRefused, acceptLanguage },
    mcpApps: () => mcpApps === true && judge().judgeFeature('mcpApps').allowed,
    admit: (saved) => judge().judgeServer(serverFacts(saved)),
    connect: options.connect ?? load,
    backoffMs: options.backoffMs ?? exponentialBackoff,
    onLog: routeServerLogs({ servers, activities }),
    onRecord: () => records.recorder(),
  });
  const live = new LiveResources({ connection, activities });
  const calls = new Calls({ activities, servers, connection, resumed, live, policy: judge });
  const apps = new Apps({ activities, servers, connection, calls, policy: judge });
  const requestApps = new RequestApps({ inbox, servers, connection, policy: judge });
  const registry = new RegistrySearch({ fetch: fetch ?? globalThis.fetch, canReach, settings, policy: judge });
  const listed = registry.listed.bind(registry);
  const lifecycle = new ServerLifecycle({ servers, connections, resumed, live, activities, records, signIn, changed, policy: judge, listed });
  policy.onApplied(policyEnforcement({ servers, connections, changed }));
  inbox.onSettled((request, answer, at) => history.record(historyEntry(request, answer, at)));
  const links = new AppLinks(options.openUrl);
  const sites = new SiteLooks(fetch, judge);
  // What moves with the person: sync, the sealed backup, the session file.
  const targets = { servers, lifecycle, settings, savedCalls: kept.savedCalls, pins: kept.pins };
  const { area, state } = options.sync ?? {};
  // A server the organisation's policy manages neither syncs nor is changed by sync (docs/sync.md).
  const isManaged = (server: { url: string; managed?: unknown }) => isPolicyManaged(judge(), server);
  const sync: Sync = new Sync({ area, stored: state, isManaged, targets, ask: (...args) => asking.deliver(...args), newId, changed });
  const about = () => options.about ?? { product: { name: 'toolnexus', version: '' }, browser: '' };
  // A backup is sealed and opened in the panel; the worker hands what it keeps and applies a plan (lib/backup/here.ts).
  const backups = {
    state: () => backupState({ ...targets, history }, about().product),
    apply: (plan: ImportPlan) => applyBackupPlan({ ...targets, history }, plan),
  };
  const auth = options.authorization?.storage;
  const sessions = new SessionSaver({
    ...{ servers, records, about, activities: () => activities.list() },
    capabilities: (serverId) => connections.connection(serverId)?.capabilities,
    signInRecord: auth && ((serverId) => readRecord(auth, serverId)),
  });
  return {
    ...kept,
    ...{ visits, activities, resumed, asking, signIn, connections, live, calls, apps, requestApps, lifecycle, links, registry, sites },
    ...{ sync, backups, sessions },
  };
}

export type Parts = ReturnType<typeof wire>;
