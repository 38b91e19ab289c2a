/** The catalogs (locales/*.yml) and the code agree: issue 41's "every key used exists in every catalog, and no catalog holds a key nothing uses". */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES } from '@wxt-dev/i18n/build';
import { beforeAll, describe, expect, it } from 'vitest';
import { pseudoMessage } from '../../../lib/i18n/pseudo';
import { catalogLanguages, parsedCatalog } from '../../../locales/read';
import { type CatalogText, catalogProblems, keysUsed } from './catalogCheck';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Where the product's words are named: its code, and the manifest in wxt.config.ts. */
const code = new Map([...['lib', 'components', 'entrypoints'].flatMap(sources), 'wxt.config.ts'].map((path) => [path, readFileSync(path, 'utf8')]));

let catalogs: Map<string, CatalogText>;
let scanned: ReturnType<typeof keysUsed>;
beforeAll(async () => {
  scanned = keysUsed(code);
  const entries = await Promise.all(
    catalogLanguages().map(async (language) => {
      const messages = (await parsedCatalog(language)).filter((entry) => !entry.key[0]!.startsWith('@@'));
      return [language, new Map(messages.map((entry) => [entry.key.join('.'), 'message' in entry ? entry.message : '']))] as const;
    }),
  );
  catalogs = new Map(entries);
  // Every source file's syntax tree and nine catalogs of some 350 messages each: seconds on a
  // loaded two-core machine (the whole unit run), past the default 10 s hook bound.
}, 60_000);

describe('the catalogs', () => {
  it('are English and the eight languages of issue 41, each one the browsers support', () => {
    expect([...catalogs.keys()]).toEqual(['ar', 'de', 'en', 'es', 'fr', 'ja', 'ko', 'pt_BR', 'zh_CN']);
    for (const language of catalogs.keys()) expect(SUPPORTED_LOCALES.has(language), language).toBe(true);
  });

  it('hold every key the code names, with the same placeholders, and nothing the code does not name', () => {
    const { uses, problems } = scanned;
    expect(problems).toEqual([]);
    expect(uses.length).toBeGreaterThan(20);
    expect(catalogProblems(uses, catalogs)).toEqual([]);
  });

  it("keep the manifest's name and description within Chrome's 75 and 132 characters, pseudo-locale included", () => {
    for (const [language, messages] of catalogs) {
      for (const [key, limit] of [
        ['manifest.name', 75],
        ['manifest.description', 132],
      ] as const) {
        const text = messages.get(key) ?? '';
        expect(text.length, `${language} ${key}`).toBeLessThanOrEqual(limit);
        if (language === 'en') expect(pseudoMessage(text).length, `pseudo ${key}`).toBeLessThanOrEqual(limit);
      }
    }
  });
});

describe('the check', () => {
  const english = () => new Map(catalogs.get('en'));
  const planted = (files: Record<string, string>) => keysUsed(new Map(Object.entries(files)));
  const allUsed = () => scanned.uses;

  it('reports a key the code names that no catalog has, and a key nothing names', () => {
    const { uses } = planted({ 'components/X.tsx': "t('inbox.nowhere'); tn('tabs.tools', 2); <Message id=\"no.such\" values={{}} />" });
    expect(catalogProblems([...allUsed(), ...uses], catalogs)).toEqual([
      "components/X.tsx: 'inbox.nowhere' is not in locales/en.yml",
      "components/X.tsx: tn('tabs.tools') but locales/en.yml has no tabs.tools.one / tabs.tools.other",
      "components/X.tsx: 'no.such' is not in locales/en.yml",
    ]);
    const withSpare = new Map(catalogs).set('en', english().set('spare.words', 'Nobody asks for these'));
    expect(catalogProblems(allUsed(), withSpare)).toContain("locales/en.yml: 'spare.words' is used nowhere in the code");
  });

  it('reports a key that is not a literal, and words reached around <Message>, as problems of their own', () => {
    const { problems } = planted({
      'components/A.tsx': 'const key = pick(); t(key); <Message id={key} values={{}} />',
      'components/B.tsx': "messageParts('tabs.tools');",
      'components/C.tsx': '// t(key) in a comment is no use\nconst x = `t(${y})`;',
    });
    expect(problems).toEqual([
      'components/A.tsx:1: t( with a key that is not a string literal; the check cannot see which message it is',
      'components/A.tsx:1: <Message without a literal id="…"',
      'components/B.tsx:1: messageParts( outside components/shared/Message.tsx',
    ]);
  });

  it('reports a translation that is missing, changes a placeholder, lacks a plural form its language needs, or adds a key', () => {
    const german = new Map(catalogs.get('de'));
    german.delete('help.close');
    german.set('urlConsent.opens', 'Öffnet {domain}');
    german.set('extra.key', 'Zusatz');
    const arabic = new Map(catalogs.get('ar'));
    arabic.delete('tabs.pending.few');
    const french = new Map(catalogs.get('fr')).set('tabs.pending.two', '{count} en attente');
    const broken = new Map(catalogs).set('de', german).set('ar', arabic).set('fr', french);
    expect(catalogProblems(allUsed(), broken)).toEqual([
      'locales/ar.yml: \'tabs.pending\' lacks its "few" form',
      "locales/de.yml: 'urlConsent.opens' has {domain} where the English has {host}",
      "locales/de.yml: 'extra.key' is not in locales/en.yml (renamed or removed there?)",
      "locales/de.yml: 'help.close' is missing (English is shown in its place)",
      'locales/fr.yml: \'tabs.pending.two\': fr never uses the "two" form',
    ]);
  });

  it('reports a "$" (the browser would read it as a substitution) and two keys the browser would take for one', () => {
    const messages = english().set('shell.dismiss', 'Costs $1').set('shell.Dismiss', 'Dismiss');
    const problems = catalogProblems(allUsed(), new Map(catalogs).set('en', messages));
    expect(problems).toContain('locales/en.yml: \'shell.dismiss\' has a "$", which the browser reads as a substitution');
    expect(problems).toContain(
      "locales/en.yml: 'shell.Dismiss' and 'shell.dismiss' are one message name for the browser (shell_Dismiss; names ignore case)",
    );
  });
});
