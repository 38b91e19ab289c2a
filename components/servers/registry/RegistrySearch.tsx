import { useState } from 'preact/hooks';
import { errorMessage } from '@/lib/errorMessage';
import type { RegistryEntry } from '@/lib/registry/client';
import type { OfferSource, RemoteOffer } from '@/lib/registry/offer';
import { words as policyWords } from '@/lib/policy/words';
import { useActions } from '../../shared/actions';
import { OrgNote } from '../../shared/OrgNote';
import { ManifestCard } from './ManifestCard';

/** The official MCP Registry; a company's subregistry serves the same API elsewhere. */
const OFFICIAL = 'https://registry.modelcontextprotocol.io';

export interface RegistrySearchProps {
  id: string;
  /** The registry the person last searched; unset, the official one. */
  registryUrl: string | undefined;
  /** The registry the organisation names: the only one searched, not changed here. */
  lockedRegistry?: string;
  onOffer: (offer: RemoteOffer, source: OfferSource) => void;
}

type Results = { entries: RegistryEntry[]; nextCursor?: string; notice?: string; search: string; base: string };

/**
 * A search of an MCP Registry: nothing is fetched before the person presses Search (the
 * registry's host access is asked at that press), pages come in by cursor, and every way a
 * registry can fail is said in the panel.
 */
export function RegistrySearch({ id, registryUrl, lockedRegistry, onOffer }: RegistrySearchProps) {
  const { searchRegistry } = useActions();
  const [typed, setBase] = useState(registryUrl ?? OFFICIAL);
  const base = lockedRegistry ?? typed;
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = async (query: string, cursor?: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const page = await searchRegistry(base, query, cursor);
      const kept = cursor && results ? results.entries : [];
      setResults({ ...page, entries: [...kept, ...page.entries], search: query, base });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="registry-search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Search a registry</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void load(search.trim());
        }}
      >
        <label for={`${id}-search`}>Find servers by name</label>
        <div class="search-row">
          <input id={`${id}-search`} type="search" placeholder="e.g. weather" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
          <button type="submit" disabled={busy}>
            Search
          </button>
        </div>
        <details>
          <summary>Registry: {base}</summary>
          <label for={`${id}-base`}>Registry address</label>
          <input
            id={`${id}-base`}
            type="url"
            value={base}
            readOnly={lockedRegistry !== undefined}
            aria-describedby={lockedRegistry && `${id}-locked`}
            onInput={(e) => setBase(e.currentTarget.value)}
          />
          {lockedRegistry ? (
            <OrgNote id={`${id}-locked`} verdict={{ rule: 'registryUrl', reason: policyWords.otherRegistry(lockedRegistry) }} />
          ) : (
            <p class="hint muted">The official MCP Registry, or your company's: any registry serving the same API (/v0.1/servers).</p>
          )}
        </details>
      </form>
      {busy && (
        <p role="status" class="muted">
          Searching {base}…
        </p>
      )}
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {results && <ResultList results={results} busy={busy} onOffer={onOffer} onMore={(cursor) => void load(results.search, cursor)} />}
    </section>
  );
}

function ResultList({
  results,
  busy,
  onOffer,
  onMore,
}: {
  results: Results;
  busy: boolean;
  onOffer: RegistrySearchProps['onOffer'];
  onMore: (cursor: string) => void;
}) {
  const from = { kind: 'registry', from: results.base } as const;
  return (
    <>
      {results.notice && <p class="warning">⚠ {results.notice}</p>}
      {results.entries.length === 0 ? (
        <p class="muted">No servers{results.search ? ` named like “${results.search}”` : ''} in this registry.</p>
      ) : (
        <ul class="registry-results" aria-label="Registry results">
          {results.entries.map((entry, index) =>
            entry.ok ? (
              <ManifestCard
                // A registry may repeat an entry; a page only grows, so the place is a stable key.
                key={`${index} ${entry.manifest.name}`}
                manifest={entry.manifest}
                from={from}
                deprecated={entry.deprecated}
                statusMessage={entry.statusMessage}
                onOffer={onOffer}
              />
            ) : (
              <li key={`${index} ${entry.name}`} class="manifest bad" aria-label={entry.name}>
                <p>
                  <strong>{entry.name}</strong> <span class="muted">cannot be used: its entry does not match the server.json schema</span>
                </p>
                <ul class="problems">
                  {entry.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
      {results.nextCursor && (
        <button type="button" class="secondary" disabled={busy} onClick={() => onMore(results.nextCursor!)}>
          More results
        </button>
      )}
    </>
  );
}
