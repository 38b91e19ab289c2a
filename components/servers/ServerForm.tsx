import { useState } from 'preact/hooks';
import { formatHeaderLines, HeaderLineError, parseHeaderLines } from '@/lib/headers';
import { words as policyWords } from '@/lib/policy/words';
import type { ManagedPart, ServerSettings } from '@/lib/state';

export interface ServerFormProps {
  /** Distinct per form on the page, for label links. */
  id: string;
  initial?: Partial<ServerSettings> & { hasClientSecret?: boolean };
  submitLabel: string;
  onSubmit: (settings: Omit<ServerSettings, 'enabled'>) => void;
  onCancel?: () => void;
  /** A server the organisation manages: its address, name, headers and client id are its, shown and not editable. */
  managed?: ManagedPart;
  /** The id of the note that says why those fields are locked. */
  lockedBy?: string;
}

/** URL, an optional name, and optional static headers (e.g. an API key). */
export function ServerForm({ id, initial, submitLabel, onSubmit, onCancel, managed, lockedBy }: ServerFormProps) {
  const locked = managed !== undefined;
  const clientLocked = managed?.oauthClientId !== undefined;
  const [url, setUrl] = useState(initial?.url ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [headers, setHeaders] = useState(formatHeaderLines(initial?.headers));
  const [clientId, setClientId] = useState(initial?.oauthClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      class="server-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!url.trim()) return;
        try {
          onSubmit({
            url: url.trim(),
            name: name.trim(),
            headers: parseHeaderLines(headers),
            oauthClientId: clientId.trim(),
            ...(clientSecret ? { oauthClientSecret: clientSecret } : {}),
          });
          setProblem(null);
          if (!initial) {
            setUrl('');
            setName('');
            setHeaders('');
            setClientId('');
          }
          setClientSecret('');
        } catch (error) {
          if (!(error instanceof HeaderLineError)) throw error;
          setProblem(error.message);
        }
      }}
    >
      <label for={`${id}-url`}>Server URL</label>
      <input
        id={`${id}-url`}
        type="url"
        placeholder="https://example.com/mcp"
        value={url}
        readOnly={locked}
        aria-describedby={lockedBy}
        onInput={(e) => setUrl(e.currentTarget.value)}
        required
      />
      <details open={Boolean(initial?.name || initial?.headers || initial?.oauthClientId)}>
        <summary>Name, headers and sign-in</summary>
        <label for={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          placeholder="The server's own name"
          value={name}
          readOnly={locked}
          aria-describedby={lockedBy}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        {managed?.headers && (
          <>
            <label for={`${id}-org-headers`}>{policyWords.managedHeaders}</label>
            <textarea id={`${id}-org-headers`} rows={2} readOnly aria-describedby={lockedBy} value={formatHeaderLines(managed.headers)} />
          </>
        )}
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
        <label for={`${id}-client-id`}>OAuth client ID</label>
        <input
          id={`${id}-client-id`}
          autocomplete="off"
          aria-describedby={`${id}-client-help`}
          value={clientId}
          readOnly={clientLocked}
          onInput={(e) => setClientId(e.currentTarget.value)}
        />
        <label for={`${id}-client-secret`}>OAuth client secret</label>
        <input
          id={`${id}-client-secret`}
          type="password"
          autocomplete="off"
          placeholder={initial?.hasClientSecret ? 'Set — type to replace' : ''}
          value={clientSecret}
          onInput={(e) => setClientSecret(e.currentTarget.value)}
        />
        <p id={`${id}-client-help`} class="hint muted">
          Only if you registered toolnexus with the server's authorization server yourself; otherwise it registers on its own.
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
