/**
 * What keeps the catalogs and the code in step (docs/i18n.md): every key the code names is in
 * every catalog, with the same placeholders, and no catalog holds a message nothing names.
 * Pure over texts, so the test can plant each offence and see it reported.
 */
import ts from 'typescript';

/** One catalog as @wxt-dev/i18n parses it: dotted key → message. */
export type CatalogText = Map<string, string>;

/** Where the code names a message, and what it names: `t('a.b')`, `tn('a.b', n)`, `<Message id="a.b"`, `__MSG_a_b__`. */
interface Use {
  file: string;
  kind: 't' | 'tn' | 'Message' | 'manifest';
  key: string;
}

/** Only components/shared/Message.tsx turns a key it was given into text, so a dynamic key cannot enter elsewhere. */
const PARTS_HOME = 'components/shared/Message.tsx';

/**
 * Every use of a key in `files` (path → source), read from TypeScript's own syntax tree (no
 * comment or look-alike text can count), and every place a key is not a plain literal.
 */
export function keysUsed(files: Map<string, string>): { uses: Use[]; problems: string[] } {
  const uses: Use[] = [];
  const problems: string[] = [];
  for (const [file, text] of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const first = node.arguments[0];
        if (name === 't' || name === 'tn') {
          if (first && ts.isStringLiteral(first)) uses.push({ file, kind: name, key: first.text });
          else problems.push(`${where(node)}: ${name}( with a key that is not a string literal; the check cannot see which message it is`);
        }
        if (name === 'messageParts' && file !== PARTS_HOME) problems.push(`${where(node)}: messageParts( outside ${PARTS_HOME}`);
      }
      if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText(source) === 'Message') {
        const id = node.attributes.properties.find((attribute) => ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'id');
        const value = id && ts.isJsxAttribute(id) ? id.initializer : undefined;
        if (value && ts.isStringLiteral(value)) uses.push({ file, kind: 'Message', key: value.text });
        else problems.push(`${where(node)}: <Message without a literal id="…"`);
      }
      if (ts.isStringLiteralLike(node))
        for (const match of node.text.matchAll(/__MSG_(\w+?)__/g)) uses.push({ file, kind: 'manifest', key: match[1]! });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { uses, problems };
}

const placeholders = (message: string) => [...new Set([...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);
const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** The plural categories a language uses for the counts a panel shows (0 to 1000): its catalog needs a form for each. */
export function categoriesNeeded(language: string): Set<string> {
  const rules = new Intl.PluralRules(language.replace('_', '-'));
  return new Set(Array.from({ length: 1001 }, (_, count) => rules.select(count)));
}

/** A message name as messages.json (and a manifest's `__MSG_…__`) spells it. */
export const catalogName = (key: string) => key.replaceAll('.', '_');

/**
 * Every way `uses` and `catalogs` (language → its messages; `en` the source) are out of step,
 * in words a person can act on; none when they agree.
 */
export function catalogProblems(uses: Use[], catalogs: Map<string, CatalogText>): string[] {
  const english = catalogs.get('en');
  if (!english) return ['locales/en.yml is missing: it is the source every other catalog translates'];
  const problems: string[] = [];
  const byName = new Map([...english.keys()].map((key) => [catalogName(key).toLowerCase(), key]));
  const plural = new Set([...english.keys()].filter((key) => key.endsWith('.other')).map((key) => key.slice(0, -'.other'.length)));
  const pluralOf = (key: string) => {
    const cut = key.lastIndexOf('.');
    return cut > 0 && CATEGORIES.has(key.slice(cut + 1)) && plural.has(key.slice(0, cut)) ? key.slice(0, cut) : undefined;
  };
  const named = new Set<string>();
  for (const { file, kind, key } of uses) {
    const resolved = kind === 'manifest' ? byName.get(key.toLowerCase()) : key;
    if (resolved === undefined) problems.push(`${file}: __MSG_${key}__ names no message of locales/en.yml`);
    else if (kind === 'tn' && !plural.has(resolved)) problems.push(`${file}: tn('${key}') but locales/en.yml has no ${key}.one / ${key}.other`);
    else if (kind !== 'tn' && !english.has(resolved)) problems.push(`${file}: '${key}' is not in locales/en.yml`);
    else named.add(resolved);
  }
  for (const key of english.keys()) if (!named.has(pluralOf(key) ?? key)) problems.push(`locales/en.yml: '${key}' is used nowhere in the code`);

  const names = new Map<string, string>();
  for (const key of english.keys()) {
    const name = catalogName(key).toLowerCase();
    const other = names.get(name);
    if (other) problems.push(`locales/en.yml: '${key}' and '${other}' are one message name for the browser (${catalogName(key)}; names ignore case)`);
    names.set(name, key);
  }
  for (const [language, messages] of catalogs) {
    const needed = categoriesNeeded(language);
    for (const [key, message] of messages) {
      if (/\$/.test(message)) problems.push(`locales/${language}.yml: '${key}' has a "$", which the browser reads as a substitution`);
      const base = pluralOf(key) ?? (plural.has(key.slice(0, key.lastIndexOf('.'))) ? key.slice(0, key.lastIndexOf('.')) : undefined);
      if (base !== undefined) {
        const allowed = [...english.entries()].filter(([other]) => other.startsWith(`${base}.`)).flatMap(([, text]) => placeholders(text));
        const category = key.slice(base.length + 1);
        if (!CATEGORIES.has(category)) problems.push(`locales/${language}.yml: '${key}' is no plural category (zero, one, two, few, many, other)`);
        else if (language !== 'en' && !needed.has(category))
          problems.push(`locales/${language}.yml: '${key}': ${language} never uses the "${category}" form`);
        const extra = placeholders(message).filter((name) => !allowed.includes(name));
        if (extra.length > 0) problems.push(`locales/${language}.yml: '${key}' has {${extra.join('}, {')}}, which the English has not`);
        continue;
      }
      const source = english.get(key);
      if (source === undefined) problems.push(`locales/${language}.yml: '${key}' is not in locales/en.yml (renamed or removed there?)`);
      else if (!same(placeholders(message), placeholders(source)))
        problems.push(
          `locales/${language}.yml: '${key}' has {${placeholders(message).join('}, {')}} where the English has {${placeholders(source).join('}, {')}}`,
        );
    }
    if (language === 'en') continue;
    for (const key of english.keys()) {
      const base = pluralOf(key);
      if (base === undefined && !messages.has(key)) problems.push(`locales/${language}.yml: '${key}' is missing (English is shown in its place)`);
    }
    for (const base of plural)
      for (const category of needed)
        if (!messages.has(`${base}.${category}`)) problems.push(`locales/${language}.yml: '${base}' lacks its "${category}" form`);
  }
  return problems;
}
