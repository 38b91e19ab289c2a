import type { ImportResult } from '@/lib/mcpJson';

export interface ImportExportProps {
  /** What the last import added and skipped. */
  imported: ImportResult | null;
  onImport: (text: string) => void;
  onExport: (format: 'mcpServers' | 'vscode') => void;
}

/** mcp.json in and out, in the shapes Claude, Cursor and VS Code use. */
export function ImportExport({ imported, onImport, onExport }: ImportExportProps) {
  return (
    <details class="card import-export">
      <summary>Import or export mcp.json</summary>
      <label for="import-file">Import a file</label>
      <input
        id="import-file"
        type="file"
        accept=".json,application/json"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onImport(await file.text());
          event.currentTarget.value = '';
        }}
      />
      {imported && (
        <div role="status" class="import-result">
          <p>
            Imported {imported.servers.length} {imported.servers.length === 1 ? 'server' : 'servers'}
            {imported.skipped.length > 0 && `, skipped ${imported.skipped.length}`}.
          </p>
          {imported.skipped.length > 0 && (
            <ul aria-label="Skipped servers">
              {imported.skipped.map((entry) => (
                <li key={entry.name}>
                  <strong>{entry.name}</strong>: {entry.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div class="actions">
        <button type="button" class="secondary" onClick={() => onExport('mcpServers')}>
          Export for Claude or Cursor
        </button>
        <button type="button" class="secondary" onClick={() => onExport('vscode')}>
          Export for VS Code
        </button>
      </div>
    </details>
  );
}
