/**
 * Bench 3b, by language (issue 41): the panel's first load as a person in each language gets
 * it, its JS and CSS plus the catalog it reads before its first render. Each file gzipped at
 * level 9, as bench/chunks.ts does: a catalog is read from the installed package, not sent, so
 * its gzip size is a measure of what it carries, comparable with the code's.
 *
 * A build with the panel's first part (lib/i18n/firstPart.ts, `i18n/<tag>.json`) reads that one
 * file, English already filled in where the language lacks a message; what renders later asks
 * the browser's catalog, as lazy chunks come later (bench 3b's panel total). A build from before
 * asked the browser's catalog at its first render, and Chromium "loads messages file for the
 * default locale and application locales" (extensions/common/extension_l10n_util.h,
 * LoadMessageCatalogs): the language's messages.json and English's, both counted for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Build } from './builds';
import { shippedSizes, total } from './chunks';
import { firstPartPath } from '../lib/i18n/firstPart';
import { catalogLanguages } from '../locales/read';
import { table, type Target } from './report';
import { bytes } from './stats';

/** Issue 41: "the catalogs must not grow the panel's first load by more than 3 KB gzip (one language loaded, not all)". */
const CATALOG_GROWTH_LIMIT = 3 * 1024;
/**
 * Every language the catalogs have (folder names: `pt_BR`), English and Japanese first, as issue
 * 41 names them; the target holds for each, since any one of them may be the one loaded.
 */
const SHOWN = ['en', 'ja', ...catalogLanguages().filter((lang) => lang !== 'en' && lang !== 'ja')];
const DEFAULT_LOCALE = 'en';

const gzipOf = (path: string): number => (existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0);

/** The gzip size of a build's browser catalog for `lang` (its `_locales` folder); 0 for a build that has none (one from before the catalogs). */
const catalogGzip = (dir: string, lang: string): number => gzipOf(join(dir, '_locales', lang, 'messages.json'));

/** The panel's first part of the catalog in `lang`, when the build has one. */
const firstPartFile = (dir: string, lang: string): string => join(dir, firstPartPath(lang.replace('_', '-')));

interface LanguageLoad {
  code: number;
  own: number;
  fallback: number;
  total: number;
}

function firstLoad(dir: string, lang: string): LanguageLoad {
  const code = total(shippedSizes(dir).panelInitial).gzip;
  if (existsSync(firstPartFile(dir, lang))) {
    const own = gzipOf(firstPartFile(dir, lang));
    return { code, own, fallback: 0, total: code + own };
  }
  const own = catalogGzip(dir, lang);
  const fallback = lang === DEFAULT_LOCALE ? 0 : catalogGzip(dir, DEFAULT_LOCALE);
  return { code, own, fallback, total: code + own + fallback };
}

/** The rows of each build in each shown language, and, beside a baseline, how much the first load grew in each. */
export function firstLoadByLanguage(builds: Build[]): { markdown: string; targets: Target[] } {
  const loads = builds.map((build) => SHOWN.map((lang) => firstLoad(build.dir, lang)));
  const rows = builds.flatMap((build, b) =>
    SHOWN.map((lang, l) => {
      const load = loads[b]![l]!;
      return [
        `${lang}${builds.length > 1 ? ` — *${build.label}*` : ''}`,
        bytes(load.code),
        bytes(load.own),
        load.fallback > 0 ? bytes(load.fallback) : '—',
        `**${bytes(load.total)}**`,
      ];
    }),
  );
  const markdown = [
    "The panel's first load in each language: its JS and CSS, and the catalog it reads before its first render: its first part (`i18n/<tag>.json`, English filled in), or in a build from before it the browser's catalog of that language and the English one Chromium reads beside it (bench/first-load-languages.ts). All gzip, level 9.",
    '',
    table(['language', 'JS + CSS', 'its catalog', 'English fallback', 'first load'], rows),
  ].join('\n');
  const baseline = loads.at(-1)!;
  const grown = SHOWN.map((lang, l) => ({ lang, by: loads[0]![l]!.total - baseline[l]!.total }));
  const targets: Target[] =
    builds.length > 1
      ? [
          {
            name: "41. the catalogs grow the panel's first load (one language loaded)",
            goal: `≤ 3 KB gzip (${CATALOG_GROWTH_LIMIT.toLocaleString('en')} B) over ${builds.at(-1)!.label}`,
            measured: grown.map(({ lang, by }) => `${lang}: ${by >= 0 ? '+' : '−'}${bytes(Math.abs(by))}`).join('; '),
            met: grown.every(({ by }) => by <= CATALOG_GROWTH_LIMIT),
          },
        ]
      : [];
  return { markdown, targets };
}
