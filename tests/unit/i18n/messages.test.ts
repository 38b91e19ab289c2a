/** lib/i18n: the words a person reads, in their language, never a key; plurals as each language counts. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDuration,
  formatElapsed,
  formatList,
  formatRelative,
  formatSize,
  formatTime,
  formatTimeSeconds,
  listParts,
  scriptName,
} from '../../../lib/i18n/format';
import { looksPseudo, PSEUDO_LOCALE } from '../../../lib/i18n/pseudo';
import { browserCatalog, type Catalog, isolated, isolatedUrl, messageParts, setCatalog, t, tn, uiDirection, uiLocale } from '../../../lib/i18n';
import { nodeCatalog } from '../../../locales/read';

afterEach(async () => setCatalog(await nodeCatalog('en')));

/** A catalog of `language` whose own messages are only `own`: the rest is what the browser falls back to (English). */
async function catalogWith(language: string, own: Record<string, string>): Promise<Catalog> {
  const english = await nodeCatalog('en');
  return { locale: language, message: (name) => own[name] ?? english.message(name) };
}

describe('t', () => {
  it('gives the message in the catalog’s language, its placeholders filled', async () => {
    expect(t('urlConsent.opens', { host: 'example.com' })).toBe('Opens example.com');
    setCatalog(await nodeCatalog('de'));
    expect(t('urlConsent.opens', { host: 'example.com' })).toBe('Öffnet example.com');
    expect(t('tabs.inbox')).toBe('Posteingang');
  });

  it('shows English where a translation is missing, never the key', async () => {
    setCatalog(await catalogWith('de', { tabs_inbox: 'Posteingang' }));
    expect(t('tabs.inbox')).toBe('Posteingang');
    expect(t('help.close')).toBe('Close');
  });

  it('reads a language’s file in Node with the browser’s fallback to English for what it lacks', async () => {
    const german = await nodeCatalog('de');
    expect(german.locale).toBe('de');
    expect(german.message('no_such_message')).toBe('');
    expect((await nodeCatalog('pt_BR')).locale).toBe('pt-BR');
  });

  it('writes numbers as the language writes them', async () => {
    setCatalog(await nodeCatalog('de'));
    expect(tn('tabs.pending', 1234)).toBe('1.234 ausstehend');
  });

  it('takes the language the browser’s catalog says it is in, English when it says none', () => {
    setCatalog(browserCatalog((name) => (name === 'catalog_locale' ? 'pt-BR' : '')));
    expect(uiLocale()).toBe('pt-BR');
    setCatalog(browserCatalog(() => ''));
    expect(uiLocale()).toBe('en');
  });

  it('isolates a server’s words put into a plain-text sentence, so their direction stays theirs', () => {
    expect(t('urlConsent.opens', { host: isolatedUrl('xn--mgbh0fb.example') })).toBe('Opens \u2066xn--mgbh0fb.example\u2069');
    expect(isolated('خادم \u202Eevil')).toBe('\u2068خادم \u202Eevil\u2069');
  });

  it('isolates any value that could reorder the sentence around it, whoever built the sentence, and no other', async () => {
    // lib/auth puts the server's name in as it came: a U+202E in it must not turn what follows around.
    const { readCallback } = await import('../../../lib/auth/callback');
    const refused = (serverName: string) => {
      try {
        readCallback('https://elsewhere.example/cb', { serverName, redirectUrl: 'https://ext.example/cb', state: 's', metadata: undefined });
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused('Deploys\u202Eevil')).toContain('\u2068Deploys\u202Eevil\u2069');
    expect(refused('خادم')).toContain('\u2068خادم\u2069');
    expect(refused('Deploys')).toContain(' Deploys');
    expect(refused('Deploys')).not.toMatch(/[\u2066-\u2069]/);
    // Already isolated, or a sentence whose every such part is: left as it is.
    expect(t('lazy.failed', { part: isolated('خادم'), error: 'x' })).toBe(
      `\u2068خادم\u2069 could not be loaded (x). If Retry does not help, close and reopen the panel.`,
    );
    expect(t('lazy.failed', { part: t('urlConsent.opens', { host: isolatedUrl('a.example') }), error: 'x' })).toMatch(
      /^Opens \u2066a\.example\u2069 could/,
    );
  });

  it('cuts a message at its placeholders for elements to stand in', () => {
    expect(messageParts('inbox.empty.connected')).toEqual([
      'Connected: ',
      'names',
      '. Run their tools on the ',
      'toolsTab',
      ' tab; what they ask of you comes here.',
    ]);
  });
});

describe('tn', () => {
  it('chooses the form by the language’s own plural rules: French 0 is singular', async () => {
    setCatalog(await catalogWith('fr', { tabs_pending_one: '{count} demande en attente', tabs_pending_other: '{count} demandes en attente' }));
    expect(tn('tabs.pending', 0)).toBe('0 demande en attente');
    expect(tn('tabs.pending', 1)).toBe('1 demande en attente');
    expect(tn('tabs.pending', 2)).toBe('2 demandes en attente');
  });

  it('gives Arabic its six forms: zero, one, two, few, many, other', async () => {
    setCatalog(await nodeCatalog('ar'));
    const counts = [0, 1, 2, 3, 11, 100];
    // Digits as the runtime's ICU writes Arabic numbers (Western or Arabic-Indic, by CLDR version).
    const digits = new Intl.NumberFormat('ar');
    expect(counts.map((count) => tn('tabs.pending', count))).toEqual([
      'لا طلبات معلّقة',
      'طلب واحد معلّق',
      'طلبان معلّقان',
      `${digits.format(3)} طلبات معلّقة`,
      `${digits.format(11)} طلبًا معلّقًا`,
      `${digits.format(100)} طلب معلّق`,
    ]);
  });

  it('falls back to the language’s "other" form when its catalog lacks the category', async () => {
    setCatalog(await catalogWith('ar', { tabs_pending_other: '{count} طلب معلّق' }));
    expect(tn('tabs.pending', 3)).toBe(`${new Intl.NumberFormat('ar').format(3)} طلب معلّق`);
  });
});

describe('direction and formats', () => {
  it('is right to left for Arabic, left to right for the others', async () => {
    expect(uiDirection()).toBe('ltr');
    setCatalog(await nodeCatalog('ar'));
    expect(uiDirection()).toBe('rtl');
    setCatalog(await nodeCatalog('ja'));
    expect(uiDirection()).toBe('ltr');
  });

  it('formats lists, sizes, durations, relative and clock times in the UI language', async () => {
    expect(formatList(['A', 'B', 'C'])).toBe('A, B, and C');
    expect(listParts(['A', 'B']).map((part) => part.type)).toEqual(['element', 'literal', 'element']);
    expect(formatSize(1536)).toBe('1.5 kB');
    expect(formatSize(512)).toBe('512 byte');
    expect(formatDuration(45_000)).toBe('45 sec');
    expect(formatDuration(180_000)).toBe('3 min');
    expect(formatDuration(5 * 3_600_000)).toBe('5 hr');
    // How long a call took: exact once it ended, whole seconds while it runs.
    expect([formatElapsed(42), formatElapsed(1_540), formatElapsed(12_400), formatElapsed(192_000)]).toEqual([
      '42 ms',
      '1.5 sec',
      '12 sec',
      '3.2 min',
    ]);
    expect(formatElapsed(1_540, true)).toBe('2 sec');
    expect(formatRelative(Date.now() - 180_000, Date.now())).toBe('3 minutes ago');
    const noon = Date.UTC(2026, 8, 3, 12, 2);
    expect(formatTime(noon)).toMatch(/\d/);
    setCatalog(await nodeCatalog('de'));
    expect(formatList(['A', 'B', 'C'])).toBe('A, B und C');
    expect(formatRelative(Date.now() + 2 * 3_600_000, Date.now())).toBe('in 2 Stunden');
    expect(formatElapsed(1_540)).toBe('1,5 Sek.');
    expect(formatDateTime(noon)).toMatch(/2026/);
    setCatalog(await nodeCatalog('ja'));
    expect(formatList(['A', 'B'])).toBe('A、B');
  });

  it('names writing systems in the UI language, the code where it has no name', async () => {
    expect(formatList(['Cyrl', 'Latn'].map(scriptName))).toBe('Cyrillic and Latin');
    setCatalog(await nodeCatalog('de'));
    expect(scriptName('Cyrl')).toBe('Kyrillisch');
    expect(scriptName('Zzzq')).toBe('Zzzq');
  });

  it('writes what it formats in fullwidth letters in the pseudo-locale, so a value written by hand stands out', async () => {
    setCatalog({ locale: PSEUDO_LOCALE, message: (await nodeCatalog('en')).message });
    const noon = Date.UTC(2026, 8, 3, 12, 2, 9);
    for (const shown of [
      formatDuration(180_000),
      formatElapsed(1_540),
      formatSize(1536),
      formatTime(noon),
      formatTimeSeconds(noon),
      formatDateTime(noon),
    ])
      expect(looksPseudo(shown), shown).toBe(true);
    expect(formatDuration(180_000)).toBe('3 ｍｉｎ');
    expect(listParts(['Ada', 'Alan']).map((part) => part.value)).toEqual(['Ada', ' ａｎｄ ', 'Alan']);
    expect(looksPseudo('3 min')).toBe(false);
  });
});
