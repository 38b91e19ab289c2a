import { useState } from 'preact/hooks';
import { errorMessage } from '@/lib/errorMessage';
import type { SavedCallsImport } from '@/lib/savedCalls';
import { useActions } from '../shared/actions';
import { ImportOutcome } from '../shared/ImportOutcome';

export interface SavedCallsFileProps {
  count: number;
}

/** Saved calls in and out, as a file of their own. */
export function SavedCallsFile({ count }: SavedCallsFileProps) {
  const { exportSavedCalls, importSavedCalls } = useActions();
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
            setOutcome({ ok: await importSavedCalls(await file.text()) });
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
      {outcome && 'ok' in outcome && <ImportOutcome added={outcome.ok.calls.length} what="savedCalls" skipped={outcome.ok.skipped} />}
      <div class="actions">
        <button type="button" class="secondary" disabled={count === 0} onClick={exportSavedCalls}>
          Export saved calls
        </button>
      </div>
    </details>
  );
}
