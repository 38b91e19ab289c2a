/**
 * The panel's first part of the catalog (docs/i18n.md, "What the panel's first load reads"): the
 * messages its first-load code uses, one small file per language, so that opening the panel
 * reads neither the whole catalog nor the English one beside it. The build
 * (locales/firstPart.vite.ts) puts each of those messages at a position and writes that position
 * into the first-load code in place of the key; everything else keeps its key and is read from
 * the browser's catalog, after the first render.
 */

/** A message of the first part: its text, or a plural's forms by CLDR category. */
export type FirstEntry = string | Readonly<Record<string, string>>;

/** Where the build puts the first part of the catalog in language `locale` (a BCP 47 tag, `pt-BR`). */
export const firstPartPath = (locale: string): `/i18n/${string}.json` => `/i18n/${locale}.json`;

/**
 * Where the worker leaves the language the browser picked (`storage.session`), for the panel to
 * read its first part without asking the browser's catalog, which would read it whole.
 */
export const PICKED_LOCALE_KEY = 'pickedCatalogLocale';

/** A language tag as the catalogs name them, and nothing that could walk out of `/i18n/`. */
export const isLocaleTag = (value: unknown): value is string => typeof value === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value);
