/** What the lists of Tools, Resources and Prompts share: a label bound, ids from names, and each item's text folded once. */
import { type Folded, fold } from '@/lib/find';

/** Characters of a name in a list's row, and of a description's first lines there; of a description opened. */
export const ROW_NAME_CHARS = 100;
export const ROW_SUMMARY_CHARS = 300;
export const FULL_TEXT_CHARS = 20_000;

/** Characters of a server's name for a tool (or resource, prompt) in a button's or a region's label. */
const LABEL_CHARS = 120;

/** A name as it goes into an accessible name: a 10,000-character one is cut, saying so. */
export const labelName = (name: string) => (name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS)}…` : name);

/** A short id from any text (FNV-1a): a server's names can hold spaces, quotes and 10,000 characters, and an id none of these. */
export function idFrom(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

const folded = new WeakMap<object, Folded[]>();

/**
 * An item's name, title and description as the filter searches them, folded once per item:
 * the worker replaces an item it changes, so the same object is the same text.
 */
export function searchable(item: { name: string; title?: string; description?: string }, extra?: string): Folded[] {
  let fields = folded.get(item);
  if (!fields) {
    fields = [fold(item.name), fold(item.title ?? ''), fold(item.description ?? ''), fold(extra ?? '')];
    folded.set(item, fields);
  }
  return fields;
}
