/**
 * What a person's filter matches in a server's lists (tools, resources, prompts): every word
 * of the filter somewhere in an item's name, title or description, regardless of case,
 * compatibility forms (ｄｅｐｌｏｙ is deploy) and invisible characters, so a look-alike is
 * found with what it imitates; and where, to highlight it. Pure, no DOM. The panel folds an
 * item's text once and searches on every keystroke, so the search is only `indexOf`.
 */

/** Characters of one field that are searched: past this, a name or description is not what a person types to find it. */
export const SEARCHED_CHARS = 4_000;
const MAX_TERMS = 8;
const MAX_TERM_CHARS = 200;
/** Highlights per word and field: enough to see where it matched, bounded for a hostile text. */
const MAX_HITS = 50;

/** A field's text as it is searched: `folded[i]` comes from `text[map[i]]` (no map: the same index). */
export interface Folded {
  text: string;
  folded: string;
  map: Uint32Array | null;
}

const PLAIN = /^[\x20-\x7e]*$/;
/** Characters that show nothing (zero-width, joiners, bidi controls, variation selectors, controls): not part of what a name reads as. */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The words of a filter, folded as the texts are; none for a blank filter. */
export function filterTerms(query: string): string[] {
  const words = fold(query, MAX_TERMS * (MAX_TERM_CHARS + 1)).folded.split(/\s+/);
  return [...new Set(words.filter(Boolean).map((word) => word.slice(0, MAX_TERM_CHARS)))].slice(0, MAX_TERMS);
}

/** `text` (its first SEARCHED_CHARS characters, or `limit`) as searched: lower case, compatibility forms undone, invisible characters left out. */
export function fold(text: string, limit = SEARCHED_CHARS): Folded {
  const head = text.length > limit ? text.slice(0, limit) : text;
  if (PLAIN.test(head)) return { text, folded: head.toLowerCase(), map: null };
  let folded = '';
  const map: number[] = [];
  let index = 0;
  for (const char of head) {
    if (!INVISIBLE.test(char)) {
      const as = char.normalize('NFKC').toLowerCase();
      folded += as;
      for (let unit = 0; unit < as.length; unit += 1) map.push(index);
    }
    index += char.length;
  }
  return { text, folded, map: Uint32Array.from(map) };
}

/** Whether every word is in at least one of the fields. */
export function matchesAll(fields: readonly Folded[], terms: readonly string[]): boolean {
  return terms.every((term) => fields.some((field) => field.folded.includes(term)));
}

/** Where the words are in the field's own text, as sorted, merged `[start, end)` ranges. */
export function highlights(field: Folded, terms: readonly string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = field.folded.indexOf(term), hits = 0; at !== -1 && hits < MAX_HITS; at = field.folded.indexOf(term, at + 1), hits += 1) {
      ranges.push(original(field, at, at + term.length));
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** A range of the folded text as the range of the text it came from, whole characters. */
function original({ text, map }: Folded, start: number, end: number): [number, number] {
  if (!map) return [start, end];
  const last = map[end - 1]!;
  return [map[start]!, last + (text.codePointAt(last)! > 0xffff ? 2 : 1)];
}
