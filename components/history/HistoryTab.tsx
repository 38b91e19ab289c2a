import { memo } from 'preact/compat';
import type { HistoryEntry } from '@/lib/history';
import { JsonView } from '../content/JsonView';
import { useActions } from '../shared/actions';

export interface HistoryTabProps {
  history: HistoryEntry[];
}

const ACTION_TEXT = { accept: 'Accepted', decline: 'Declined', cancel: 'Cancelled' } as const;
const when = (time: number) => new Date(time).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });

/** What each server asked and what the person answered and shared, newest first. */
export const HistoryTab = memo(function HistoryTab({ history }: HistoryTabProps) {
  const { clearHistory } = useActions();
  if (history.length === 0) return <p class="empty muted">Nothing answered yet. Answers to servers are kept here.</p>;
  const groups = new Map<string, HistoryEntry[]>();
  for (const entry of history) {
    const group = groups.get(entry.serverId);
    if (group) group.push(entry);
    else groups.set(entry.serverId, [entry]);
  }
  return (
    <>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => clearHistory()}>
          Clear all history
        </button>
      </div>
      {[...groups.entries()].map(([serverId, entries]) => (
        <section key={serverId} class="group" aria-label={`History of ${entries[0]!.serverName}`}>
          <header class="section-head">
            <h2>{entries[0]!.serverName}</h2>
            <button type="button" class="link" onClick={() => clearHistory(serverId)}>
              Clear {entries[0]!.serverName}
            </button>
          </header>
          <ol class="plain">
            {entries.map((entry) => (
              <li key={entry.requestId} class={`card history action-${entry.action}`}>
                <header>
                  <strong>{ACTION_TEXT[entry.action]}</strong>
                  <span class="muted">
                    {when(entry.answeredAt)}
                    {entry.reason && entry.reason !== 'declined' && ` · ${entry.reason}`}
                  </span>
                </header>
                <p class="prompt">{entry.prompt}</p>
                {entry.url && (
                  <p class="url">
                    <code>{entry.url}</code>
                  </p>
                )}
                {entry.content && <JsonView value={entry.content} label="Shared" open />}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
});
