import type { ComponentChildren } from 'preact';
import { t, tn } from '@/lib/i18n';
import { FIND_INPUT_ID, findQuery } from './find';
import type { GroupList } from './groups';
import { intoList } from './listKeys';
import { Message } from './Message';

/** Each list's own words: a noun is not put into a sentence of another (its case, gender and plural are the sentence's). */
const WORDS: Record<GroupList, { placeholder(): string; label(): string; count(total: number): string; of(shown: number, total: number): string }> = {
  tools: {
    placeholder: () => t('find.tools.placeholder'),
    label: () => t('find.tools.label'),
    count: (total) => tn('find.tools.count', total),
    of: (shown, total) => tn('find.tools.matching', total, { shown }),
  },
  resources: {
    placeholder: () => t('find.resources.placeholder'),
    label: () => t('find.resources.label'),
    count: (total) => tn('find.resources.count', total),
    of: (shown, total) => tn('find.resources.matching', total, { shown }),
  },
  prompts: {
    placeholder: () => t('find.prompts.placeholder'),
    label: () => t('find.prompts.label'),
    count: (total) => tn('find.prompts.count', total),
    of: (shown, total) => tn('find.prompts.matching', total, { shown }),
  },
};

export interface FindBarProps {
  /** What the list holds. */
  list: GroupList;
  /** Items that match the filter, and items in all. */
  shown: number;
  total: number;
}

/**
 * The filter at the top of Tools, Resources and Prompts (`/` focuses it): it narrows the list
 * as the person types and says how many of how many match; ↓ goes into the list, Escape
 * clears it. The text stays as the person moves between the three tabs.
 */
export function FindBar({ list, shown, total }: FindBarProps) {
  const query = findQuery.value;
  const filtering = query.trim() !== '';
  const words = WORDS[list];
  return (
    <div class="find" role="search">
      <input
        id={FIND_INPUT_ID}
        type="search"
        autocomplete="off"
        spellcheck={false}
        placeholder={words.placeholder()}
        aria-label={words.label()}
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
        {filtering ? words.of(shown, total) : words.count(total)}
      </span>
    </div>
  );
}

/** The filter matched nothing: said, with the way back. */
export function NoMatch({ list }: { list: GroupList }) {
  const typed = findQuery.value.trim();
  // What the person typed, as they typed it (cut to a line).
  const query = (
    <bdi dir="auto" data-from="person">
      {typed.length > 100 ? `${typed.slice(0, 100)}…` : typed}
    </bdi>
  );
  const said: Record<GroupList, ComponentChildren> = {
    tools: <Message id="find.tools.noMatch" values={{ query }} />,
    resources: <Message id="find.resources.noMatch" values={{ query }} />,
    prompts: <Message id="find.prompts.noMatch" values={{ query }} />,
  };
  return (
    <p class="empty muted">
      {said[list]}{' '}
      <button
        type="button"
        class="link"
        onClick={() => {
          findQuery.value = '';
          document.getElementById(FIND_INPUT_ID)?.focus();
        }}
      >
        {t('find.clear')}
      </button>
    </p>
  );
}
