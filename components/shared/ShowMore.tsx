import { useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { GroupList } from './groups';

/** Rows a group shows at once; more come a page at a time, so a server of thousands draws as fast as one of a hundred. */
export const PAGE = 100;

/** How many rows to show, enough to reach row `mustShow` (a draft's tool) when there is one; and a way to show more. */
export function useShown(mustShow = -1): [number, () => void] {
  const [count, setCount] = useState(PAGE);
  const needed = mustShow >= count ? Math.ceil((mustShow + 1) / PAGE) * PAGE : count;
  return [needed, () => setCount(needed + PAGE)];
}

/** The button's words for each list: "Show 100 more tools". */
const MORE: Record<GroupList, (count: number) => string> = {
  tools: (count) => tn('lists.showMore.tools', count),
  resources: (count) => tn('lists.showMore.resources', count),
  prompts: (count) => tn('lists.showMore.prompts', count),
};

/** Under a group cut to a page: how many are left, and the button that shows the next page. */
export function ShowMore({ shown, total, list, onMore }: { shown: number; total: number; list: GroupList; onMore: () => void }) {
  if (total <= shown) return null;
  return (
    <p class="show-more">
      <button type="button" class="secondary" onClick={onMore}>
        {MORE[list](Math.min(PAGE, total - shown))}
      </button>{' '}
      <span class="muted">{t('lists.shownOf', { shown, total })}</span>
    </p>
  );
}
