/** locales/build.ts: each built catalog says its language; TOOLNEXUS_LOCALE=pseudo ships the pseudo-locale alone, in English's place. */
import { describe, expect, it } from 'vitest';
import type { ResolvedPublicFile } from 'wxt';
import { catalogAssets } from '../../../locales/build';

const built = (): ResolvedPublicFile[] => [
  {
    relativeDest: '_locales/en/messages.json',
    contents: JSON.stringify({ tabs_inbox: { message: 'Inbox' }, urlConsent_opens: { message: 'Opens {host}' } }),
  },
  { relativeDest: '_locales/pt_BR/messages.json', contents: JSON.stringify({ tabs_inbox: { message: 'Caixa de entrada' } }) },
  { relativeDest: 'icon/16.png', absoluteSrc: '/public/icon/16.png' },
];
const messages = (asset: ResolvedPublicFile) =>
  JSON.parse(String('contents' in asset ? asset.contents : '{}')) as Record<string, { message: string }>;

describe('the built catalogs', () => {
  it('each carry the language they are in, as a language tag', () => {
    const assets = built();
    catalogAssets(assets, undefined);
    expect(assets.map((asset) => asset.relativeDest)).toEqual(['_locales/en/messages.json', '_locales/pt_BR/messages.json', 'icon/16.png']);
    expect(messages(assets[0]!).catalog_locale).toEqual({ message: 'en' });
    expect(messages(assets[1]!)).toEqual({ tabs_inbox: { message: 'Caixa de entrada' }, catalog_locale: { message: 'pt-BR' } });
  });

  it('in the pseudo-locale: English made pseudo, the only language left, so any browser shows it', () => {
    const assets = built();
    catalogAssets(assets, 'pseudo');
    expect(assets.map((asset) => asset.relativeDest)).toEqual(['_locales/en/messages.json', 'icon/16.png']);
    const pseudo = messages(assets[0]!);
    expect(pseudo.tabs_inbox!.message).toMatch(/^⟦Îñƀöẋ[ ·]+⟧$/);
    expect(pseudo.urlConsent_opens!.message).toMatch(/^⟦Öþéñš \{host\}[ ·]+⟧$/);
    expect(pseudo.catalog_locale).toEqual({ message: 'en-XA' });
  });

  it('refuses a build locale it does not know, in words', () => {
    expect(() => catalogAssets(built(), 'ar')).toThrow('TOOLNEXUS_LOCALE=ar: the only build locale there is is "pseudo".');
  });
});
