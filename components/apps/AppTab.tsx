import { t } from '@/lib/i18n';
import type { HubState } from '@/lib/state';
import { LazyAppFrame } from './AppSlot';
import { type AppPorts, AppsContext } from './context';

export interface AppTabProps {
  state: HubState | null;
  connected: boolean;
  activityId: string;
  ports: AppPorts;
}

/** The page of an app opened in a tab of its own: the app, or why it is gone. */
export function AppTab({ state, connected, activityId, ports }: AppTabProps) {
  if (!state) return <p class="muted">{connected ? t('shell.loading') : t('shell.connecting')}</p>;
  const call = state.activities.find((activity) => activity.id === activityId);
  const server = call && state.servers.find((item) => item.id === call.serverId);
  if (call?.kind !== 'tool' || !call.app || !('resourceUri' in call.app) || !server) {
    return (
      <p role="alert" class="error">
        {t('apps.closed')}
      </p>
    );
  }
  return (
    <AppsContext.Provider value={{ ports, server: () => server }}>
      <LazyAppFrame call={call} tools={server.tools} resources={server.resources} ports={ports} inTab />
    </AppsContext.Provider>
  );
}
