export interface NewRequestHooks {
  /** Something new arrived: called at once, for every state that brings any. */
  onArrival: () => void;
  /**
   * The newest Request to focus: at once for one that comes on its own, once per burst.
   * `undefined` as a burst begins: none until it settles, so a card shown meanwhile (the Inbox
   * coming back into view) cannot take focus for an older Request and keep it from the newest,
   * since a card never takes focus from a field.
   */
  onNewest: (id: string | undefined) => void;
}

/**
 * Watches the inbox for Requests (and notices) that arrive while the panel is open. The
 * newest takes focus at once when it comes on its own, and once for a burst (each arriving
 * less than `quietMs` after the one before, which still waits), when the burst has settled:
 * moving focus on every arrival would move the view under the person each time and lay the
 * panel out again for nothing. What the panel shows when it opens is not new.
 */
export function watchNewRequests({ onArrival, onNewest }: NewRequestHooks, quietMs = 150): (items: ReadonlyArray<{ id: string }>) => void {
  let seen: Set<string> | null = null;
  let last: { id: string; at: number } | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  return (items) => {
    const fresh = seen ? items.filter((item) => !seen!.has(item.id)) : [];
    seen = new Set(items.map((item) => item.id));
    const newest = fresh.at(-1)?.id;
    if (newest === undefined) return;
    onArrival();
    const at = Date.now();
    // One answered before the next came (a server asking one thing after another) is no burst.
    const alone = !last || at - last.at >= quietMs || !seen.has(last.id);
    last = { id: newest, at };
    if (alone) {
      clearTimeout(settle);
      settle = undefined;
      onNewest(newest);
      return;
    }
    if (settle === undefined) onNewest(undefined);
    clearTimeout(settle);
    settle = setTimeout(() => {
      settle = undefined;
      onNewest(newest);
    }, quietMs);
  };
}
