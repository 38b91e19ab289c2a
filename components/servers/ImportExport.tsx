import type { ImportResult } from '@/lib/mcpJson';
import { ImportFile } from './ImportFile';

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
      <ImportFile id="import-file" label="Import a file" imported={imported} onImport={onImport} />
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
