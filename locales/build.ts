/**
 * The build step after @wxt-dev/i18n's (wxt.config.ts hooks): it has turned each locales/<lang>.yml
 * into _locales/<lang>/messages.json; this adds to each the language it is in (the browser
 * tells which catalog it picked only through a message: lib/i18n CATALOG_LOCALE), and with
 * TOOLNEXUS_LOCALE=pseudo puts the pseudo-locale in place of English and drops the other
 * languages, so that any browser, in any language, shows the pseudo-locale (docs/i18n.md).
 */
import type { ResolvedPublicFile } from 'wxt';
import { CATALOG_LOCALE } from '../lib/i18n/index.ts';
import { PSEUDO_LOCALE, pseudoMessage } from '../lib/i18n/pseudo.ts';

type Messages = Record<string, { message: string; description?: string }>;

const CATALOG_PATH = /^_locales\/(\w+)\/messages\.json$/;

/** A catalog folder's name as a language tag: `pt_BR` → `pt-BR`. */
export const languageTag = (folder: string) => folder.replace('_', '-');

export function catalogAssets(assets: ResolvedPublicFile[], mode: string | undefined): void {
  if (mode !== undefined && mode !== 'pseudo') throw new Error(`TOOLNEXUS_LOCALE=${mode}: the only build locale there is is "pseudo".`);
  for (let index = assets.length - 1; index >= 0; index -= 1) {
    const asset = assets[index]!;
    const folder = asset.relativeDest.replaceAll('\\', '/').match(CATALOG_PATH)?.[1];
    if (folder === undefined || !('contents' in asset)) continue;
    if (mode === 'pseudo' && folder !== 'en') {
      assets.splice(index, 1);
      continue;
    }
    const messages = JSON.parse(asset.contents.toString()) as Messages;
    const shown: Messages =
      mode === 'pseudo'
        ? Object.fromEntries(Object.entries(messages).map(([name, { message }]) => [name, { message: pseudoMessage(message) }]))
        : messages;
    shown[CATALOG_LOCALE] = { message: mode === 'pseudo' ? PSEUDO_LOCALE : languageTag(folder) };
    assets[index] = { relativeDest: asset.relativeDest, contents: JSON.stringify(shown, null, 2) };
  }
}
