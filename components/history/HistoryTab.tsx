import { memo } from 'preact/compat';
import type { HistoryEntry } from '@/lib/history';
import { formatDateTime } from '@/lib/i18n/format';
import { t } from '@/lib/i18n';
import { JsonView } from '../content/JsonView';
import { useActions } from '../shared/actions';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { Message } from '../shared/Message';

export interface HistoryTabProps {
  history: HistoryEntry[];
}

const ACTION_TEXT: Record<HistoryEntry['action'], () => string> = {
  accept: () => t('history.action.accept'),
  decline: () => t('history.action.decline'),
  cancel: () => t('history.action.cancel'),
};

/** Why an answer was not sent, in words: the reasons toolnexus gives by code; any other is a sentence the worker wrote. */
function reasonText(reason: string): string {
  if (reason === 'cancelled') return t('history.reason.cancelled');
  if (reason === 'expired') return t('history.reason.expired');
  if (reason === 'invalid') return t('history.reason.invalid');
  return reason;
}

/** What each server asked and what the person answered and shared, newest first. */
export const HistoryTab = memo(function HistoryTab({ history }: HistoryTabProps) {
  const { clearHistory } = useActions();
  if (history.length === 0) return <p class="empty muted">{t('history.empty')}</p>;
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
          {t('history.clearAll')}
        </button>
      </div>
      {[...groups.entries()].map(([serverId, entries]) => {
        const serverName = entries[0]!.serverName;
        return (
          <section key={serverId} class="group" aria-label={t('history.label', { server: serverName })}>
            <header class="section-head">
              <h2>
                <Foreign text={serverName} />
              </h2>
              <button type="button" class="link" onClick={() => clearHistory(serverId)}>
                <Message id="history.clearServer" values={{ server: <Foreign text={serverName} /> }} />
              </button>
            </header>
            <ol class="plain">
              {entries.map((entry) => (
                <li key={entry.requestId} class={`card history action-${entry.action}`}>
                  <header>
                    <strong>{ACTION_TEXT[entry.action]()}</strong>
                    <span class="muted">
                      {formatDateTime(entry.answeredAt)}
                      {entry.reason && entry.reason !== 'declined' && ` · ${reasonText(entry.reason)}`}
                    </span>
                  </header>
                  <p class="prompt" dir="auto" data-from="server">
                    {entry.prompt}
                  </p>
                  {entry.url && (
                    <p class="url">
                      <ForeignCode>{entry.url}</ForeignCode>
                    </p>
                  )}
                  {entry.content && <JsonView value={entry.content} label={t('history.shared')} open />}
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </>
  );
});
