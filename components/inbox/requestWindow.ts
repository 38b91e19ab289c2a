/**
 * Which Request cards the Inbox draws: those on screen or within a screen of it, the one to
 * take focus, and every one drawn before (a card taken down would lose what was typed in it).
 * The others of a server's group stand as one gap of about their height (RequestGap), so the
 * page scrolls as if all were there; as a gap nears the screen, the cards of it that would be
 * there are drawn, and j/k reach into it. With 200 pending, drawing every card took a panel
 * 152 ms to open onto them, and an empty frame per card still cost a third of that (DOM
 * insertion and layout: bench/findings.md).
 */
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { InboxItem } from '@/lib/state';
import { fieldsHeight } from '../forms/SchemaForm';

/** The card's border, padding, margin and header; measured in Chromium. */
const CARD_CHROME = 78;
const PROMPT_LINE = 19;
const PROMPT_LINE_CHARS = 70;
/** A URL card's destination, hint and buttons. */
const URL_BODY = 150;
/** A server's group header. */
const GROUP_HEAD = 42;

/** About how tall a Request's card is drawn: a gap stands in with this height for it until then. */
export function cardHeight(request: InboxItem): number {
  const lines = request.prompt.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / PROMPT_LINE_CHARS)), 0);
  const body = request.kind === 'input' ? 44 + fieldsHeight(request.data?.schema) : URL_BODY;
  return CARD_CHROME + PROMPT_LINE * lines + body;
}

/** Which of `requests` (drawn from `top`, in px from the top of the view) lie within a screen of it. */
function withinAScreen(requests: readonly InboxItem[], top: number): string[] {
  const screen = window.innerHeight;
  const near: string[] = [];
  for (const request of requests) {
    const bottom = top + cardHeight(request);
    if (bottom >= -screen && top <= 2 * screen) near.push(request.id);
    top = bottom;
    if (top > 2 * screen) break;
  }
  return near;
}

/** Before the first layout: each group's cards from the list's top, its header before them. */
function estimatedNear(groups: readonly InboxItem[][], listTop: number): string[] {
  const near: string[] = [];
  let top = listTop;
  for (const group of groups) {
    top += GROUP_HEAD;
    near.push(...withinAScreen(group, top));
    top += group.reduce((sum, request) => sum + cardHeight(request), 0);
    if (top > 2 * window.innerHeight) break;
  }
  return near;
}

/** What a gap needs of the Inbox: to be measured as the view moves, and to have its cards drawn. */
export interface CardWindow {
  /** Measures a gap standing for `requests` as the view moves; returns the unwatch. */
  watch(gap: Element, requests: readonly InboxItem[]): () => void;
  /** Draws these cards; focuses `focus` once it is drawn (j/k into a gap). */
  reach(ids: readonly string[], focus?: string): void;
}

/**
 * `groups`: the Requests in the order they are drawn; `visible` false while the Inbox is hidden
 * (a hidden list measures as all at 0, which would draw every card). Returns which to draw, the window the
 * gaps report to, and the ref for the list (its top is where the estimate starts).
 */
export function useRequestWindow(
  groups: InboxItem[][],
  focusId: string | undefined,
  visible = true,
): { shown: ReadonlySet<string>; cards: CardWindow; list: RefObject<HTMLDivElement | null> } {
  const list = useRef<HTMLDivElement>(null);
  /** The list's top in the view, as of the last render (one layout read a render, not one a card). */
  const listTop = useRef(0);
  const drawn = useRef(new Set<string>());
  const [reached, setReached] = useState<{ ids: ReadonlySet<string>; focus?: string }>({ ids: new Set() });

  const ids = new Set(groups.flatMap((group) => group.map((request) => request.id)));
  for (const id of drawn.current) if (!ids.has(id)) drawn.current.delete(id);
  // Where the cards would be by their estimated heights: what is new on screen is drawn in the same render.
  for (const id of estimatedNear(groups, listTop.current)) drawn.current.add(id);
  for (const id of reached.ids) if (ids.has(id)) drawn.current.add(id);
  if (focusId && ids.has(focusId)) drawn.current.add(focusId);
  // The same set while no card is added or gone, so memoized groups skip the render.
  const last = useRef<ReadonlySet<string>>(new Set());
  if (last.current.size !== drawn.current.size || [...drawn.current].some((id) => !last.current.has(id))) last.current = new Set(drawn.current);
  const shown = last.current;

  const gaps = useRef(new Map<Element, readonly InboxItem[]>());
  const shownNow = useRef(visible);
  shownNow.current = visible;
  const cards = useMemo<CardWindow>(
    () => ({
      watch(gap, requests) {
        gaps.current.set(gap, requests);
        return () => gaps.current.delete(gap);
      },
      reach(more, focus) {
        setReached((before) => ({ ids: new Set([...before.ids, ...more]), focus }));
      },
    }),
    [],
  );
  /** Draws the cards of each gap that its place on screen puts within a screen of the view: one layout read for all gaps. */
  const measure = useMemo(
    () => () => {
      if (!shownNow.current) return;
      const near = [...gaps.current].flatMap(([gap, requests]) => withinAScreen(requests, gap.getBoundingClientRect().top));
      if (near.length > 0) cards.reach(near);
    },
    [cards],
  );

  useLayoutEffect(() => {
    const element = list.current;
    if (!element || !visible) return;
    listTop.current = element.getBoundingClientRect().top;
    const focus = reached.focus;
    const card = focus && [...element.querySelectorAll<HTMLElement>('section.request')].find((section) => section.dataset.request === focus);
    if (card) {
      card.focus();
      card.scrollIntoView?.({ block: 'nearest' });
    }
  }, [reached]);
  // After each render (a card answered moves the gaps up) and as the view moves, once a frame.
  useEffect(() => measure());
  useEffect(() => {
    let queued = false;
    const onMove = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        measure();
      });
    };
    window.addEventListener('scroll', onMove, { passive: true });
    window.addEventListener('resize', onMove, { passive: true });
    return () => {
      window.removeEventListener('scroll', onMove);
      window.removeEventListener('resize', onMove);
    };
  }, [measure]);
  return { shown, cards, list };
}
