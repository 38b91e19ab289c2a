import { useLayoutEffect, useRef } from 'preact/hooks';
import { focusItem } from './listKeys';
import { gapHeight, measureSoon, REACH_ROW, type RowWindow, watchGap } from './rowWindow';

export interface RowGapProps {
  /** The rows it stands for, in the order they would be drawn. */
  keys: readonly string[];
  rows: RowWindow;
}

/**
 * Rows of a group not drawn yet (rowWindow.ts): the room they would take, so the page scrolls
 * as if they were there. They are drawn as the view comes near, or when ↓ or ↑ steps into
 * the gap, which then puts focus on the row drawn.
 */
export function RowGap({ keys, rows }: RowGapProps) {
  const gap = useRef<HTMLDivElement>(null);
  // The rows it stands for change as the list does; it is watched once, from the first render to the last.
  const watched = useRef({ keys, reach: rows.reach });
  watched.current.keys = keys;
  useLayoutEffect(() => measureSoon());
  useLayoutEffect(() => {
    const element = gap.current;
    if (!element) return;
    const unwatch = watchGap(element, watched.current);
    const onReach = (event: Event) => {
      const last = (event as CustomEvent<{ last?: boolean }>).detail?.last === true;
      const { keys } = watched.current;
      // The row drawn goes where the gap begins (going down) or ends (going up): found from its neighbours, which stay.
      const { parentElement: parent, previousElementSibling: before, nextElementSibling: after } = element;
      rows.reach([last ? keys.at(-1)! : keys[0]!]);
      requestAnimationFrame(() => {
        const row = last
          ? after
            ? after.previousElementSibling
            : parent?.lastElementChild
          : before
            ? before.nextElementSibling
            : parent?.firstElementChild;
        focusItem(row?.querySelector<HTMLElement>('[data-find-item]') ?? undefined);
      });
    };
    element.addEventListener(REACH_ROW, onReach);
    return () => {
      unwatch();
      element.removeEventListener(REACH_ROW, onReach);
    };
  }, [rows.reach]);
  return <div ref={gap} class="row-gap" data-find-gap="" aria-hidden="true" style={{ height: `${gapHeight(keys.length)}px` }} />;
}
