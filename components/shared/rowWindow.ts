/**
 * Which rows of the lists of Tools (and any list of many rows) are drawn: those on screen or
 * near it, the ones opened, and those ↓ or ↑ stepped into. The rest of a group stand as gaps of
 * about their height (RowGap), so the page scrolls as if all were there; as a gap nears the
 * screen, its rows that would be there are drawn. With every row drawn, the Tools tab took
 * 111–189 ms to show 300 tools and a keystroke of the filter up to 200 ms (bench 12): most of it
 * the browser laying out and styling rows off screen (bench/findings.md).
 */
import { useMemo, useRef, useState } from 'preact/hooks';

/** What ↓ and ↑ send a gap to step into it (listKeys.ts): its first row going down, its last going up. */
export const REACH_ROW = 'toolnexus-reach-row';

/** A closed row's height with its margin, until one is measured (Chromium, a 400 px panel: name, badges, two lines of description). */
let rowHeight = 80;

/** About how tall `rows` closed rows are drawn. */
export const gapHeight = (rows: number) => rows * rowHeight;

/** Beyond the view, above and below it, rows are drawn this far (a share of the screen): a short scroll finds them there. */
const MARGIN = 0.25;

/** How many rows are drawn first, from the list's top: the screen and its margin below, what the first measure would draw anyway. */
const firstBudget = () => Math.ceil(((1 + MARGIN) * window.innerHeight) / rowHeight);

/**
 * How many rows of each group to draw before anything is measured, the groups in order: what
 * fits from the list's top into the screen and its margin, a group's heading counting as a row.
 * `counts`: each group's rows to show (none when it is folded).
 */
export function firstRows(counts: readonly number[]): number[] {
  let budget = firstBudget();
  return counts.map((count) => {
    const rows = Math.min(count, Math.max(0, budget - 1));
    budget -= rows + 1;
    return rows;
  });
}

interface Watched {
  keys: readonly string[];
  reach: (keys: readonly string[]) => void;
}

const gaps = new Map<Element, Watched>();
let queued = false;

/** At most this many closed rows are read for their mean height, once a frame (not per gap: a keystroke's frame has twenty). */
const SAMPLE = 20;

/** Closed rows differ (badges, one line of description or two): their mean, so the page moves little as a gap is drawn. */
function measureRows(): void {
  let height = 0;
  let count = 0;
  for (const gap of gaps.keys()) {
    for (let row = gap.parentElement?.firstElementChild; row && count < SAMPLE; row = row.nextElementSibling) {
      // An open row (its details drawn after its head) is not a closed row's height.
      if (row.tagName !== 'ARTICLE' || row.lastElementChild?.classList.contains('item-details')) continue;
      height += (row as HTMLElement).offsetHeight;
      count += 1;
    }
    if (count >= SAMPLE) break;
  }
  if (count > 0) rowHeight = height / count + 4;
}

/** Draws the rows of each gap that lie within the view or its margin: one layout read for all gaps. */
function measure(): void {
  queued = false;
  const screen = window.innerHeight;
  const near: Array<[Watched, readonly string[]]> = [];
  measureRows();
  for (const [gap, watched] of gaps) {
    const box = gap.getBoundingClientRect();
    // Not laid out (a tab not shown): nothing of it is near the view.
    if (box.height === 0) continue;
    const { top } = box;
    const from = Math.max(0, Math.floor((-MARGIN * screen - top) / rowHeight));
    const to = Math.min(watched.keys.length, Math.ceil(((1 + MARGIN) * screen - top) / rowHeight));
    if (from < to) near.push([watched, watched.keys.slice(from, to)]);
  }
  if (near.length === 0) return;
  const anchor = firstInView();
  const before = anchor?.getBoundingClientRect().top;
  for (const [watched, keys] of near) watched.reach(keys);
  // The rows are drawn by Preact's render queue, a microtask queued by `reach`: after it, and before this frame is painted.
  if (anchor) queueMicrotask(() => keepInPlace(anchor, before!));
}

/** What the person sees first: a group's heading or a drawn row whose top is in the view (never a gap, which drawing replaces). */
function firstInView(): HTMLElement | undefined {
  for (const element of document.querySelectorAll<HTMLElement>('.group-head, [data-find-item]')) {
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return element;
  }
  return undefined;
}

/**
 * Rows drawn above what the person sees are seldom exactly as tall as their gap's estimate: the
 * page is scrolled by the difference, so what they see (and may be clicking: a heading under the
 * pointer between mouse-down and mouse-up) stays where it was. The browser's scroll anchoring
 * cannot do it when its anchor is a gap that drawing replaces, or a group partly above the view.
 */
function keepInPlace(anchor: HTMLElement, before: number): void {
  if (!anchor.isConnected) return;
  const moved = anchor.getBoundingClientRect().top - before;
  if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
}

/** As the view moves, and after a gap is drawn: once a frame. */
export function measureSoon(): void {
  if (queued) return;
  queued = true;
  requestAnimationFrame(measure);
}

/** Measures `gap` (standing for the rows `keys`) as the view moves; returns the unwatch. */
export function watchGap(gap: Element, watched: Watched): () => void {
  if (gaps.size === 0) {
    window.addEventListener('scroll', measureSoon, { passive: true });
    window.addEventListener('resize', measureSoon, { passive: true });
  }
  gaps.set(gap, watched);
  return () => {
    gaps.delete(gap);
    if (gaps.size > 0) return;
    window.removeEventListener('scroll', measureSoon);
    window.removeEventListener('resize', measureSoon);
  };
}

export interface RowWindow {
  /** Whether the row of `key` is drawn (or stands in a gap). */
  drawn: (key: string) => boolean;
  /** Draws these rows too (a gap near the screen, a step into a gap). */
  reach: (keys: readonly string[]) => void;
  /** A row opened or closed: an open row stays drawn (what was typed in its form is kept). */
  opened: (key: string, open: boolean) => void;
}

/**
 * A group's window: its first `first` rows, the rows reached since `since` changed (the
 * filter's words: a new list starts from its top again), those open, and `keep` (a draft's).
 */
export function useRowWindow(keys: readonly string[], first: number, since: unknown, keep?: string): RowWindow {
  const reached = useRef(new Set<string>());
  const open = useRef(new Set<string>());
  const from = useRef(since);
  const [, redraw] = useState(0);
  if (from.current !== since) {
    from.current = since;
    reached.current = new Set();
  }
  const drawn = new Set(keys.length > first ? keys.slice(0, first) : keys);
  for (const key of reached.current) drawn.add(key);
  for (const key of open.current) drawn.add(key);
  if (keep !== undefined) drawn.add(keep);
  const stable = useMemo(
    () => ({
      reach(more: readonly string[]) {
        const before = reached.current.size;
        for (const key of more) reached.current.add(key);
        if (reached.current.size > before) redraw((count) => count + 1);
      },
      opened(key: string, isOpen: boolean) {
        if (isOpen) open.current.add(key);
        else open.current.delete(key);
      },
    }),
    [],
  );
  return { drawn: (key) => drawn.has(key), ...stable };
}
