/**
 * Names a person could mistake for others: a server's tool, resource or prompt named like
 * another but for an invisible character ("deploy\u200B"), a letter of another script
 * (Cyrillic "е" in "dеploy") or a compatibility form ("ｄｅｐｌｏｙ"). The panel shows what
 * makes such a name different, as the Inbox shows a server's origin beside its name, and
 * says which names look alike. Pure, no DOM.
 */
import { INVISIBLE } from './find';
import { t } from './i18n';
import { scriptName } from './i18n/format';

export interface NameMark {
  /** Where, in the name's own text: `[start, end)`. */
  start: number;
  end: number;
  /** `hidden`: shows nothing (or looks like a plain space); `lookalike`: looks like another letter. */
  kind: 'hidden' | 'lookalike';
  /** In words, with the code point: "U+200B", "Cyrillic е, U+0435". */
  label: string;
}

const SCRIPTS: Array<[string, RegExp]> = [
  // ISO 15924 codes: the label names the script in the catalog's language (scriptName).
  ['Latn', /\p{Script=Latin}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Armn', /\p{Script=Armenian}/u],
  ['Cher', /\p{Script=Cherokee}/u],
  ['Copt', /\p{Script=Coptic}/u],
];
const LETTER = /\p{L}/u;
/** A space that is not the plain one (no-break, thin, ideographic…): it reads as a space but is not. */
const ODD_SPACE = /[^\S\n\r\t ]/u;

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const scriptLabel = (script: string, char: string) =>
  script === 'other'
    ? t('names.lookalike.otherScript', { char, codePoint: codePoint(char) })
    : t('names.lookalike.ofScript', { script: scriptName(script), char, codePoint: codePoint(char) });

function scriptOf(char: string): string | null {
  if (!LETTER.test(char)) return null;
  return SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
}

/** The script most of the name's letters are in; null when they are all in one (nothing to mark). */
function mainScript(chars: string[]): string | null {
  const counts = new Map<string, number>();
  for (const char of chars) {
    const script = scriptOf(char);
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (counts.size < 2) return null;
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/**
 * The characters of `name` (its first `limit`) that make it read like another: invisible
 * ones, spaces other than the plain one (and a plain one at either end), compatibility forms,
 * and letters outside the script most of its letters are in. None for a plain name.
 */
export function nameMarks(name: string, limit = 1_000): NameMark[] {
  const head = name.slice(0, limit);
  if (/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(head)) return [];
  const chars = [...head];
  const main = mainScript(chars);
  const marks: NameMark[] = [];
  let at = 0;
  for (const [index, char] of chars.entries()) {
    const end = at + char.length;
    const edgeSpace = char === ' ' && (index === 0 || index === chars.length - 1);
    if (INVISIBLE.test(char) || ODD_SPACE.test(char) || edgeSpace) {
      marks.push({ start: at, end, kind: 'hidden', label: codePoint(char) });
    } else if (LETTER.test(char) || /\p{N}/u.test(char)) {
      const plain = char.normalize('NFKC');
      const script = scriptOf(char);
      if (plain !== char)
        marks.push({ start: at, end, kind: 'lookalike', label: t('names.lookalike.looksLike', { plain, codePoint: codePoint(char) }) });
      else if (main && script !== main) marks.push({ start: at, end, kind: 'lookalike', label: scriptLabel(script!, char) });
    }
    at = end;
  }
  return marks;
}

/** Letters of other scripts that look like Latin ones (the common ones of Unicode's confusables), each over the letter it imitates. */
const CONFUSABLE_FROM = 'авеёһіїјкӏмнорстухѕԁԛԝүαβεηικνορτυχωıɑɡℓ';
const CONFUSABLE_TO = 'abeehiijklmhopctyxsdqwyabenikvoptuxwiagl';
const CONFUSABLE = new Map([...CONFUSABLE_FROM].map((char, index) => [char, CONFUSABLE_TO[index]!]));

/** What a name looks like, for telling look-alikes: compatibility forms undone, invisible characters out, confusable letters as the Latin ones. */
export function skeleton(name: string): string {
  let out = '';
  for (const char of name.normalize('NFKC').toLowerCase()) {
    if (INVISIBLE.test(char)) continue;
    out += CONFUSABLE.get(char) ?? (ODD_SPACE.test(char) ? ' ' : char);
  }
  return out.trim();
}

/** For each of `names` that looks like others in the list, those others. */
export function lookalikes(names: readonly string[]): Map<string, string[]> {
  const bySkeleton = new Map<string, string[]>();
  for (const name of new Set(names)) {
    const key = skeleton(name);
    const group = bySkeleton.get(key);
    if (group) group.push(name);
    else bySkeleton.set(key, [name]);
  }
  const alike = new Map<string, string[]>();
  for (const group of bySkeleton.values()) {
    if (group.length < 2) continue;
    for (const name of group)
      alike.set(
        name,
        group.filter((other) => other !== name),
      );
  }
  return alike;
}
