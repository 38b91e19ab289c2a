import type { ImportResult } from '@/lib/mcpJson';
import type { Verdict } from '@/lib/policy/judge';
import { useActions } from '../shared/actions';
import { ImportOutcome } from '../shared/ImportOutcome';
import { OrgNote } from '../shared/OrgNote';

export interface ImportFileProps {
  /** Distinct per page, for the label's link. */
  id: string;
  label: string;
  /** What the last import added and skipped. */
  imported: ImportResult | null;
  /** The organisation's word on mcp.json import: turned off, the input is not offered. */
  allowed?: Verdict;
}

/** A file input for mcp.json (Claude, Cursor and VS Code shapes) and what its last import did. */
export function ImportFile({ id, label, imported, allowed }: ImportFileProps) {
  const { importServers } = useActions();
  if (allowed && !allowed.allowed) return <OrgNote verdict={allowed} />;
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
      {imported && <ImportOutcome added={imported.servers.length} what="servers" skipped={imported.skipped} />}
    </>
  );
}
