/**
 * Where focus goes when the Inbox card that held it leaves: answered, declined, expired,
 * withdrawn by its server, or opened. The browser would drop it on <body>, and a keyboard or
 * screen reader user would start again from the top of the panel (WCAG 2.2 SC 2.4.3 Focus
 * Order). It goes to the card that followed the one that left, else the one before it, else
 * any card still there, else the Inbox's tab.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The Inbox's cards: Requests, URLs in progress, notices. Each is focusable (tabIndex -1). */
const CARDS = 'section.request, section.visit, section.notice';

/**
 * Call once in the Inbox, after every render of its cards. `shown` false while another tab
 * is selected (the Inbox can stay mounted, hidden): focus is then elsewhere and stays there.
 */
export function useFocusAfterCard(shown: boolean): void {
  /**
   * The card focus was last in. Focus going on into an app's frame inside the card fires no
   * focusin in the panel's document (Chromium 156), only the card's focusout: the card stays
   * the holder until focus lands somewhere else of the panel's own.
   */
  const holder = useRef<Element | null>(null);
  /** The cards, in order, as the last render left them. */
  const before = useRef<Element[]>([]);
  // A layout effect: registered before a new card's own effect focuses it, in the render that mounts both.
  useLayoutEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      holder.current = event.target instanceof Element ? event.target.closest(CARDS) : null;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  useLayoutEffect(() => {
    const cards = [...document.querySelectorAll(CARDS)];
    holder.current ??= document.activeElement?.closest(CARDS) ?? null;
    const left = holder.current;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (shown && left && !left.isConnected && lost) {
      const index = before.current.indexOf(left);
      const next =
        before.current.slice(index + 1).find((card) => card.isConnected) ??
        before.current
          .slice(0, Math.max(index, 0))
          .reverse()
          .find((card) => card.isConnected) ??
        cards[0];
      ((next as HTMLElement | undefined) ?? document.getElementById('tab-inbox'))?.focus();
    }
    before.current = cards;
  });
}
