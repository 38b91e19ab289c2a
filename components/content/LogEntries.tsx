import type { ServerLogEntry } from '@/lib/state';

const time = (at: number) => new Date(at).toLocaleTimeString();

/** Log messages, oldest first, each with its time, level and logger; the text as text. */
export function LogEntries({ entries, label }: { entries: ServerLogEntry[]; label: string }) {
  return (
    <ol class="log-entries" aria-label={label}>
      {entries.map((entry, index) => (
        <li key={index} class={`log-${entry.level}`}>
          <time class="muted">{time(entry.at)}</time> <span class="log-level">{entry.level}</span>
          {entry.logger && <span class="muted"> {entry.logger}</span>} {entry.text}
        </li>
      ))}
    </ol>
  );
}
