import { memo } from 'preact/compat';
import { useMemo, useState } from 'preact/hooks';
import { visibleToPerson } from '@/lib/apps/resource';
import type { SavedCall, SavedCallsImport } from '@/lib/savedCalls';
import type { ServerView } from '@/lib/state';
import { errorMessage } from '@/lib/errorMessage';
import { type ArgumentsDraft, ToolCard } from './ToolCard';

export interface ToolsTabProps {
  servers: ServerView[];
  savedCalls: SavedCall[];
  draft?: ArgumentsDraft;
  onRun: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  onLoad: (serverId: string, tool: string, args: Record<string, unknown>) => void;
  onDeleteSaved: (savedCallId: string) => void;
  onExportSaved: () => void;
  onImportSaved: (text: string) => Promise<SavedCallsImport>;
}

const key = (serverUrl: string, tool: string) => `${serverUrl} ${tool}`;

/** Saved calls in and out, as a file of their own. */
function SavedCallsFile({ count, onExport, onImport }: { count: number; onExport: () => void; onImport: ToolsTabProps['onImportSaved'] }) {
  const [outcome, setOutcome] = useState<{ ok: SavedCallsImport } | { error: string } | null>(null);
  return (
    <details class="card import-export">
      <summary>Saved calls: export or import ({count})</summary>
      <label for="saved-calls-file">Import saved calls</label>
      <input
        id="saved-calls-file"
        type="file"
        accept=".json,application/json"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          try {
            setOutcome({ ok: await onImport(await file.text()) });
          } catch (error) {
            setOutcome({ error: errorMessage(error) });
          }
        }}
      />
      {outcome && 'error' in outcome && (
        <p role="alert" class="error">
          {outcome.error}
        </p>
      )}
      {outcome && 'ok' in outcome && (
        <div role="status" class="import-result">
          <p>
            Imported {outcome.ok.calls.length} saved {outcome.ok.calls.length === 1 ? 'call' : 'calls'}
            {outcome.ok.skipped.length > 0 && `, skipped ${outcome.ok.skipped.length}`}.
          </p>
          {outcome.ok.skipped.length > 0 && (
            <ul aria-label="Skipped saved calls">
              {outcome.ok.skipped.map((entry, index) => (
                <li key={index}>
                  <strong>{entry.name}</strong>: {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div class="actions">
        <button type="button" class="secondary" disabled={count === 0} onClick={onExport}>
          Export saved calls
        </button>
      </div>
    </details>
  );
}

/** Every connected server's tools, one section per server, and the saved calls of each tool. */
export const ToolsTab = memo(function ToolsTab({
  servers,
  savedCalls,
  draft,
  onRun,
  onLoad,
  onDeleteSaved,
  onExportSaved,
  onImportSaved,
}: ToolsTabProps) {
  const savedByTool = useMemo(() => {
    const groups = new Map<string, SavedCall[]>();
    for (const call of savedCalls) {
      const group = groups.get(key(call.serverUrl, call.tool));
      if (group) group.push(call);
      else groups.set(key(call.serverUrl, call.tool), [call]);
    }
    return groups;
  }, [savedCalls]);
  const connected = servers.filter((server) => server.status === 'connected');
  const file = <SavedCallsFile count={savedCalls.length} onExport={onExportSaved} onImport={onImportSaved} />;
  if (connected.length === 0) {
    return (
      <>
        <p class="empty muted">No connected server. Add one under Servers.</p>
        {file}
      </>
    );
  }
  return (
    <>
      {connected.map((server) => {
        // A tool its server shows only to its apps (MCP Apps `visibility: ["app"]`) is theirs to call.
        const tools = server.tools.filter(visibleToPerson);
        const appOnly = server.tools.length - tools.length;
        return (
          <section key={server.id} class="group" aria-label={`Tools of ${server.displayName}`}>
            <h2>
              {server.displayName} <span class="count">{tools.length}</span>
            </h2>
            {tools.length === 0 && <p class="muted">This server offers no tools.</p>}
            {tools.map((tool) => (
              <ToolCard
                key={tool.name}
                serverId={server.id}
                serverUrl={server.url}
                tool={tool}
                onRun={onRun}
                saved={savedByTool.get(key(server.url, tool.name))}
                draft={draft?.serverId === server.id && draft.tool === tool.name ? draft : undefined}
                onLoad={onLoad}
                onDelete={onDeleteSaved}
              />
            ))}
            {appOnly > 0 && <p class="muted">{appOnly === 1 ? 'One more tool is' : `${appOnly} more tools are`} for this server's apps to call.</p>}
          </section>
        );
      })}
      {file}
    </>
  );
});
