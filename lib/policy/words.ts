/**
 * Every word the policy says, to the person and to their admin, in one place (with refusal.ts,
 * how a refusal is said): issue 41 moves the product's strings into a message catalog, and these
 * go together.
 */

const quote = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${(text ?? String(value)).slice(0, 200)}"`;
};

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

export const words = {
  // Reading the policy: what is wrong with it, by key, for the admin.
  notAnObject: (value: unknown) => `The policy is ${typeOf(value)}, not an object of keys.`,
  unknownKey: (key: string, known: readonly string[]) => `"${key}" is not a key toolnexus knows (a typo?). Known keys: ${known.join(', ')}.`,
  wrongType: (key: string, expected: string, value: unknown) => `${key} must be ${expected}; it is ${typeOf(value)} (${quote(value)}).`,
  notOneOf: (key: string, value: unknown, allowed: readonly string[]) =>
    `${key} is ${quote(value)}; it must be one of ${allowed.map((word) => `"${word}"`).join(', ')}.`,
  tooMany: (key: string, count: number, max: number) =>
    `${key} has ${count.toLocaleString('en')} entries; at most ${max.toLocaleString('en')} are read.`,
  entryNeither: (path: string) => `${path} names neither a serverUrl nor a serverName.`,
  entryBoth: (path: string) => `${path} names both a serverUrl and a serverName; write one per entry.`,
  nameWildcard: (path: string, name: string) =>
    `${path}: serverName ${quote(name)} has a "*", but names are matched exactly; match addresses with serverUrl instead.`,
  emptyString: (path: string) => `${path} is empty.`,
  unknownEntryKey: (path: string, key: string, known: readonly string[]) => `${path} has "${key}", which is none of ${known.join(', ')}.`,
  managedDuplicate: (path: string, name: string) => `${path}: another managed server is already named ${quote(name)}; names tell them apart.`,
  managedUrl: (path: string, url: string, why: string) => `${path}: ${quote(url)} cannot be a server's address: ${why}`,
  notHttp: 'it is not an http: or https: address.',
  plainHttp: (host: string) => `it is plain http: to ${host}, another computer; only https: is allowed off this one.`,
  badHeader: (path: string, name: string) => `${path}: ${quote(name)} is not a header name, or its value is not one line of text.`,
  registryUrl: (value: string, why: string) => `registryUrl ${quote(value)} cannot be a registry's address: ${why}`,
  registryQuery: 'it carries a ?query or #fragment.',
  problemsCut: (count: number) => `…and ${count.toLocaleString('en')} more problems.`,

  // Reading a pattern.
  wildcardOnly: (text: string) =>
    `${quote(text)} is only a wildcard. To match every server leave the list out; to mean every address on purpose, write "*://*".`,
  badHostWildcard: (text: string) => `${quote(text)}: a "*" in a host stands for whole labels only, as in "*.example.com".`,
  notAHost: (text: string) => `${quote(text)} is not a host name.`,
  badPort: (text: string) => `${quote(text)}: the port must be a number from 1 to 65535, or "*".`,
  queryInPattern: (text: string) => `${quote(text)}: a pattern names no ?query or #fragment (they are not matched).`,
  notAPattern: (text: string) => `${quote(text)} is not an address pattern like "https://mcp.example.com/*".`,
  badScheme: (text: string) => `${quote(text)}: servers are reached over http: or https: (or "*" for both).`,
  userinfoInPattern: (text: string) => `${quote(text)} has a user name in it; a pattern names where requests go, nothing else.`,

  // What the person is told when something is refused: the reason beside the rule.
  refusedPolicy: (first: string) =>
    `Your organisation's policy could not be applied (${first}), so only the servers it manages may connect, until it is fixed.`,
  denied: 'Your organisation blocks this server.',
  notAllowed: 'Your organisation allows only the servers it lists, and this one is not among them.',
  accessNone: 'Your organisation allows no MCP servers but the ones it manages.',
  accessRegistry: (registry: string) => `Your organisation allows only servers from its registry (${registry}): add it from a search there.`,
  featureOff: (feature: string) => `Your organisation has turned off ${feature}.`,
  otherRegistry: (registry: string) => `Your organisation's registry is ${registry}; other registries cannot be searched.`,
  authorizationServer: (issuer: string) => `Your organisation does not allow signing in at ${issuer}.`,
  urlHost: (host: string) => `Your organisation does not allow servers to send you to ${host}.`,
  managedLocked: (name: string) =>
    `${name} is managed by your organisation: it cannot be removed, and its address, name and organisation's headers cannot be changed.`,
  managedNote:
    'Your organisation gives you this server: it cannot be removed, and its address, name and the headers and client id your organisation sets cannot be changed. Your own headers and client secret stay yours.',
  managedHeaders: 'Headers your organisation sets',
};

/** The policy in force, a line per key, as Help shows it. */
export const summaryWords = {
  access: { all: 'any server', registry: 'only servers from its registry', none: 'only the servers it manages' } as const,
  accessLabel: 'Which servers',
  registryLabel: 'Registry',
  registry: (url: string | undefined) => url ?? 'not set (the official MCP Registry, and any other you search)',
  allowedLabel: 'Allowed servers',
  allowed: (count: number | undefined) =>
    count === undefined ? 'not limited by a list' : count === 0 ? 'none (an empty list)' : `${count.toLocaleString('en')} listed`,
  deniedLabel: 'Blocked servers',
  denied: (count: number) => (count === 0 ? 'none' : `${count.toLocaleString('en')} listed`),
  managedLabel: 'Servers it gives you',
  managed: (names: string[]) => (names.length === 0 ? 'none' : names.join(', ')),
  featuresLabel: 'Turned off',
  features: (off: string[]) => (off.length === 0 ? 'nothing' : off.join('; ')),
  authorizationLabel: 'Sign-ins',
  authorization: (patterns: string[] | undefined) =>
    patterns === undefined ? 'at any authorization server' : patterns.length === 0 ? 'none allowed' : `only at ${patterns.join(', ')}`,
  hostsLabel: 'Pages servers may send you to',
  hosts: (patterns: string[] | undefined) =>
    patterns === undefined ? 'any (that toolnexus considers safe)' : patterns.length === 0 ? 'none' : patterns.join(', '),
  textCut: (more: number) => `…and ${more.toLocaleString('en')} more characters: see chrome://policy or about:policies for all of it.`,
};

/** Help's section on the policy. */
export const helpWords = {
  title: "Your organisation's policy",
  none: 'Your organisation sets no policy for toolnexus here: you choose your servers and what you use.',
  applied: 'Your organisation manages toolnexus in this browser. What it sets:',
  refused:
    'Your organisation set a policy toolnexus could not apply as written, so only the servers it manages may connect and the features it could turn off are off, until it is fixed. What is wrong with it (tell your admin):',
  kept: 'In force from the last policy toolnexus saw, while the browser is asked for it again.',
  text: 'The policy as the browser handed it over',
  where: 'Your admin sets it (ADMIN.md); chrome://policy or about:policies shows what the browser loaded.',
};

/** The features an admin can turn off, as the person reads them. */
export const FEATURE_NAMES = {
  mcpApps: 'MCP Apps (interfaces servers show in the panel)',
  mcpJsonImport: 'importing mcp.json files',
  siteDiscovery: "looking for MCP servers on the current tab's site",
  protocolLogExport: 'saving protocol logs and sign-in traces as files',
} as const;
