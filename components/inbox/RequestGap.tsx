import { useLayoutEffect, useRef } from 'preact/hooks';
import type { InboxItem } from '@/lib/state';
import { cardHeight, type CardWindow } from './requestWindow';

/** What j/k send a gap to step into it (entrypoints/sidepanel/keyboard.ts): its first card going down, its last going up. */
export const REACH_INTO_GAP = 'toolnexus-reach';

export interface RequestGapProps {
  /** The Requests it stands for, in the order their cards would be drawn. */
  requests: InboxItem[];
  cards: CardWindow;
}

/**
 * Requests of a group not drawn yet (requestWindow.ts): the room their cards would take, so the
 * page scrolls as if they were there. The group's header counts them; they are drawn as the
 * view comes near, or when j/k step into the gap.
 */
export function RequestGap({ requests, cards }: RequestGapProps) {
  const gap = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = gap.current;
    if (!element) return;
    const unwatch = cards.watch(element, requests);
    const onReach = (event: Event) => {
      const last = (event as CustomEvent<{ last?: boolean }>).detail?.last === true;
      const id = (last ? requests.at(-1) : requests[0])!.id;
      cards.reach([id], id);
    };
    element.addEventListener(REACH_INTO_GAP, onReach);
    return () => {
      unwatch();
      element.removeEventListener(REACH_INTO_GAP, onReach);
    };
  }, [requests, cards]);
  const height = requests.reduce((sum, request) => sum + cardHeight(request), 0);
  return <div ref={gap} class="request-gap" aria-hidden="true" style={{ height: `${height}px` }} />;
}
