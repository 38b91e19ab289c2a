/** ↓ from the filter into a list, and ↓ ↑ Escape along it: the keyboard's way through Tools, Resources and Prompts. */
import { FIND_INPUT_ID } from './find';

/** What a list item's toggle carries, so ↓ and ↑ go from one to the next, in the tab shown. */
const FIND_ITEM = 'data-find-item';

/** The item toggles of the tab shown, in order. */
function items(from: Element): HTMLElement[] {
  const panel = from.closest('[role=tabpanel]') ?? document;
  return [...panel.querySelectorAll<HTMLElement>(`[${FIND_ITEM}]`)];
}

function focusItem(item: HTMLElement | undefined): void {
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

/** ↓ and ↑ on an item: the next or the one before (↑ from the first: the filter); Escape: back to the filter. */
export function alongList(event: KeyboardEvent): void {
  const here = event.currentTarget as HTMLElement;
  const filter = document.getElementById(FIND_INPUT_ID);
  if (event.key === 'Escape' && filter) {
    event.preventDefault();
    filter.focus();
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const list = items(here);
  const index = list.indexOf(here);
  event.preventDefault();
  if (event.key === 'ArrowUp' && index <= 0) filter?.focus();
  else focusItem(list[Math.min(index + (event.key === 'ArrowDown' ? 1 : -1), list.length - 1)]);
}
