/**
 * How much of what a server says may enter the panel's state. A server decides the size and
 * shape of its results, lists and prompts; the panel renders them and the worker posts them
 * over a port. Unbounded, one 70 MB result or a `structuredContent` nested 3,500 deep froze
 * the open panel and left every panel opened later on "Loading…" (the port's first message,
 * the whole state, could no longer be sent). So the worker cuts server data to these bounds
 * before it is kept, and says what it cut.
 *
 * Pure: no I/O, no state. The worker keeps the full value nowhere: what the panel cannot
 * show, nobody can read.
 */
import { t, tn } from './i18n';

export interface PanelBounds {
  /** Characters kept of one string. */
  maxString: number;
  /** Items kept of one array. */
  maxItems: number;
  /** Keys kept of one object. */
  maxKeys: number;
  /** Levels of arrays and objects below the value itself. */
  maxDepth: number;
  /** Characters of strings and keys kept in all, across the whole value. */
  maxTotal: number;
}

/**
 * Generous for people (200,000 characters is more than anyone reads in a panel), small for the
 * port: each kept value (a result, one of a server's lists, a Request) holds at most 500,000
 * characters, so the whole state — 50 kept results and a dozen servers' lists — stays well
 * below Chrome's 64 MiB limit on one port message. Depth 32 is far beyond the nesting of any
 * schema or result of a real server.
 */
export const PANEL_BOUNDS: PanelBounds = {
  maxString: 200_000,
  maxItems: 2_000,
  maxKeys: 1_000,
  maxDepth: 32,
  maxTotal: 500_000,
};

export interface Bounded<T> {
  value: T;
  /** What was cut, in words for the person; empty when nothing was. */
  cuts: string[];
}

type Cut = 'string' | 'items' | 'keys' | 'depth' | 'total';

const CUT_WORDS: Record<Cut, (bounds: PanelBounds) => string> = {
  string: (b) => t('bounds.cuts.string', { max: b.maxString }),
  items: (b) => t('bounds.cuts.items', { max: b.maxItems }),
  keys: (b) => t('bounds.cuts.keys', { max: b.maxKeys }),
  depth: (b) => t('bounds.cuts.depth', { max: b.maxDepth }),
  total: (b) => t('bounds.cuts.total', { max: b.maxTotal }),
};

/** Marks where a string was cut, so nobody takes the shortened text for the whole of it. */
const cutMark = (dropped: number) => tn('bounds.cut.notShown', dropped);

/**
 * `value` cut to `bounds`, as a new value (the argument is not touched); the very same value
 * when nothing needed cutting, so an unchanged list keeps its identity for state patches.
 */
export function boundForPanel<T>(value: T, bounds: PanelBounds = PANEL_BOUNDS): Bounded<T> {
  const cuts = new Set<Cut>();
  let budget = bounds.maxTotal;

  const text = (input: string): string => {
    const keep = Math.min(input.length, bounds.maxString, Math.max(0, budget));
    budget -= keep;
    if (keep === input.length) return input;
    cuts.add(keep < Math.min(input.length, bounds.maxString) ? 'total' : 'string');
    return input.slice(0, keep) + cutMark(input.length - keep);
  };

  const walk = (input: unknown, depth: number): unknown => {
    if (typeof input === 'string') return text(input);
    if (typeof input !== 'object' || input === null) return input;
    if (depth >= bounds.maxDepth) {
      cuts.add('depth');
      return t('bounds.cut.nestedTooDeep');
    }
    if (Array.isArray(input)) {
      if (input.length > bounds.maxItems) cuts.add('items');
      let changed = input.length > bounds.maxItems;
      const items: unknown[] = [];
      for (const item of input.slice(0, bounds.maxItems)) {
        if (budget <= 0) {
          cuts.add('total');
          changed = true;
          break;
        }
        const bounded = walk(item, depth + 1);
        changed ||= bounded !== item;
        items.push(bounded);
      }
      return changed ? items : input;
    }
    const entries = Object.entries(input);
    if (entries.length > bounds.maxKeys) cuts.add('keys');
    let changed = entries.length > bounds.maxKeys;
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, bounds.maxKeys)) {
      budget -= key.length;
      if (budget <= 0) {
        cuts.add('total');
        changed = true;
        break;
      }
      const bounded = walk(item, depth + 1);
      changed ||= bounded !== item;
      // A key "__proto__" from JSON.parse is data: define it, never assign it.
      Object.defineProperty(out, key, { value: bounded, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : input;
  };

  const bounded = walk(value, 0) as T;
  return { value: bounded, cuts: [...cuts].map((cut) => CUT_WORDS[cut](bounds)) };
}
