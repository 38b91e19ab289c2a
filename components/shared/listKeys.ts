/** ↓ from the filter into a list, and ↓ ↑ Escape along it: the keyboard's way through Tools, Resources and Prompts. */
import { FIND_INPUT_ID } from './find';
import { REACH_ROW } from './rowWindow';

/** What a list item's toggle carries, so ↓ and ↑ go from one to the next, in the tab shown. */
const FIND_ITEM = 'data-find-item';

/** The item toggles of the tab shown, in order. */
function items(from: Element): HTMLElement[] {
  const panel = from.closest('[role=tabpanel]') ?? document;
  return [...panel.querySelectorAll<HTMLElement>(`[${FIND_ITEM}]`)];
}

export function focusItem(item: HTMLElement | undefined): void {
  item?.focus();
  item?.scrollIntoView({ block: 'nearest' });
}

/** ↓ in the filter: to the first item of the list. */
export function intoList(event: KeyboardEvent): void {
  if (event.key !== 'ArrowDown') return;
  const first = items(event.currentTarget as Element)[0];
  if (!first) return;
  event.preventDefault();
  focusItem(first);
}

/** Whether `b` comes after `a` in the page. */
const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/** A gap of rows not drawn yet (RowGap) between `here` and `there` (or past `here`), going down or up. */
function gapBetween(here: HTMLElement, there: HTMLElement | undefined, down: boolean): HTMLElement | undefined {
  const panel = here.closest('[role=tabpanel]') ?? document;
  const gaps = [...panel.querySelectorAll<HTMLElement>('[data-find-gap]')];
  return down
    ? gaps.find((gap) => follows(here, gap) && (!there || follows(gap, there)))
    : gaps.findLast((gap) => follows(gap, here) && (!there || follows(there, gap)));
}

/** ↓ and ↑ on an item: the next or the one before (↑ from the first: the filter), stepping into a gap of rows not drawn yet; Escape: back to the filter. */
export function alongList(event: KeyboardEvent): void {
  const here = event.currentTarget as HTMLElement;
  const filter = document.getElementById(FIND_INPUT_ID);
  if (event.key === 'Escape' && filter) {
    event.preventDefault();
    filter.focus();
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const down = event.key === 'ArrowDown';
  const list = items(here);
  const index = list.indexOf(here);
  const there = list[index + (down ? 1 : -1)];
  event.preventDefault();
  const gap = gapBetween(here, there, down);
  if (gap) gap.dispatchEvent(new CustomEvent(REACH_ROW, { detail: { last: !down } }));
  else if (!down && index <= 0) filter?.focus();
  else focusItem(there ?? here);
}
