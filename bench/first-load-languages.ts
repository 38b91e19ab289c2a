/**
 * Bench 3b, by language (issue 41): the panel's first load as a person in each language gets
 * it, its JS and CSS plus the message catalogs the browser reads for it. Chromium "loads messages
 * file for the default locale and application locales" (extensions/common/extension_l10n_util.h,
 * LoadMessageCatalogs): the catalog of its UI language, and the manifest's `default_locale`
 * (English), where a message the language lacks is looked up; never the other languages'. Each file gzipped at level 9, as bench/chunks.ts does:
 * a catalog is read from the installed package, not sent, so its gzip size is a measure of
 * what it carries, comparable with the code's. Counted as first load although the browser reads
 * it with the extension rather than with the panel: bench 3a times the panel's first
 * `i18n.getMessage` and finds the messages already in the extension's process when the worker
 * has run there (its first call takes hundredths of a millisecond); a panel opened in a fresh
 * process, its worker never run in it, is not measured, so the catalog's bytes still count here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Build } from './builds';
import { shippedSizes, total } from './chunks';
import { table, type Target } from './report';
import { bytes } from './stats';

/** Issue 41: "the catalogs must not grow the panel's first load by more than 3 KB gzip (one language loaded, not all)". */
const CATALOG_GROWTH_LIMIT = 3 * 1024;
/** The languages the bench shows: English, the default, and Japanese, which issue 41 names. */
const SHOWN = ['en', 'ja'] as const;
const DEFAULT_LOCALE = 'en';

/** The gzip size of a build's catalog for `lang`; 0 for a build that has none (one from before the catalogs). */
function catalogGzip(dir: string, lang: string): number {
  const path = join(dir, '_locales', lang, 'messages.json');
  return existsSync(path) ? gzipSync(readFileSync(path), { level: 9 }).length : 0;
}

interface LanguageLoad {
  code: number;
  own: number;
  fallback: number;
  total: number;
}

function firstLoad(dir: string, lang: string): LanguageLoad {
  const code = total(shippedSizes(dir).panelInitial).gzip;
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
    "The panel's first load in each language: its JS and CSS, the catalog of the browser's language, and the English one Chromium also reads for a message the language lacks (bench/first-load-languages.ts). All gzip, level 9.",
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
