import { FIND_INPUT_ID, findQuery } from './find';
import { intoList } from './listKeys';

export interface FindBarProps {
  /** What the list holds, plural: "tools". */
  noun: string;
  /** Items that match the filter, and items in all. */
  shown: number;
  total: number;
}

/**
 * The filter at the top of Tools, Resources and Prompts (`/` focuses it): it narrows the list
 * as the person types and says how many of how many match; ↓ goes into the list, Escape
 * clears it. The text stays as the person moves between the three tabs.
 */
export function FindBar({ noun, shown, total }: FindBarProps) {
  const query = findQuery.value;
  const filtering = query.trim() !== '';
  return (
    <div class="find" role="search">
      <input
        id={FIND_INPUT_ID}
        type="search"
        autocomplete="off"
        spellcheck={false}
        placeholder={`Filter ${noun} (press /)`}
        aria-label={`Filter ${noun} by name, title or description`}
        aria-keyshortcuts="/"
        aria-describedby="find-count"
        value={query}
        onInput={(event) => (findQuery.value = event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && query) {
            event.preventDefault();
            findQuery.value = '';
          } else intoList(event);
        }}
      />
      <span id="find-count" class="find-count muted" role="status">
        {filtering ? `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} ${noun}` : `${total.toLocaleString('en')} ${noun}`}
      </span>
    </div>
  );
}

/** The filter matched nothing: said, with the way back. */
export function NoMatch({ noun }: { noun: string }) {
  const query = findQuery.value.trim();
  return (
    <p class="empty muted">
      No {noun} matches “{query.length > 100 ? `${query.slice(0, 100)}…` : query}”.{' '}
      <button
        type="button"
        class="link"
        onClick={() => {
          findQuery.value = '';
          document.getElementById(FIND_INPUT_ID)?.focus();
        }}
      >
        Clear the filter
      </button>
    </p>
  );
}
