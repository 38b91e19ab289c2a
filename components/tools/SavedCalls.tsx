import type { SavedCall } from '@/lib/savedCalls';
import { useActions } from '../shared/actions';

export interface SavedCallsProps {
  serverId: string;
  tool: string;
  /** A destructive tool asks first: its saved calls load into the form, whose Run asks. */
  destructive: boolean;
  saved: SavedCall[];
}

/** A tool's saved calls, each with Run, Load and Delete. */
export function SavedCalls({ serverId, tool, destructive, saved }: SavedCallsProps) {
  const { callTool, editArguments, deleteSavedCall } = useActions();
  if (saved.length === 0) return null;
  return (
    <details class="saved-calls">
      <summary>Saved calls ({saved.length})</summary>
      <ul class="plain" aria-label={`Saved calls of ${tool}`}>
        {saved.map((call) => (
          <li key={call.id} class="saved-call">
            <span class="saved-name">{call.name}</span>
            {!destructive && (
              <button
                type="button"
                class="secondary"
                aria-label={`Run saved call ${call.name}`}
                onClick={() => callTool(serverId, tool, call.arguments)}
              >
                Run
              </button>
            )}
            <button
              type="button"
              class="secondary"
              aria-label={`Load saved call ${call.name}`}
              onClick={() => editArguments(serverId, tool, call.arguments)}
            >
              Load
            </button>
            <button type="button" class="link" aria-label={`Delete saved call ${call.name}`} onClick={() => deleteSavedCall(call.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
