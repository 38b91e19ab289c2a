import { formatTimeSeconds } from '@/lib/i18n/format';
import type { ServerLogEntry } from '@/lib/state';

/** Log messages, oldest first, each with its time, level and logger; the text as text, as the server wrote it. */
export function LogEntries({ entries, label }: { entries: ServerLogEntry[]; label: string }) {
  return (
    <ol class="log-entries" aria-label={label}>
      {entries.map((entry, index) => (
        <li key={index} class={`log-${entry.level}`}>
          <time class="muted">{formatTimeSeconds(entry.at)}</time>{' '}
          {/* The level is the protocol's word (spec: RFC 5424 severities), shown as it is. */}
          <span class="log-level" translate={false} data-from="server">
            {entry.level}
          </span>
          {entry.logger && (
            <span class="muted" data-from="server">
              {' '}
              <bdi dir="auto">{entry.logger}</bdi>
            </span>
          )}{' '}
          <bdi dir="auto" data-from="server">
            {entry.text}
          </bdi>
        </li>
      ))}
    </ol>
  );
}
