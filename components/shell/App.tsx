import { useMemo, useRef } from 'preact/hooks';
import { visibleToPerson } from '@/lib/apps/resource';
import { t } from '@/lib/i18n';
import { isDestructive } from '@/lib/tools';
import type { ImportResult } from '@/lib/mcpJson';
import type { ActivityView, HubState } from '@/lib/state';
import { Announcer } from '../announcer/Announcer';
import { type AppPorts, AppsContext } from '../apps/context';
import { InboxTab } from '../inbox/InboxTab';
import { appNamed } from '../inbox/LazyAppQuestion';
import { ActivityList, hasApp } from '../results/ActivityList';
import { useActions } from '../shared/actions';
import { TABS, type TabKey } from '../shared/tabs';
import type { ArgumentsDraft } from '../tools/ToolCard';
import { LazyHelp, LazyHistoryTab, LazyPromptsTab, LazyResourcesTab, LazyServersTab, LazyToolsTab, LazyWelcome } from './LazyTabs';
import { Tabs } from './Tabs';

/** What the panel shows; what it can do comes from the actions context (components/shared/actions.ts). */
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
  /** How MCP Apps reach the worker; without it, results show no apps. */
  apps?: AppPorts;
  help?: boolean;
  /** Arguments put into a tool's form (Edit arguments, Load). */
  draft?: ArgumentsDraft;
  /** The browser-wide key that opens the panel, for Help ('' when none is set). */
  openShortcut?: string;
}

/** The results a tab shows: a skill's file, read as a resource is, shows beside the prompts, where its skill is listed. */
const tabKind = (activity: ActivityView) => (activity.kind === 'resource' && activity.skill ? 'prompt' : activity.kind);
const byKind = (activities: ActivityView[], kind: ActivityView['kind']) => activities.filter((activity) => tabKind(activity) === kind);

export function App({ state, tab, refusals, imported, error, connected, focusId, apps, help = false, openShortcut = '', draft }: AppProps) {
  const actions = useActions();
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
  const canWatch = useMemo(() => (serverId: string) => servers?.find((server) => server.id === serverId)?.subscribe === true, [servers]);
  const toolsShown = useRef(false);
  const appsContext = useMemo(
    () => (apps ? { ports: apps, server: (serverId: string) => servers?.find((server) => server.id === serverId) } : null),
    [apps, servers],
  );
  if (!state) return <p class="muted">{connected ? t('shell.loading') : t('shell.connecting')}</p>;
  const welcome = state.servers.length === 0 && state.inbox.length === 0;
  const keepInbox = state.inbox.some((request) => appNamed(request) !== undefined);
  // Not before it is needed (a panel opening onto its Inbox need not load and draw the Tools
  // tab), and kept from then on, or while a result has an app, so that the app keeps its frame.
  toolsShown.current ||= tab === 'tools';
  const keepTools = toolsShown.current || state.activities.some(hasApp);
  const results = (title: string, kind: ActivityView['kind'], shown = true) => (
    <ActivityList
      title={title}
      activities={byKind(state.activities, kind)}
      serverNames={names}
      canRerun={canRerun}
      canWatch={canWatch}
      dropped={state.activitiesDropped}
      shown={shown}
    />
  );
  return (
    <>
      <Announcer state={state} />
      {!connected && (
        <p role="status" class="banner">
          {t('shell.reconnecting')}
        </p>
      )}
      {error && (
        <p role="alert" class="error banner">
          {error}{' '}
          <button type="button" class="link" onClick={actions.dismissError}>
            {t('shell.dismiss')}
          </button>
        </p>
      )}
      <Tabs
        tabs={TABS.map(({ key, label }) => ({ key, label: label(), ...(key === 'inbox' && { count: state.inbox.length + state.notices.length }) }))}
        selected={tab}
        onSelect={actions.selectTab}
        aside={
          <button
            type="button"
            class="secondary help-button"
            aria-label={t('shell.helpButton')}
            title={t('shell.helpButtonTitle', { key: '?' })}
            aria-keyshortcuts="?"
            onClick={() => actions.showHelp(true)}
          >
            ?
          </button>
        }
      >
        {tab === 'inbox' && welcome && <LazyWelcome imported={imported} settings={state.settings} policy={state.policy} />}
        {/* Kept mounted, hidden, while a question is asked through an app: leaving the tab must not restart the app (and ask it again). */}
        <div hidden={tab !== 'inbox'}>
          {((tab === 'inbox' && !welcome) || keepInbox) && (
            <AppsContext.Provider value={appsContext}>
              <InboxTab
                inbox={state.inbox}
                visits={state.visits}
                notices={state.notices}
                refusals={refusals}
                focusId={focusId}
                connectedServers={connectedNames}
                shown={tab === 'inbox'}
              />
            </AppsContext.Provider>
          )}
        </div>
        {/* Once shown, or while a result has an app, mounted and hidden on other tabs: a running MCP App keeps its frame and its state while the person looks elsewhere. */}
        <div hidden={tab !== 'tools'}>
          {keepTools && (
            <AppsContext.Provider value={appsContext}>
              <LazyToolsTab
                servers={state.servers}
                savedCalls={state.savedCalls}
                pinnedTools={state.pinnedTools}
                activities={state.activities}
                draft={draft}
                results={results(t('shell.results.tools'), 'tool', tab === 'tools')}
                shown={tab === 'tools'}
              />
            </AppsContext.Provider>
          )}
        </div>
        {tab === 'resources' && <LazyResourcesTab servers={state.servers} results={results(t('shell.results.resources'), 'resource')} />}
        {tab === 'prompts' && <LazyPromptsTab servers={state.servers} results={results(t('shell.results.prompts'), 'prompt')} />}
        {tab === 'servers' && (
          <LazyServersTab servers={state.servers} settings={state.settings} imported={imported} policy={state.policy} sync={state.sync} />
        )}
        {tab === 'history' && <LazyHistoryTab history={state.history} />}
      </Tabs>
      {help && <LazyHelp openShortcut={openShortcut} policy={state.policy} />}
    </>
  );
}
