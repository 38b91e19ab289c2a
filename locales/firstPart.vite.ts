/**
 * The panel's first part of the catalog (lib/i18n/firstPart.ts), made at the end of the build of
 * the pages, when the chunks the side panel loads first are known:
 *
 * 1. every catalog key written as a string literal in those chunks (computed keys are refused
 *    by tests/unit/i18n/catalogs.test.ts, so each key the panel asks there is one) is given a
 *    position, in key order;
 * 2. the literal becomes that position, a number, in those chunks only: `t("inbox.request.submit")`
 *    ships as `t(93)`, and lib/i18n reads a number from the first part;
 * 3. each language gets `i18n/<tag>.json`, the messages at those positions: the language's own,
 *    or English where it lacks one (the fallback the browser would give, made here once), a
 *    plural as its forms.
 *
 * The chunks loaded later, and the worker (a build of its own), keep their keys and ask the
 * browser's catalog. `wxt` in development runs no build, and the panel asks the browser's
 * catalog for everything (entrypoints/sidepanel/locale.ts). With TOOLNEXUS_LOCALE=pseudo, the
 * one first part is the pseudo-locale's, as locales/build.ts ships its one catalog.
 */
import type { Plugin } from 'vite';
import type { FirstEntry } from '../lib/i18n/firstPart.ts';
import { firstPartPath } from '../lib/i18n/firstPart.ts';
import { PSEUDO_LOCALE, pseudoMessage } from '../lib/i18n/pseudo.ts';
import { languageTag } from './build.ts';
import { catalogLanguages, catalogMessages } from './read.ts';

/** The side panel's entry chunk: WXT names it after its entrypoint. */
const PANEL_ENTRY = 'sidepanel';
/** A quoted string that could be a key: a lowercase word, then `.word`s (`inbox.request.submit`). */
const KEY_LITERAL = /(["'`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)\1/g;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Messages = Map<string, string>;
interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}

/** The message name of a key (`inbox.request.submit` → `inbox_request_submit`), as in messages.json. */
const nameOf = (key: string) => key.replaceAll('.', '_');

/** Whether `key` is a message of `english`, or a plural base (`tabs.pending` of `tabs_pending_one`…). */
const isKey = (english: Messages, key: string) => english.has(nameOf(key)) || english.has(`${nameOf(key)}_other`);

/** The keys written as literals in `code`, sorted: the first part's positions. */
export function firstKeys(code: string[], english: Messages): string[] {
  const keys = new Set<string>();
  for (const text of code) for (const [, , key] of text.matchAll(KEY_LITERAL)) if (isKey(english, key!)) keys.add(key!);
  return [...keys].sort();
}

/**
 * `code` with each key of `positions` written as its position. Minified code writes a string
 * right after a keyword (`return"a.b"`, `case"a.b":`): a number there gets a space, or it would
 * become part of the word.
 */
export const withPositions = (code: string, positions: ReadonlyMap<string, number>): string =>
  code.replace(KEY_LITERAL, (literal, _quote, key: string, offset: number) => {
    const position = positions.get(key);
    if (position === undefined) return literal;
    return /[\w$]/.test(code[offset - 1] ?? '') ? ` ${position}` : String(position);
  });

/** The first part in one language: its message for each key, English's where it has none. */
export function firstEntries(keys: string[], own: Messages, english: Messages): FirstEntry[] {
  return keys.map((key) => {
    const name = nameOf(key);
    if (english.has(name)) return own.get(name) || english.get(name)!;
    const forms: Record<string, string> = {};
    // A language's categories are its own (Arabic has six); without its `other`, English's forms stand in whole.
    const source = own.has(`${name}_other`) ? own : english;
    for (const [formName, text] of source) {
      const category = formName.match(PLURAL)?.[1];
      if (category && formName === `${name}_${category}`) forms[category] = text;
    }
    return forms;
  });
}

/** Each language's messages by its tag. */
const languages = (): Promise<Array<[string, Messages]>> =>
  Promise.all(catalogLanguages().map(async (folder): Promise<[string, Messages]> => [languageTag(folder), await catalogMessages(folder)]));

/** English's first part in the pseudo-locale (TOOLNEXUS_LOCALE=pseudo, docs/i18n.md), which stands in for every language there. */
export const pseudoFirstPart = (english: readonly FirstEntry[]): FirstEntry[] =>
  english.map((entry) =>
    typeof entry === 'string'
      ? pseudoMessage(entry)
      : Object.fromEntries(Object.entries(entry).map(([category, text]) => [category, pseudoMessage(text)])),
  );

/** The chunks the page whose entry is `entry` loads before it runs: the entry and what it imports, statically. */
function firstLoad(chunks: Map<string, Chunk>, entry: Chunk): Chunk[] {
  const found = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = chunks.get(name);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...found.values()];
}

export function panelFirstPart(mode: string | undefined): Plugin {
  return {
    name: 'toolnexus:panel-first-part',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as Chunk);
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === PANEL_ENTRY);
      // The worker's build, and the sandbox's, have no panel in them.
      if (!entry) return;
      const first = firstLoad(chunks, entry);
      const english = await catalogMessages('en');
      const keys = firstKeys(
        first.map((chunk) => chunk.code),
        english,
      );
      const positions = new Map(keys.map((key, position) => [key, position]));
      for (const chunk of first) chunk.code = withPositions(chunk.code, positions);
      const parts: Array<[string, FirstEntry[]]> =
        mode === 'pseudo'
          ? [[PSEUDO_LOCALE, pseudoFirstPart(firstEntries(keys, english, english))]]
          : (await languages()).map(([tag, own]) => [tag, firstEntries(keys, own, english)]);
      for (const [tag, entries] of parts) this.emitFile({ type: 'asset', fileName: firstPartPath(tag).slice(1), source: JSON.stringify(entries) });
    },
  };
}
