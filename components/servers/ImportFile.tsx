import type { ImportResult } from '@/lib/mcpJson';
import { useActions } from '../shared/actions';

export interface ImportFileProps {
  /** Distinct per page, for the label's link. */
  id: string;
  label: string;
  /** What the last import added and skipped. */
  imported: ImportResult | null;
}

/** A file input for mcp.json (Claude, Cursor and VS Code shapes) and what its last import did. */
export function ImportFile({ id, label, imported }: ImportFileProps) {
  const { importServers } = useActions();
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          if (file) importServers(await file.text());
          event.currentTarget.value = '';
        }}
      />
      {imported && (
        <ImportOutcome added={imported.servers.length} noun={['server', 'servers']} skipped={imported.skipped} listLabel="Skipped servers" />
      )}
    </>
  );
}

export interface ImportOutcomeProps {
  added: number;
  /** Singular and plural of what was imported. */
  noun: [string, string];
  skipped: ReadonlyArray<{ name: string; reason: string }>;
  listLabel: string;
}

/** What an import added, and each entry it skipped with why. */
export function ImportOutcome({ added, noun, skipped, listLabel }: ImportOutcomeProps) {
  return (
    <div role="status" class="import-result">
      <p>
        Imported {added} {added === 1 ? noun[0] : noun[1]}
        {skipped.length > 0 && `, skipped ${skipped.length}`}.
      </p>
      {skipped.length > 0 && (
        <ul aria-label={listLabel}>
          {skipped.map((entry, index) => (
            <li key={index}>
              <strong>{entry.name}</strong>: {entry.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
