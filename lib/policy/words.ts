/**
 * Every word the policy says, to the person and to their admin, in one place (with refusal.ts,
 * how a refusal is said), each a message of locales/en.yml's `policy` block (docs/i18n.md). The
 * plain words are getters, so a message is looked up when it is said, in the catalog's language
 * then, never when this module is imported. What the admin wrote (keys, values, patterns) is
 * put in as it came, quoted.
 */
import { t, tn } from '../i18n';
import { formatList } from '../i18n/format';

const quote = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${(text ?? String(value)).slice(0, 200)}"`;
};

/** What a JSON value is, as a noun phrase: what the policy holds where it should hold something else. */
const typeOf = (value: unknown): string =>
  value === null
    ? t('policy.kind.null')
    : Array.isArray(value)
      ? t('policy.kind.list')
      : typeof value === 'object'
        ? t('policy.kind.object')
        : typeof value === 'string'
          ? t('policy.kind.string')
          : typeof value === 'number'
            ? t('policy.kind.number')
            : typeof value === 'boolean'
              ? t('policy.kind.boolean')
              : typeof value;

/**
 * `plain`'s words, and each of `said` as a property read as a string: the message is looked up
 * when it is read, in the language of that moment, never when this module is imported.
 */
function withSaid<P extends object, S extends Record<string, () => string>>(plain: P, said: S): P & { readonly [K in keyof S]: string } {
  const getters = Object.fromEntries(Object.entries(said).map(([name, say]) => [name, { get: say, enumerable: true }]));
  return Object.defineProperties(plain, getters) as P & { readonly [K in keyof S]: string };
}

/** What a key of the policy must hold, as read.ts asks for it. */
export const expected = {
  list: () => t('policy.kind.list'),
  string: () => t('policy.kind.string'),
  trueOrFalse: () => t('policy.kind.trueOrFalse'),
  serverEntry: () => t('policy.kind.serverEntry'),
  headers: () => t('policy.kind.headers'),
  managedEntry: () => t('policy.kind.managedEntry'),
};

/** Keys and values of the policy, code rather than words: listed as code is, the same in every language. */
const codeList = (items: readonly string[]): string => items.join(', ');
const quotedList = (items: readonly string[]): string => codeList(items.map((item) => `"${item}"`));

export const words = /* @__PURE__ */ withSaid(
  {
    // Reading the policy: what is wrong with it, by key, for the admin.
    notAnObject: (value: unknown) => t('policy.read.notAnObject', { type: typeOf(value) }),
    unknownKey: (key: string, known: readonly string[]) => t('policy.read.unknownKey', { key, known: codeList(known) }),
    wrongType: (key: string, expected: string, value: unknown) =>
      t('policy.read.wrongType', { key, expected, type: typeOf(value), value: quote(value) }),
    notOneOf: (key: string, value: unknown, allowed: readonly string[]) =>
      t('policy.read.notOneOf', { key, value: quote(value), allowed: quotedList(allowed) }),
    tooMany: (key: string, count: number, max: number) => tn('policy.read.tooMany', count, { key, max }),
    entryNeither: (path: string) => t('policy.read.entryNeither', { path }),
    entryBoth: (path: string) => t('policy.read.entryBoth', { path }),
    nameWildcard: (path: string, name: string) => t('policy.read.nameWildcard', { path, name: quote(name) }),
    emptyString: (path: string) => t('policy.read.emptyString', { path }),
    unknownEntryKey: (path: string, key: string, known: readonly string[]) => t('policy.read.unknownEntryKey', { path, key, known: codeList(known) }),
    managedDuplicate: (path: string, name: string) => t('policy.read.managedDuplicate', { path, name: quote(name) }),
    managedUrl: (path: string, url: string, why: string) => t('policy.read.managedUrl', { path, url: quote(url), why }),
    plainHttp: (host: string) => t('policy.read.plainHttp', { host }),
    badHeader: (path: string, name: string) => t('policy.read.badHeader', { path, name: quote(name) }),
    registryUrl: (value: string, why: string) => t('policy.read.registryUrl', { value: quote(value), why }),
    problemsCut: (count: number) => tn('policy.read.problemsCut', count),

    // Reading a pattern.
    wildcardOnly: (text: string) => t('policy.pattern.wildcardOnly', { pattern: quote(text) }),
    badHostWildcard: (text: string) => t('policy.pattern.badHostWildcard', { pattern: quote(text) }),
    notAHost: (text: string) => t('policy.pattern.notAHost', { pattern: quote(text) }),
    badPort: (text: string) => t('policy.pattern.badPort', { pattern: quote(text) }),
    queryInPattern: (text: string) => t('policy.pattern.query', { pattern: quote(text) }),
    notAPattern: (text: string) => t('policy.pattern.notAPattern', { pattern: quote(text) }),
    badScheme: (text: string) => t('policy.pattern.badScheme', { pattern: quote(text) }),
    userinfoInPattern: (text: string) => t('policy.pattern.userinfo', { pattern: quote(text) }),

    // What the person is told when something is refused: the reason beside the rule.
    refusedPolicy: (first: string) => t('policy.refused.unreadable', { first }),
    accessRegistry: (registry: string) => t('policy.refused.accessRegistry', { registry }),
    featureOff: (feature: string) => t('policy.refused.featureOff', { feature }),
    otherRegistry: (registry: string) => t('policy.refused.otherRegistry', { registry }),
    authorizationServer: (issuer: string) => t('policy.refused.authorizationServer', { issuer }),
    urlHost: (host: string) => t('policy.refused.urlHost', { host }),
    managedLocked: (name: string) => t('policy.managed.locked', { name }),
  },
  {
    notHttp: () => t('policy.read.notHttp'),
    registryQuery: () => t('policy.read.registryQuery'),
    denied: () => t('policy.refused.denied'),
    notAllowed: () => t('policy.refused.notAllowed'),
    accessNone: () => t('policy.refused.accessNone'),
    managedNote: () => t('policy.managed.note'),
    managedHeaders: () => t('policy.managed.headers'),
  },
);

/** The policy in force, a line per key, as Help shows it. */
export const summaryWords = {
  access: {
    all: () => t('policy.summary.accessAll'),
    registry: () => t('policy.summary.accessRegistry'),
    none: () => t('policy.summary.accessNone'),
  },
  accessLabel: () => t('policy.summary.accessLabel'),
  registryLabel: () => t('policy.summary.registryLabel'),
  registry: (url: string | undefined) => url ?? t('policy.summary.registryUnset'),
  allowedLabel: () => t('policy.summary.allowedLabel'),
  allowed: (count: number | undefined) =>
    count === undefined ? t('policy.summary.allowedUnlimited') : count === 0 ? t('policy.summary.allowedEmpty') : tn('policy.summary.listed', count),
  deniedLabel: () => t('policy.summary.deniedLabel'),
  denied: (count: number) => (count === 0 ? t('policy.summary.none') : tn('policy.summary.listed', count)),
  managedLabel: () => t('policy.summary.managedLabel'),
  managed: (names: string[]) => (names.length === 0 ? t('policy.summary.none') : formatList(names)),
  featuresLabel: () => t('policy.summary.featuresLabel'),
  features: (off: string[]) => (off.length === 0 ? t('policy.summary.nothing') : formatList(off)),
  authorizationLabel: () => t('policy.summary.authorizationLabel'),
  authorization: (patterns: string[] | undefined) =>
    patterns === undefined
      ? t('policy.summary.authorizationAny')
      : patterns.length === 0
        ? t('policy.summary.noneAllowed')
        : t('policy.summary.authorizationOnly', { patterns: formatList(patterns) }),
  hostsLabel: () => t('policy.summary.hostsLabel'),
  hosts: (patterns: string[] | undefined) =>
    patterns === undefined ? t('policy.summary.hostsAny') : patterns.length === 0 ? t('policy.summary.none') : formatList(patterns),
  textCut: (more: number) => tn('policy.summary.textCut', more),
};

/** Help's section on the policy. */
export const helpWords = /* @__PURE__ */ withSaid(
  {},
  {
    title: () => t('policy.help.title'),
    none: () => t('policy.help.none'),
    applied: () => t('policy.help.applied'),
    refused: () => t('policy.help.refused'),
    kept: () => t('policy.help.kept'),
    text: () => t('policy.help.text'),
    where: () => t('policy.help.where'),
  },
);

/** The features an admin can turn off, as the person reads them. */
export const FEATURE_NAMES = {
  mcpApps: () => t('policy.feature.mcpApps'),
  mcpJsonImport: () => t('policy.feature.mcpJsonImport'),
  siteDiscovery: () => t('policy.feature.siteDiscovery'),
  protocolLogExport: () => t('policy.feature.protocolLogExport'),
};
