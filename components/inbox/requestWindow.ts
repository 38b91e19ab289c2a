/**
 * Which Request cards the Inbox draws whole: those on screen or within a screen of it, the
 * one to take focus, and every one drawn before (a card taken down would lose what was typed
 * in it). The rest are empty frames of about their height (RequestCard), so the page scrolls
 * as if all were there, j/k and landmarks still find every Request, and a frame is drawn
 * whole as it nears the screen or gets focus. With 200 pending, drawing every card whole
 * took a panel 152 ms to open onto them, most of it cards no one could see (bench/findings.md).
 */
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { InboxItem } from '@/lib/state';
import { fieldsHeight } from '../forms/SchemaForm';

/** The frame's border, padding and header, and a prompt line; measured in Chromium. */
const CARD_CHROME = 78;
const PROMPT_LINE = 19;
const PROMPT_LINE_CHARS = 70;
/** A URL card's destination, hint and buttons. */
const URL_BODY = 150;
/** A server's group header. */
const GROUP_HEAD = 42;

/** About how tall a Request's card is drawn: its frame stands in with this height until then. */
export function cardHeight(request: InboxItem): number {
  const lines = request.prompt.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / PROMPT_LINE_CHARS)), 0);
  const body = request.kind === 'input' ? 44 + fieldsHeight(request.data?.schema) : URL_BODY;
  return CARD_CHROME + PROMPT_LINE * lines + body;
}

/** What a frame not drawn whole needs: to be watched for nearing the screen, and drawn when it gets focus. */
export interface CardWindow {
  watch(element: Element, requestId: string): () => void;
  reach(requestId: string): void;
}

/** The cards whose estimated place (from the list's top) is within a screen of the view. */
function nearView(groups: InboxItem[][], listTop: number): string[] {
  const screen = window.innerHeight;
  const from = window.scrollY - screen - listTop;
  const to = window.scrollY + 2 * screen - listTop;
  const near: string[] = [];
  let top = 0;
  for (const group of groups) {
    top += GROUP_HEAD;
    for (const request of group) {
      const bottom = top + cardHeight(request);
      if (bottom >= from && top <= to) near.push(request.id);
      top = bottom;
      if (top > to) return near;
    }
  }
  return near;
}

/**
 * `groups`: the Requests in the order they are drawn. Returns which to draw whole, the window
 * the frames report to, and the ref for the list's first element (where its top is read from).
 */
export function useRequestWindow(
  groups: InboxItem[][],
  focusId: string | undefined,
): { shown: ReadonlySet<string>; cards: CardWindow; list: RefObject<HTMLDivElement | null> } {
  const list = useRef<HTMLDivElement>(null);
  /** The list's top on the page, as of the last render (a layout read once per render, not once per card). */
  const listTop = useRef(0);
  const drawn = useRef(new Set<string>());
  const [reached, setReached] = useState<ReadonlySet<string>>(new Set());

  const ids = new Set(groups.flatMap((group) => group.map((request) => request.id)));
  for (const id of drawn.current) if (!ids.has(id)) drawn.current.delete(id);
  for (const id of nearView(groups, listTop.current)) drawn.current.add(id);
  for (const id of reached) if (ids.has(id)) drawn.current.add(id);
  if (focusId && ids.has(focusId)) drawn.current.add(focusId);
  // The same set while no card is added or gone, so memoized groups skip the render.
  const last = useRef<ReadonlySet<string>>(new Set());
  if (last.current.size !== drawn.current.size || [...drawn.current].some((id) => !last.current.has(id))) last.current = new Set(drawn.current);
  const shown = last.current;

  useLayoutEffect(() => {
    const element = list.current;
    if (element) listTop.current = element.getBoundingClientRect().top + window.scrollY;
  });

  const reach = (requestId: string) => setReached((before) => (before.has(requestId) ? before : new Set([...before, requestId])));
  const observer = useRef<IntersectionObserver | null>(null);
  const watched = useRef(new Map<Element, string>());
  const cardWindow = useMemo<CardWindow>(
    () => ({
      watch(element, requestId) {
        watched.current.set(element, requestId);
        observer.current?.observe(element);
        return () => {
          watched.current.delete(element);
          observer.current?.unobserve(element);
        };
      },
      reach,
    }),
    [],
  );
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        const near = entries.filter((entry) => entry.isIntersecting).map((entry) => watched.current.get(entry.target));
        if (near.length > 0) setReached((before) => new Set([...before, ...(near.filter(Boolean) as string[])]));
      },
      { rootMargin: '100% 0px' },
    );
    observer.current = io;
    for (const element of watched.current.keys()) io.observe(element);
    return () => {
      io.disconnect();
      observer.current = null;
    };
  }, []);
  return { shown, cards: cardWindow, list };
}
