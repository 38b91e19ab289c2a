import type { ImportResult } from '@/lib/mcpJson';
import type { Verdict } from '@/lib/policy/judge';
import { useActions } from '../shared/actions';
import { ImportFile } from './ImportFile';

/** mcp.json in and out, in the shapes Claude, Cursor and VS Code use; `imported` is what the last import added and skipped. */
export function ImportExport({ imported, importAllowed }: { imported: ImportResult | null; importAllowed?: Verdict }) {
  const { exportServers } = useActions();
  return (
    <details class="card import-export">
      <summary>Import or export mcp.json</summary>
      <ImportFile id="import-file" label="Import a file" imported={imported} allowed={importAllowed} />
      <div class="actions">
        <button type="button" class="secondary" onClick={() => exportServers('mcpServers')}>
          Export for Claude or Cursor
        </button>
        <button type="button" class="secondary" onClick={() => exportServers('vscode')}>
          Export for VS Code
        </button>
      </div>
    </details>
  );
}
