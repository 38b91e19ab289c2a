import { useState } from 'preact/hooks';
import { formatHeaderLines, HeaderLineError, parseHeaderLines } from '@/lib/headers';
import type { ServerSettings } from '@/lib/messages';

export interface ServerFormProps {
  /** Distinct per form on the page, for label links. */
  id: string;
  initial?: Partial<ServerSettings>;
  submitLabel: string;
  onSubmit: (settings: Omit<ServerSettings, 'enabled'>) => void;
  onCancel?: () => void;
}

/** URL, an optional name, and optional static headers (e.g. an API key). */
export function ServerForm({ id, initial, submitLabel, onSubmit, onCancel }: ServerFormProps) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [headers, setHeaders] = useState(formatHeaderLines(initial?.headers));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      class="server-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!url.trim()) return;
        try {
          onSubmit({ url: url.trim(), name: name.trim(), headers: parseHeaderLines(headers) });
          setProblem(null);
          if (!initial) {
            setUrl('');
            setName('');
            setHeaders('');
          }
        } catch (error) {
          if (!(error instanceof HeaderLineError)) throw error;
          setProblem(error.message);
        }
      }}
    >
      <label for={`${id}-url`}>Server URL</label>
      <input id={`${id}-url`} type="url" placeholder="https://example.com/mcp" value={url} onInput={(e) => setUrl(e.currentTarget.value)} required />
      <details open={Boolean(initial?.name || initial?.headers)}>
        <summary>Name and headers</summary>
        <label for={`${id}-name`}>Name</label>
        <input id={`${id}-name`} placeholder="The server's own name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for={`${id}-headers`}>Headers</label>
        <textarea
          id={`${id}-headers`}
          rows={2}
          placeholder="X-Api-Key: …"
          aria-describedby={`${id}-headers-help`}
          value={headers}
          onInput={(e) => setHeaders(e.currentTarget.value)}
        />
        <p id={`${id}-headers-help`} class="hint muted">
          One <code>Name: value</code> per line, sent with every request to this server.
        </p>
      </details>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <div class="actions">
        <button type="submit">{submitLabel}</button>
        {onCancel && (
          <button type="button" class="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
