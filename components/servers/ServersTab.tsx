import type { ImportResult } from '@/lib/mcpJson';
import type { PolicyView } from '@/lib/policy/view';
import type { ServerView, Settings } from '@/lib/state';
import type { SyncView } from '@/lib/sync/view';
import { memo } from 'preact/compat';
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
          No servers yet. Paste an MCP server URL below.
        </p>
      ) : (
        <section key="list" class="card server-list" aria-label="Your servers">
          <header class="server-list-head muted">
            <span>
              {servers.length} {servers.length === 1 ? 'server' : 'servers'}
            </span>
            <span class="server-counts" aria-hidden="true">
              <span>tools</span>
              <span>res.</span>
              <span>prompts</span>
            </span>
            <span class="server-state" />
          </header>
          {servers.map((server) => (
            <ServerCard key={server.id} server={server} exportAllowed={policy.features.protocolLogExport} />
          ))}
        </section>
      )}
      <section class="card" aria-label="Add a server">
        <ServerForm id="add" submitLabel="Add server" onSubmit={addServer} />
      </section>
      <section class="card" aria-label="Find a server">
        <LazyFindServers id="servers-find" settings={settings} policy={policy} />
      </section>
      <ImportExport imported={imported} importAllowed={policy.features.mcpJsonImport} />
      <section class="card settings" aria-label="Settings">
        <label for="request-timeout">Requests wait for you (minutes)</label>
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
        <p class="hint muted">After that, the server is told the request was cancelled.</p>
        <label for="client-metadata-url">OAuth client metadata URL</label>
        <input
          id="client-metadata-url"
          type="url"
          placeholder="https://example.com/toolnexus-client.json"
          value={settings.clientMetadataUrl ?? ''}
          onChange={(event) => updateSettings({ clientMetadataUrl: event.currentTarget.value.trim() })}
        />
        <p class="hint muted">
          Where you publish a Client ID Metadata Document for toolnexus. Authorization servers that accept one skip registration; others get a dynamic
          registration.
        </p>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.protocolLog !== false}
            onChange={(event) => updateSettings({ protocolLog: event.currentTarget.checked })}
          />{' '}
          Record a protocol log of each server
        </label>
        <p class="hint muted">In memory only, redacted, the newest 1,000 records per server; a change applies from each server's next connect.</p>
      </section>
      {/* Sync, the sealed backup and session files (components/carry), in a chunk of their own. */}
      <LazyCarry sync={sync} exportAllowed={policy.features.protocolLogExport} />
    </>
  );
});
