/**
 * The product's words, in the person's language (docs/i18n.md). Every sentence toolnexus writes
 * is a message of locales/en.yml and its translations, asked for by key; a server's, registry's
 * or site's words never are (components/shared/Foreign.tsx shows those as they came).
 *
 * No browser global here: each entry point hands its catalog in with setCatalog() before any
 * message is asked for (the panel and the worker: browser.i18n; Node tests: locales/read.ts).
 * Plurals are CLDR's categories (`one`, `few`, `other`…) chosen by Intl.PluralRules for the
 * catalog's language: @wxt-dev/i18n's own plurals know only 0 / 1 / n, which French (0 is
 * singular) and Arabic (six forms) do not fit (docs/i18n.md, "Plurals").
 */
import type { GeneratedI18nStructure } from '../../.wxt/i18n/structure';
import type { FirstEntry } from './firstPart';

type Structure = GeneratedI18nStructure;
/** Every message of locales/en.yml by its dotted path (`inbox.empty.title`); `@@…` are the browser's own. */
export type MessageKey = Exclude<keyof Structure & string, `@@${string}`>;
type Category = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A message with plural forms: en.yml holds `<key>.one` and `<key>.other`. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;
type FormOf<P extends string> = Extract<MessageKey, `${P}.${Category}`>;
/** A message without plural forms: what t() and <Message> take. */
export type SimpleKey = Exclude<MessageKey, FormOf<PluralKey>>;
/** The `{name}` placeholders of a message (of all its forms, for a plural). */
export type PlaceholderOf<K extends string> = Structure[Extract<K, keyof Structure>] extends { namedSubstitutions: ReadonlyArray<infer N> }
  ? N & string
  : never;
type Values<N extends string> = [N] extends [never] ? [] : [values: Record<N, string | number>];

/** The messages of one language, as the browser gives them. */
export interface Catalog {
  /** The language of the catalog in use (BCP 47): the browser's pick among locales/, which may not be its own language. */
  locale: string;
  /** The message named `name` (the key with `_` for `.`, as in messages.json); '' when there is none, as browser.i18n.getMessage says. */
  message(name: string): string;
  /** The panel's first part (lib/i18n/firstPart.ts): its first-load code asks for these by position, where the rest asks by key. */
  first?: readonly FirstEntry[];
}

/** The message each built catalog carries with its own language (locales/build.ts writes it; no translator does). */
export const CATALOG_LOCALE = 'catalog_locale';

/** A catalog read through browser.i18n.getMessage, which falls back to English (default_locale) for a message a language lacks. */
export const browserCatalog = (getMessage: (name: string) => string): Catalog => ({
  locale: getMessage(CATALOG_LOCALE) || 'en',
  message: getMessage,
});

let catalog: Catalog | undefined;
let plurals: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;
/**
 * Each message as the catalog gave it, asked once: a list of 300 tools asks the same few keys per
 * row, and each ask of browser.i18n.getMessage crosses into the extension's bindings.
 */
const asked = new Map<string, string>();

/**
 * What code asks for: a key, or in the panel's first-load code, once built, the key's position in
 * the first part (locales/firstPart.vite.ts writes it in place of the key, where the types still say a key).
 */
type Asked = string | number;

/** Sets the language every later message is in. */
export function setCatalog(next: Catalog): void {
  catalog = next;
  plurals = numbers = undefined;
  asked.clear();
}

/** The first part's entry at `position`: a message, or a plural's forms. */
function firstEntry(position: number): FirstEntry | undefined {
  if (!catalog) throw new Error(`Message ${position} asked for before setCatalog() (docs/i18n.md).`);
  return catalog.first?.[position];
}

function message(key: Asked): string {
  if (typeof key === 'number') {
    const entry = firstEntry(key);
    return typeof entry === 'string' ? entry : '';
  }
  if (!catalog) throw new Error(`"${key}" asked for before setCatalog() (docs/i18n.md).`);
  let text = asked.get(key);
  if (text === undefined) asked.set(key, (text = catalog.message(key.replaceAll('.', '_'))));
  return text;
}

/** The catalog's language: what Intl formats with, and what `lang` on the panel says. */
export const uiLocale = (): string => catalog?.locale ?? 'en';

const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);
/** The direction the UI language is written in: `dir` on the panel's document. */
export const uiDirection = (): 'ltr' | 'rtl' => (RIGHT_TO_LEFT.has(uiLocale().split('-')[0]!) ? 'rtl' : 'ltr');

/** A number as the UI language writes it (digits, grouping). */
export const formatNumber = (value: number): string => (numbers ??= new Intl.NumberFormat(uiLocale())).format(value);

const PLACEHOLDER = /\{(\w+)\}/g;
function fill(text: string, values: Record<string, string | number> | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value) : guarded(value);
  });
}

/**
 * Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko and the scripts after them, their
 * presentation forms, and the supplementary planes' right-to-left blocks) and every bidi control.
 */
const BIDI_SENSITIVE =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/;
/** An isolate with nothing unpaired inside: what `isolated` and `isolatedUrl` make. */
const ISOLATE = /[\u2066-\u2068][^\u2066-\u2069]*\u2069/g;

/** `value` without its isolates, innermost first: what of it could still act on the words around it. */
function exposed(value: string): string {
  let left = value;
  for (let before = ''; before !== left; ) [before, left] = [left, left.replace(ISOLATE, '')];
  return left;
}

/**
 * A value as it goes into a sentence, whoever built the sentence: isolated (`isolated`) when it
 * could reorder the words around it or be reordered by them. In a left-to-right language, that is
 * a value with right-to-left letters or a bidi control in it (a name with U+202E); in a
 * right-to-left one, any value (a URL's parts would run right to left). Not what is isolated
 * already (a sentence of lib's with a host in it): an English sentence about English names stays
 * byte for byte as it was.
 */
function guarded(value: string): string {
  const open = exposed(value);
  return (uiDirection() === 'rtl' ? open.trim() !== '' : BIDI_SENSITIVE.test(open)) ? isolated(value) : value;
}

/** The message `key` in the UI language, its `{placeholders}` filled (numbers written as the language writes them). */
export function t<K extends SimpleKey>(key: K, ...[values]: Values<PlaceholderOf<K>>): string {
  return fill(message(key), values);
}

/**
 * The form of `key` for `count` (`{count}` filled in): the language's CLDR category
 * (Intl.PluralRules), or its `other` when the catalog has no message for that category.
 */
export function tn<P extends PluralKey>(key: P, count: number, ...[values]: Values<Exclude<PlaceholderOf<FormOf<P>>, 'count'>>): string {
  const category = (plurals ??= new Intl.PluralRules(uiLocale())).select(count);
  return fill(form(key, category), { ...values, count });
}

function form(key: Asked, category: Intl.LDMLPluralRule): string {
  if (typeof key === 'string') return message(`${key}.${category}`) || message(`${key}.other`);
  const forms = firstEntry(key);
  return typeof forms === 'object' ? (forms[category] ?? forms.other ?? '') : '';
}

/**
 * A server's, registry's or site's words inside a product sentence built as plain text (lib/
 * errors, notifications): between U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
 * ISOLATE, the text form of `<bdi dir="auto">`, so a right-to-left name or a U+202E in it cannot
 * reorder the sentence around it (Unicode UAX #9, isolates). A component uses <Foreign> instead.
 */
export const isolated = (theirs: string): string => `\u2068${theirs}\u2069`;

/** A URL or a host inside a plain-text sentence: U+2066 LEFT-TO-RIGHT ISOLATE … U+2069, so its parts keep their order. */
export const isolatedUrl = (url: string): string => `\u2066${url}\u2069`;

/**
 * The message `key` cut at its placeholders, for a component that puts an element in their
 * place (components/shared/Message.tsx): text at even indexes, a placeholder's name at odd ones.
 */
export const messageParts = (key: SimpleKey): string[] => message(key).split(/\{(\w+)\}/);
