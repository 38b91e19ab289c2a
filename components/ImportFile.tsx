import type { ImportResult } from '@/lib/mcpJson';

export interface ImportFileProps {
  /** Distinct per page, for the label's link. */
  id: string;
  label: string;
  /** What the last import added and skipped. */
  imported: ImportResult | null;
  onImport: (text: string) => void;
}

/** A file input for mcp.json (Claude, Cursor and VS Code shapes) and what its last import did. */
export function ImportFile({ id, label, imported, onImport }: ImportFileProps) {
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
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
    </>
  );
}
