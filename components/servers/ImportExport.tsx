import { t } from '@/lib/i18n';
import type { ImportResult } from '@/lib/mcpJson';
import type { Verdict } from '@/lib/policy/judge';
import { useActions } from '../shared/actions';
import { ImportFile } from './ImportFile';

/** mcp.json in and out, in the shapes Claude, Cursor and VS Code use; `imported` is what the last import added and skipped. */
export function ImportExport({ imported, importAllowed }: { imported: ImportResult | null; importAllowed?: Verdict }) {
  const { exportServers } = useActions();
  return (
    <details class="card import-export">
      <summary>{t('servers.mcpJson.summary')}</summary>
      <ImportFile id="import-file" label={t('servers.mcpJson.import')} imported={imported} allowed={importAllowed} />
      <div class="actions">
        <button type="button" class="secondary" onClick={() => exportServers('mcpServers')}>
          {t('servers.mcpJson.exportClaude')}
        </button>
        <button type="button" class="secondary" onClick={() => exportServers('vscode')}>
          {t('servers.mcpJson.exportVsCode')}
        </button>
      </div>
    </details>
  );
}
