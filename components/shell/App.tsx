import { useMemo } from 'preact/hooks';
import type { WorkerAsks, WorkerCommands } from '@/lib/port/commands';
import { visibleToPerson } from '@/lib/apps/resource';
import type { ProtocolRecord } from '@/lib/mcp/protocolLog';
import { isDestructive } from '@/lib/tools';
import type { ImportResult } from '@/lib/mcpJson';
import type { ActivityView, HubState, ServerView } from '@/lib/state';
import { ActivityList } from '../results/ActivityList';
import { type AppPorts, AppsContext } from '../apps/AppSlot';
import { InboxTab } from '../inbox/InboxTab';
import { LazyHelp, LazyHistoryTab, LazyPromptsTab, LazyResourcesTab, LazyServersTab, LazyToolsTab, LazyWelcome } from './LazyTabs';
import { TABS, type TabKey } from './shortcuts';
import { Tabs } from './Tabs';
import { ResultActionsContext } from '../shared/actions';
import type { ServerCardActions } from '../servers/ServerCard';
import type { ArgumentsDraft } from '../tools/ToolCard';

/** What the panel can do: the worker's commands (lib/port/commands.ts), and what the panel does itself. */
export interface AppActions extends WorkerCommands {
  /** A server's protocol log, asked of the worker (lib/port/commands.ts ASKS). */
  protocolLog: (serverId: string) => Promise<ProtocolRecord[]>;
  /** Suggestions for a prompt or template argument, asked of the worker (lib/port/commands.ts ASKS). */
  complete: WorkerAsks['complete'];
  importSavedCalls: WorkerAsks['importSavedCalls'];
  /** Saves the saved calls as a file. */
  exportSavedCalls: () => void;
  /** Puts arguments into a tool's form on the Tools tab. */
  editArguments: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  exportProtocolLog: ServerCardActions['exportProtocolLog'];
  selectTab: (tab: TabKey) => void;
  /** Asks for host access to a server's origin (a browser prompt, so the panel's to do). */
  grantAccess: (server: ServerView) => void;
  dismissError: () => void;
  showHelp: (open: boolean) => void;
}

export interface AppProps {
  state: HubState | null;
  tab: TabKey;
  /** Refusals of Answers by the worker, keyed by Request id. */
  refusals: Record<string, string>;
  imported: ImportResult | null;
  error: string | null;
  connected: boolean;
  /** The Request to focus (new, or its notification was clicked). */
  focusId?: string;
  /** The same object on every render: components compare callbacks to skip rendering. */
  actions: AppActions;
  /** How MCP Apps reach the worker; without it, results show no apps. */
  apps?: AppPorts;
  help?: boolean;
  /** Arguments put into a tool's form (Edit arguments, Load). */
  draft?: ArgumentsDraft;
  /** The browser-wide key that opens the panel, for Help ('' when none is set). */
  openShortcut?: string;
}

const byKind = (activities: ActivityView[], kind: ActivityView['kind']) => activities.filter((activity) => activity.kind === kind);

export function App({ state, tab, refusals, imported, error, connected, focusId, actions, apps, help = false, openShortcut = '', draft }: AppProps) {
  const serverActions = useMemo(
    () => ({
      add: actions.addServer,
      update: actions.updateServer,
      reconnect: actions.reconnect,
      grantAccess: actions.grantAccess,
      signIn: actions.signIn,
      signOut: actions.signOut,
      remove: actions.removeServer,
      importServers: actions.importServers,
      exportServers: actions.exportServers,
      updateSettings: actions.updateSettings,
      protocolLog: actions.protocolLog,
      clearProtocolLog: actions.clearProtocolLog,
      exportProtocolLog: actions.exportProtocolLog,
    }),
    [actions],
  );
  const servers = state?.servers;
  const names = useMemo(() => new Map(servers?.map((server) => [server.id, server.displayName])), [servers]);
  // One click runs again only what a Run would run without asking first.
  const canRerun = useMemo(
    () => (serverId: string, name: string) => {
      const tool = servers?.find((server) => server.id === serverId && server.status === 'connected')?.tools.find((item) => item.name === name);
      return tool !== undefined && visibleToPerson(tool) && !isDestructive(tool);
    },
    [servers],
  );
  const connectedServers = useMemo(() => servers?.filter((server) => server.status === 'connected') ?? [], [servers]);
  const connectedNames = useMemo(() => connectedServers.map((server) => server.displayName), [connectedServers]);
  const openHelp = useMemo(() => () => actions.showHelp(true), [actions]);
  const resultActions = useMemo(
    () => ({
      edit: actions.editArguments,
      save: actions.saveCall,
      canWatch: (serverId: string) => servers?.find((server) => server.id === serverId)?.subscribe === true,
      watch: actions.watchResource,
      unwatch: actions.unwatchResource,
    }),
    [actions, servers],
  );
  const appsContext = useMemo(
    () => (apps ? { ports: apps, server: (serverId: string) => servers?.find((server) => server.id === serverId) } : null),
    [apps, servers],
  );
  if (!state) return <p class="muted">{connected ? 'Loading…' : 'Connecting to the toolnexus worker…'}</p>;
  const results = (title: string, kind: ActivityView['kind']) => (
    <ActivityList
      title={title}
      activities={byKind(state.activities, kind)}
      serverNames={names}
      onCancel={actions.cancelActivity}
      onReadResource={actions.readResource}
      onRerun={actions.callTool}
      canRerun={canRerun}
      onClear={actions.clearActivities}
    />
  );
  return (
    <>
      {!connected && (
        <p role="status" class="banner">
          Reconnecting to the toolnexus worker…
        </p>
      )}
      {error && (
        <p role="alert" class="error banner">
          {error}{' '}
          <button type="button" class="link" onClick={actions.dismissError}>
            Dismiss
          </button>
        </p>
      )}
      <Tabs
        tabs={TABS.map((item) => (item.key === 'inbox' ? { ...item, count: state.inbox.length + state.notices.length } : item))}
        selected={tab}
        onSelect={actions.selectTab}
        aside={
          <button type="button" class="secondary help-button" aria-label="Help" title="Help (?)" aria-keyshortcuts="?" onClick={openHelp}>
            ?
          </button>
        }
      >
        {tab === 'inbox' && state.servers.length === 0 && state.inbox.length === 0 && (
          <LazyWelcome imported={imported} onAdd={actions.addServer} onImport={actions.importServers} onHelp={openHelp} />
        )}
        {tab === 'inbox' && (state.servers.length > 0 || state.inbox.length > 0) && (
          <InboxTab
            inbox={state.inbox}
            visits={state.visits}
            notices={state.notices}
            onFinishVisit={actions.finishVisit}
            onDismissNotice={actions.dismissNotice}
            refusals={refusals}
            focusId={focusId}
            onAnswer={actions.answer}
            onOpen={actions.openUrl}
            connectedServers={connectedNames}
            onSelectTab={actions.selectTab}
          />
        )}
        {tab === 'tools' && (
          <AppsContext.Provider value={appsContext}>
            <ResultActionsContext.Provider value={resultActions}>
              {results('Results', 'tool')}
              <LazyToolsTab
                servers={state.servers}
                savedCalls={state.savedCalls}
                draft={draft}
                onRun={actions.callTool}
                onLoad={actions.editArguments}
                onDeleteSaved={actions.deleteSavedCall}
                onExportSaved={actions.exportSavedCalls}
                onImportSaved={actions.importSavedCalls}
              />
            </ResultActionsContext.Provider>
          </AppsContext.Provider>
        )}
        {tab === 'resources' && (
          <ResultActionsContext.Provider value={resultActions}>
            {results('Read', 'resource')}
            <LazyResourcesTab
              servers={connectedServers}
              onRead={actions.readResource}
              onReadTemplate={actions.readTemplate}
              onComplete={actions.complete}
            />
          </ResultActionsContext.Provider>
        )}
        {tab === 'prompts' && (
          <>
            {results('Prompt messages', 'prompt')}
            <LazyPromptsTab servers={connectedServers} onGet={actions.getPrompt} onComplete={actions.complete} />
          </>
        )}
        {tab === 'servers' && <LazyServersTab servers={state.servers} settings={state.settings} imported={imported} actions={serverActions} />}
        {tab === 'history' && <LazyHistoryTab history={state.history} onClear={actions.clearHistory} />}
      </Tabs>
      {help && <LazyHelp openShortcut={openShortcut} onClose={() => actions.showHelp(false)} />}
    </>
  );
}
