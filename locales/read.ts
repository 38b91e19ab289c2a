/**
 * The catalogs as Node reads them, for what runs outside a browser (the tests' setup, harnesses):
 * the same files the build makes _locales from, the same fallback to English the browser gives.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { CATALOG_LOCALE, type Catalog } from '../lib/i18n/index.ts';
import { languageTag } from './build.ts';

const FOLDER = join(import.meta.dirname, '.');
const SOURCE = /^(\w+)\.yml$/;

/** The languages in locales/, by their _locales folder name (`en`, `pt_BR`…). */
export const catalogLanguages = (): string[] =>
  readdirSync(FOLDER)
    .map((name) => name.match(SOURCE)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();

/** locales/<language>.yml parsed as @wxt-dev/i18n parses it: one entry per message, its key a path. */
export const parsedCatalog = (language: string) => parseMessagesFile(join(FOLDER, `${language}.yml`));

/** The messages of one language as messages.json names them (`inbox_empty_nothingWaits`). */
export async function catalogMessages(language: string): Promise<Map<string, string>> {
  const messages = generateChromeMessages(await parsedCatalog(language));
  return new Map(Object.entries(messages).map(([name, { message }]) => [name, message]));
}

/** One language's catalog as the browser gives it: a message it lacks comes from English. */
export async function nodeCatalog(language = 'en'): Promise<Catalog> {
  const [own, english] = await Promise.all([catalogMessages(language), catalogMessages('en')]);
  const locale = languageTag(language);
  return { locale, message: (name) => (name === CATALOG_LOCALE ? locale : (own.get(name) ?? english.get(name) ?? '')) };
}
