/**
 * The panel's first part of the catalog (lib/i18n/firstPart.ts, locales/firstPart.vite.ts): the
 * keys of its first-load code become positions, each language's file holds the messages at those
 * positions (English where it lacks one), and lib/i18n reads a position as it reads a key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { firstEntries, firstKeys, pseudoFirstPart, withPositions } from '../../../locales/firstPart.vite';
import { catalogMessages, nodeCatalog } from '../../../locales/read';
import { isLocaleTag } from '../../../lib/i18n/firstPart';
import { looksPseudo, pseudoMessage } from '../../../lib/i18n/pseudo';
import { type Catalog, messageParts, setCatalog, t, tn, uiLocale } from '../../../lib/i18n';

afterEach(async () => setCatalog(await nodeCatalog('en')));

const CODE = 'x(e("tabs.inbox"),n("tabs.pending",2)),y("not.a.key"),z(`urlConsent.opens`),w("tabs.inbox")';

describe('the build step', () => {
  it('finds each key written as a literal once, plural bases included, in key order; a dotted string that is no key is left', async () => {
    const english = await catalogMessages('en');
    expect(firstKeys([CODE, 'q("inbox.request.submit")'], english)).toEqual([
      'inbox.request.submit',
      'tabs.inbox',
      'tabs.pending',
      'urlConsent.opens',
    ]);
  });

  it('writes each key as its position and leaves every other string as it was', () => {
    const positions = new Map([
      ['tabs.inbox', 0],
      ['tabs.pending', 1],
      ['urlConsent.opens', 2],
    ]);
    expect(withPositions(CODE, positions)).toBe('x(e(0),n(1,2)),y("not.a.key"),z(2),w(0)');
    // Right after a keyword, as minified code writes it, the number stays a word of its own.
    expect(withPositions('switch(k){case"tabs.inbox":return`urlConsent.opens`}', positions)).toBe('switch(k){case 0:return 2}');
  });

  it("gives each position the language's message, English's where it has none, and a plural its own categories", async () => {
    const keys = ['inbox.request.submit', 'tabs.inbox', 'tabs.pending'];
    const english = await catalogMessages('en');
    const arabic = await catalogMessages('ar');
    arabic.delete('inbox_request_submit');
    const [submit, inbox, pending] = firstEntries(keys, arabic, english);
    expect(submit).toBe(english.get('inbox_request_submit'));
    expect(inbox).toBe(arabic.get('tabs_inbox'));
    expect(Object.keys(pending as object).sort()).toEqual(
      [...arabic.keys()]
        .filter((name) => name.startsWith('tabs_pending_'))
        .map((name) => name.slice('tabs_pending_'.length))
        .sort(),
    );
  });

  it('takes all of English’s forms for a plural the language lacks', async () => {
    const english = await catalogMessages('en');
    const german = new Map([...(await catalogMessages('de'))].filter(([name]) => !name.startsWith('tabs_pending_')));
    expect(firstEntries(['tabs.pending'], german, english)).toEqual([
      { one: english.get('tabs_pending_one'), other: english.get('tabs_pending_other') },
    ]);
  });

  it('makes the pseudo-locale’s first part from English’s, plurals too', async () => {
    const english = await catalogMessages('en');
    const pseudo = pseudoFirstPart(firstEntries(['tabs.inbox', 'tabs.pending'], english, english));
    expect(looksPseudo(pseudo[0] as string)).toBe(true);
    expect(pseudo[1]).toEqual({ one: pseudoMessage(english.get('tabs_pending_one')!), other: pseudoMessage(english.get('tabs_pending_other')!) });
  });
});

describe('lib/i18n with a first part', () => {
  const catalog = (first: Catalog['first']): Catalog => ({ locale: 'fr', message: (name) => (name === 'tabs_inbox' ? 'Boîte' : ''), first });
  // What the built first-load code passes where its source says a key.
  const at = <K>(position: number) => position as unknown as K;

  it('reads a position from the first part and a key from the browser’s catalog', () => {
    setCatalog(catalog(['Envoyer {what}', { one: '{count} en attente', other: '{count} en attente·s' }]));
    expect(t(at<'inbox.request.submit'>(0))).toBe('Envoyer {what}');
    expect(t('tabs.inbox')).toBe('Boîte');
    expect(uiLocale()).toBe('fr');
  });

  it('chooses a plural form by the language’s category, its `other` where it has none of that category', () => {
    setCatalog(catalog(['', { one: '{count} en attente', other: '{count} en attente·s' }]));
    expect(tn(at<'tabs.pending'>(1), 0)).toBe('0 en attente');
    expect(tn(at<'tabs.pending'>(1), 3)).toBe('3 en attente·s');
    setCatalog(catalog(['', { other: '{count} en attente·s' }]));
    expect(tn(at<'tabs.pending'>(1), 1)).toBe('1 en attente·s');
  });

  it('cuts a message read by position at its placeholders, as by key', () => {
    setCatalog(catalog(['Ouvre {host}']));
    expect(messageParts(at<'urlConsent.opens'>(0))).toEqual(['Ouvre ', 'host', '']);
  });
});

describe('the language the worker leaves for the panel', () => {
  it('is a language tag, never a path', () => {
    for (const tag of ['en', 'pt-BR', 'zh-CN', 'en-XA']) expect(isLocaleTag(tag)).toBe(true);
    for (const value of ['../secrets', 'en/../../x', '', 'EN', 'a', 42, undefined]) expect(isLocaleTag(value)).toBe(false);
  });
});
