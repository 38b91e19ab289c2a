import type { ImportResult } from '@/lib/mcpJson';
import type { PolicyView } from '@/lib/policy/view';
import type { ServerView, Settings } from '@/lib/state';
import type { SyncView } from '@/lib/sync/view';
import { memo } from 'preact/compat';
import { PROTOCOL_LOG_LENGTH } from '@/lib/hub/protocolRecords';
import { t, tn } from '@/lib/i18n';
import { LazyCarry } from '../carry/LazyCarry';
import { useActions } from '../shared/actions';
import { ImportExport } from './ImportExport';
import { LazyFindServers } from './registry/LazyFindServers';
import { ServerCard } from './ServerCard';
import { ServerForm } from './ServerForm';

export interface ServersTabProps {
  servers: ServerView[];
  settings: Settings;
  imported: ImportResult | null;
  /** The organisation's policy in force: what it locks is said where it applies. */
  policy: PolicyView;
  /** Sync's state in this browser (absent: the browser offers no sync storage). */
  sync?: SyncView;
}

/** The servers, one line each (twenty fit on a screen), then adding one, mcp.json in and out, and the settings. */
export const ServersTab = memo(function ServersTab({ servers, settings, imported, policy, sync }: ServersTabProps) {
  const { addServer, updateSettings } = useActions();
  return (
    <>
      {/* Keyed: unkeyed, the first server's list took the add form's <section> as its own, and the form was built again under the
          person's cursor (focus lost to <body> on Enter, tests/e2e/keyboard-only.test.ts). */}
      {servers.length === 0 ? (
        <p key="none" class="empty muted">
          {t('servers.tab.none')}
        </p>
      ) : (
        <section key="list" class="card server-list" aria-label={t('servers.tab.yours')}>
          <header class="server-list-head muted">
            <span>{tn('servers.tab.count', servers.length)}</span>
            <span class="server-counts" aria-hidden="true">
              <span>{t('servers.tab.columnTools')}</span>
              <span>{t('servers.tab.columnResources')}</span>
              <span>{t('servers.tab.columnPrompts')}</span>
            </span>
            <span class="server-state" />
          </header>
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} exportAllowed={policy.features.protocolLogExport} />
          ))}
        </section>
      )}
      <section class="card" aria-label={t('servers.tab.add')}>
        <ServerForm id="add" submitLabel={t('servers.form.add')} onSubmit={addServer} />
      </section>
      <section class="card" aria-label={t('servers.tab.find')}>
        <LazyFindServers id="servers-find" settings={settings} policy={policy} />
      </section>
      <ImportExport imported={imported} importAllowed={policy.features.mcpJsonImport} />
      <section class="card settings" aria-label={t('servers.settings.label')}>
        <label for="request-timeout">{t('servers.settings.timeout')}</label>
        <input
          id="request-timeout"
          type="number"
          min={1}
          max={1440}
          value={settings.requestTimeoutMinutes}
          onChange={(event) => {
            const minutes = Number(event.currentTarget.value);
            if (minutes >= 1 && minutes <= 1440) updateSettings({ requestTimeoutMinutes: minutes });
          }}
        />
        <p class="hint muted">{t('servers.settings.timeoutHint')}</p>
        <label for="client-metadata-url">{t('servers.settings.metadataUrl')}</label>
        <input
          id="client-metadata-url"
          type="url"
          translate={false}
          placeholder="https://example.com/toolnexus-client.json"
          value={settings.clientMetadataUrl ?? ''}
          onChange={(event) => updateSettings({ clientMetadataUrl: event.currentTarget.value.trim() })}
        />
        <p class="hint muted">{t('servers.settings.metadataUrlHint')}</p>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.protocolLog !== false}
            onChange={(event) => updateSettings({ protocolLog: event.currentTarget.checked })}
          />{' '}
          {t('servers.settings.protocolLog')}
        </label>
        <p class="hint muted">{t('servers.settings.protocolLogHint', { count: PROTOCOL_LOG_LENGTH })}</p>
      </section>
      {/* Sync, the sealed backup and session files (components/carry), in a chunk of their own. */}
      <LazyCarry sync={sync} exportAllowed={policy.features.protocolLogExport} />
    </>
  );
});
