/**
 * The managed policy as the browser hands it over (Chrome: `storage.managed`, checked against
 * public/managed-schema.json first; Firefox: policies.json → 3rdparty → Extensions → our id, not
 * checked at all), read into a `Policy`, or into every problem with it. Nothing is guessed: an
 * unknown key (a typo would otherwise loosen the policy in silence), a value of the wrong type,
 * an entry that matches nothing, each is a problem, and a policy with any problem is refused
 * whole (lib/policy/judge.ts then lets only its valid managed servers connect: fail closed).
 * What Chrome drops before the extension sees it (a value of the wrong type, a list with one
 * invalid item, an unknown key) cannot be judged here: the policy arrives without that key.
 * The schema is as loose as Chrome allows so that as little as possible is dropped, and ADMIN.md
 * tells admins to check chrome://policy, which shows Chrome's schema errors.
 *
 * The key names are the ones admins already write, where the meaning is the same:
 * - `mcpAccess` `none` | `registry` | `all`: VS Code's `chat.mcp.access`. Followed with one
 *   choice of ours: `none` still gives the servers the policy manages (Claude Code's "fixed
 *   deployment" is a managed set and nothing else; `none` with no managed servers is its
 *   "disable MCP").
 * - `registryOnly`: GitHub Copilot's "Restrict MCP access to registry servers: Registry only",
 *   the same as `mcpAccess: "registry"`; where both are set, the stricter applies, as GitHub
 *   resolves its two policy levels ("Registry only is more restrictive than Allow all").
 * - `registryUrl`: Copilot's "MCP Registry URL" (VS Code's gallery service URL): the registry
 *   people search, and the one `registry` access trusts; set, no other is searched.
 * - `allowedMcpServers` / `deniedMcpServers`: Claude Code's and Copilot's managed settings:
 *   entries of `{serverUrl}` (a pattern, lib/policy/patterns.ts) or `{serverName}` (exact);
 *   absent allows every server, `[]` allows none (Claude Code: "empty array = lockdown"); a
 *   deny always wins, managed servers included (Claude Code: the lists "also apply to managed
 *   servers"). Claude Code's `{serverCommand}` entries are accepted so that a policy can be
 *   copied across, and match nothing: a browser starts no local program.
 * - `managedMcpServers`: Claude Desktop's key: servers every person gets.
 * Pure: no I/O.
 */
import { isRecord } from '../json';
import { isLoopback } from '../urls';
import { canonicalUrl } from './canonical';
import { type HostPattern, type PatternProblem, readHostPattern, readUrlPattern, type UrlPattern } from './patterns';
import { expected, words } from './words';

export const MCP_ACCESS = ['none', 'registry', 'all'] as const;
export type McpAccess = (typeof MCP_ACCESS)[number];

/** The features an admin can turn off, each by a key `<feature>Enabled`. */
export const FEATURES = ['mcpApps', 'mcpJsonImport', 'siteDiscovery', 'protocolLogExport'] as const;
export type Feature = (typeof FEATURES)[number];

const LIST_KEYS = ['allowedMcpServers', 'deniedMcpServers'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

export const POLICY_KEYS = [
  'mcpAccess',
  'registryOnly',
  'registryUrl',
  ...LIST_KEYS,
  'managedMcpServers',
  ...FEATURES.map((feature) => `${feature}Enabled` as const),
  'allowedAuthorizationServers',
  'allowedUrlElicitationHosts',
] as const;

/** Past this, a list is not read (a policy is written by people, not generated without bound). */
export const MAX_ENTRIES = 100_000;
const MAX_PROBLEMS = 50;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** One entry of `allowedMcpServers` or `deniedMcpServers`, read. */
export interface ServerRule {
  list: ListKey;
  index: number;
  /** `allowedMcpServers[3] serverUrl "…"`: the rule as the person is shown it. */
  label: string;
  url?: UrlPattern;
  name?: string;
}

/** A server every person gets (`managedMcpServers`). */
export interface ManagedServer {
  /** Tells it apart from the others in the list: the saved server is linked to it by name. */
  name: string;
  url: string;
  /** Not secret: anyone on the machine can read a policy (chrome://policy, about:policies). */
  headers?: Record<string, string>;
  /** A client registered beforehand with its authorization server. */
  oauthClientId?: string;
}

export interface Policy {
  mcpAccess: McpAccess;
  /** The key that set `mcpAccess`, as the person is shown it. */
  accessRule: string;
  /** Canonical, without a trailing slash; unset, the official registry. */
  registryUrl?: string;
  /** Unset: no allow list (every server, but the denied). */
  allowed?: ServerRule[];
  denied: ServerRule[];
  managed: ManagedServer[];
  features: Record<Feature, boolean>;
  /** Unset: any authorization server. */
  authorizationServers?: UrlPattern[];
  /** Unset: any host lib/urls.ts lets a server send the person to. */
  urlHosts?: Array<HostPattern & { text: string }>;
}

export type PolicyReading =
  | { state: 'none' }
  | { state: 'applied'; policy: Policy }
  /** Not applied as written: `policy` is what still holds (see the file's comment), `problems` why. */
  | { state: 'refused'; policy: Policy; problems: string[] };

type Problems = string[];

function list(raw: unknown, key: string, problems: Problems): unknown[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    problems.push(words.wrongType(key, expected.list(), raw));
    return [];
  }
  if (raw.length > MAX_ENTRIES) {
    problems.push(words.tooMany(key, raw.length, MAX_ENTRIES));
    return [];
  }
  return raw;
}

function text(raw: unknown, path: string, problems: Problems): string | undefined {
  if (typeof raw !== 'string') {
    problems.push(words.wrongType(path, expected.string(), raw));
    return undefined;
  }
  if (!raw.trim()) {
    problems.push(words.emptyString(path));
    return undefined;
  }
  return raw;
}

function checkKeys(entry: Record<string, unknown>, path: string, known: readonly string[], problems: Problems): void {
  for (const key of Object.keys(entry)) if (!known.includes(key)) problems.push(words.unknownEntryKey(path, key, known));
}

const RULE_KEYS = ['serverUrl', 'serverName', 'serverCommand'] as const;

function readRule(raw: unknown, listKey: ListKey, index: number, problems: Problems): ServerRule | undefined {
  const path = `${listKey}[${index}]`;
  if (!isRecord(raw)) {
    problems.push(words.wrongType(path, expected.serverEntry(), raw));
    return undefined;
  }
  checkKeys(raw, path, RULE_KEYS, problems);
  const hasUrl = raw.serverUrl !== undefined;
  const hasName = raw.serverName !== undefined;
  if (hasUrl && hasName) return void problems.push(words.entryBoth(path));
  // Claude Code's stdio entries: read, and matching nothing a browser can reach.
  if (!hasUrl && !hasName) return raw.serverCommand === undefined ? void problems.push(words.entryNeither(path)) : undefined;
  if (hasUrl) {
    const pattern = text(raw.serverUrl, `${path}.serverUrl`, problems);
    const url = pattern === undefined ? undefined : readUrlPattern(pattern);
    if (!url) return undefined;
    if ('problem' in url) return void problems.push(`${path}.serverUrl: ${url.problem}`);
    return { list: listKey, index, label: `${path} serverUrl "${url.text}"`, url };
  }
  const name = text(raw.serverName, `${path}.serverName`, problems);
  if (name === undefined) return undefined;
  if (name.includes('*')) return void problems.push(words.nameWildcard(path, name));
  return { list: listKey, index, label: `${path} serverName "${name}"`, name };
}

function readRules(raw: unknown, key: ListKey, problems: Problems): ServerRule[] | undefined {
  const entries = list(raw, key, problems);
  return entries?.flatMap((entry, index) => readRule(entry, key, index, problems) ?? []);
}

/** Why `url` cannot be a managed server's address, or null. */
function addressProblem(url: string): string | null {
  const canonical = canonicalUrl(url);
  if (!canonical) return words.notHttp;
  if (canonical.scheme === 'http' && !isLoopback(new URL(url.trim()).hostname)) return words.plainHttp(canonical.host);
  return null;
}

function readHeaders(raw: unknown, path: string, problems: Problems): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) return void problems.push(words.wrongType(`${path}.headers`, expected.headers(), raw));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || /[\r\n]/.test(value)) problems.push(words.badHeader(`${path}.headers`, name));
    else headers[name] = value;
  }
  return headers;
}

const MANAGED_KEYS = ['name', 'url', 'headers', 'oauthClientId'] as const;

function readManaged(raw: unknown, problems: Problems): ManagedServer[] {
  const servers: ManagedServer[] = [];
  const names = new Set<string>();
  for (const [index, entry] of (list(raw, 'managedMcpServers', problems) ?? []).entries()) {
    const path = `managedMcpServers[${index}]`;
    if (!isRecord(entry)) {
      problems.push(words.wrongType(path, expected.managedEntry(), entry));
      continue;
    }
    const own: Problems = [];
    checkKeys(entry, path, MANAGED_KEYS, own);
    const name = text(entry.name, `${path}.name`, own)?.trim();
    const url = text(entry.url, `${path}.url`, own)?.trim();
    const why = url === undefined ? null : addressProblem(url);
    if (url !== undefined && why) own.push(words.managedUrl(path, url, why));
    if (name !== undefined && names.has(name)) own.push(words.managedDuplicate(path, name));
    const headers = readHeaders(entry.headers, path, own);
    const clientId = entry.oauthClientId === undefined ? undefined : text(entry.oauthClientId, `${path}.oauthClientId`, own)?.trim();
    problems.push(...own);
    if (own.length > 0 || name === undefined || url === undefined) continue;
    names.add(name);
    servers.push({
      name,
      url: canonicalUrl(url)!.href,
      ...(headers && Object.keys(headers).length > 0 && { headers }),
      ...(clientId && { oauthClientId: clientId }),
    });
  }
  return servers;
}

function readPatterns<T extends object>(raw: unknown, key: string, read: (text: string) => T | PatternProblem, problems: Problems): T[] | undefined {
  const entries = list(raw, key, problems);
  return entries?.flatMap((entry, index) => {
    const written = text(entry, `${key}[${index}]`, problems);
    const pattern = written === undefined ? undefined : read(written.trim());
    if (pattern && 'problem' in pattern) problems.push(`${key}[${index}]: ${pattern.problem}`);
    return pattern && !('problem' in pattern) ? [pattern] : [];
  });
}

function readRegistryUrl(raw: unknown, problems: Problems): string | undefined {
  if (raw === undefined) return undefined;
  const value = text(raw, 'registryUrl', problems)?.trim();
  if (value === undefined) return undefined;
  const why = addressProblem(value) ?? (/[?#]/.test(value) ? words.registryQuery : null);
  if (why) return void problems.push(words.registryUrl(value, why));
  return canonicalUrl(value)!.href.replace(/\/+$/, '');
}

function readBoolean(raw: unknown, key: string, problems: Problems): boolean | undefined {
  if (raw === undefined || typeof raw === 'boolean') return raw;
  problems.push(words.wrongType(key, expected.trueOrFalse(), raw));
  return undefined;
}

function readAccess(raw: Record<string, unknown>, problems: Problems): Pick<Policy, 'mcpAccess' | 'accessRule'> {
  let mcpAccess: McpAccess = 'all';
  if (raw.mcpAccess !== undefined) {
    if (typeof raw.mcpAccess !== 'string') problems.push(words.wrongType('mcpAccess', expected.string(), raw.mcpAccess));
    else if ((MCP_ACCESS as readonly string[]).includes(raw.mcpAccess)) mcpAccess = raw.mcpAccess as McpAccess;
    else problems.push(words.notOneOf('mcpAccess', raw.mcpAccess, MCP_ACCESS));
  }
  const registryOnly = readBoolean(raw.registryOnly, 'registryOnly', problems);
  if (registryOnly && mcpAccess === 'all') return { mcpAccess: 'registry', accessRule: 'registryOnly true' };
  return { mcpAccess, accessRule: `mcpAccess "${mcpAccess}"` };
}

/** Reads what the browser holds for the extension; an empty object is no policy. */
export function readPolicy(raw: unknown): PolicyReading {
  if (isRecord(raw) && Object.keys(raw).length === 0) return { state: 'none' };
  const problems: Problems = [];
  if (!isRecord(raw)) {
    problems.push(words.notAnObject(raw));
    return refused({ mcpAccess: 'none', accessRule: '', denied: [], managed: [], features: closedFeatures() }, problems);
  }
  for (const key of Object.keys(raw)) if (!(POLICY_KEYS as readonly string[]).includes(key)) problems.push(words.unknownKey(key, POLICY_KEYS));
  const features = Object.fromEntries(
    FEATURES.map((feature) => [feature, readBoolean(raw[`${feature}Enabled`], `${feature}Enabled`, problems) ?? true]),
  ) as Record<Feature, boolean>;
  const policy: Policy = {
    ...readAccess(raw, problems),
    registryUrl: readRegistryUrl(raw.registryUrl, problems),
    allowed: readRules(raw.allowedMcpServers, 'allowedMcpServers', problems),
    denied: readRules(raw.deniedMcpServers, 'deniedMcpServers', problems) ?? [],
    managed: readManaged(raw.managedMcpServers, problems),
    features,
    authorizationServers: readPatterns(raw.allowedAuthorizationServers, 'allowedAuthorizationServers', readUrlPattern, problems),
    urlHosts: readPatterns(
      raw.allowedUrlElicitationHosts,
      'allowedUrlElicitationHosts',
      (host) => {
        const pattern = readHostPattern(host, false);
        return 'problem' in pattern ? pattern : { ...pattern, text: host };
      },
      problems,
    ),
  };
  return problems.length === 0 ? { state: 'applied', policy } : refused(policy, problems);
}

const closedFeatures = () => Object.fromEntries(FEATURES.map((feature) => [feature, false])) as Record<Feature, boolean>;

/**
 * What holds of a policy that could not be read whole: its valid managed servers and denials,
 * and nothing else it would allow: no other server, no feature. Its lists of authorization
 * servers and URL hosts hold as far as they could be read (a list that is not one allows
 * nothing): only managed servers connect, and they still sign in and send people where it says.
 */
function refused(policy: Policy, problems: Problems): PolicyReading {
  const shown = problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), words.problemsCut(problems.length - MAX_PROBLEMS)] : problems;
  return { state: 'refused', problems: shown, policy: { ...policy, mcpAccess: 'none', allowed: [], features: closedFeatures() } };
}
