import { FIND_INPUT_ID } from '@/components/shared/find';
import type { TabKey } from '@/components/shared/tabs';
import { REACH_INTO_GAP } from '@/components/inbox/RequestGap';
import { shortcutFor } from '@/components/shell/shortcuts';

export interface KeyboardHooks {
  selectTab: (tab: TabKey) => void;
  showHelp: () => void;
}

/** Where typing is text, not a command: a key there is the person's, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}

/**
 * Focuses the Request card before or after the focused one (the first or last from outside the
 * Inbox's cards). A gap of cards not drawn yet (components/inbox/RequestGap.tsx) is stepped into:
 * it draws its nearest card and focuses it.
 */
function moveBetweenRequests(step: 1 | -1): void {
  // Only the shown Inbox's: it stays mounted, hidden, while an app asks (a hidden element has no boxes).
  const stops = [...document.querySelectorAll<HTMLElement>('section.request, .request-gap')].filter((stop) => stop.getClientRects().length > 0);
  if (stops.length === 0) return;
  const current = stops.findIndex((stop) => stop.contains(document.activeElement));
  const next = current === -1 ? (step === 1 ? 0 : stops.length - 1) : Math.min(Math.max(current + step, 0), stops.length - 1);
  const stop = stops[next]!;
  if (stop.matches('.request-gap')) {
    stop.dispatchEvent(new CustomEvent(REACH_INTO_GAP, { detail: { last: step === -1 } }));
    return;
  }
  stop.focus();
  stop.scrollIntoView({ block: 'nearest' });
}

/**
 * Focuses the filter of the tab shown; from a tab without one, the Tools tab's (its code may
 * still be loading, so it is looked for on each frame, for a few seconds).
 */
function focusFilter(selectTab: (tab: TabKey) => void): void {
  const filter = () => document.getElementById(FIND_INPUT_ID) as HTMLInputElement | null;
  const focus = (input: HTMLInputElement) => {
    input.focus();
    input.select();
  };
  const here = filter();
  if (here) {
    focus(here);
    return;
  }
  selectTab('tools');
  const until = performance.now() + 3_000;
  const look = () => {
    const input = filter();
    if (input) focus(input);
    else if (performance.now() < until) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The panel's single-key shortcuts (components/shell/shortcuts.ts), for a page with no dialog open. */
export function listenForShortcuts({ selectTab, showHelp }: KeyboardHooks): void {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
    const action = shortcutFor(event.key);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'help') showHelp();
    else if (action.type === 'request') moveBetweenRequests(action.step);
    else if (action.type === 'find') focusFilter(selectTab);
    else {
      selectTab(action.tab);
      document.getElementById(`tab-${action.tab}`)?.focus();
    }
  });
}
