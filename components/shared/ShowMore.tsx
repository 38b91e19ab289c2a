import { useState } from 'preact/hooks';

/** Rows a group shows at once; more come a page at a time, so a server of thousands draws as fast as one of a hundred. */
export const PAGE = 100;

/** How many rows to show, enough to reach row `mustShow` (a draft's tool) when there is one; and a way to show more. */
export function useShown(mustShow = -1): [number, () => void] {
  const [count, setCount] = useState(PAGE);
  const needed = mustShow >= count ? Math.ceil((mustShow + 1) / PAGE) * PAGE : count;
  return [needed, () => setCount(needed + PAGE)];
}

/** Under a group cut to a page: how many are left, and the button that shows the next page. */
export function ShowMore({ shown, total, noun, onMore }: { shown: number; total: number; noun: string; onMore: () => void }) {
  if (total <= shown) return null;
  return (
    <p class="show-more">
      <button type="button" class="secondary" onClick={onMore}>
        Show {Math.min(PAGE, total - shown)} more {noun}
      </button>{' '}
      <span class="muted">
        ({shown.toLocaleString('en')} of {total.toLocaleString('en')} shown)
      </span>
    </p>
  );
}
