/**
 * The address patterns a policy writes (`serverUrl`, `allowedAuthorizationServers`,
 * `allowedUrlElicitationHosts`), read into parts that are matched one by one: scheme, host,
 * port, path. The syntax is Claude Code's and Copilot's `serverUrl` (`https://*.example.com/*`,
 * `http://localhost:*`, `*://…`), with one difference on purpose: there a `*` matches any
 * characters, so `https://*.example.com/*` also matches `https://evil.test/.example.com/`. Here
 * a `*` in the host stands for whole labels only (`*.example.com`, or `*` for any host) and the
 * host and path are matched apart, so no wildcard ever reaches from the host into the path.
 *
 * - scheme: `http`, `https`, or `*` for both;
 * - host: a name or address (compared in canonical form, lib/policy/canonical.ts), `*.` and a
 *   domain (its subdomains, not the domain itself), or `*` alone (any host);
 * - port: absent for the scheme's default, a number, or `*` for any;
 * - path: absent for any path; else matched whole, `*` standing for any characters (slashes too).
 *
 * Pure: no I/O.
 */
import { canonicalHost, type CanonicalUrl, defaultPort, normalizeEscapes } from './canonical';
import { words } from './words';

export type HostPattern = { kind: 'any' } | { kind: 'exact'; host: string } | { kind: 'subdomains'; domain: string };

export interface UrlPattern {
  /** As the policy wrote it, for the rule the person is shown. */
  text: string;
  schemes: ReadonlyArray<'http' | 'https'>;
  host: HostPattern;
  /** `default`: the scheme's own; `any`: `:*`. */
  port: number | 'default' | 'any';
  /** `null`: any path. */
  path: RegExp | null;
}

/** A pattern that could not be read: why, in words an admin can act on. */
export interface PatternProblem {
  problem: string;
}

const STAR = '\u{E000}';
const STAR_ESCAPED = '%EE%80%80';
const PATTERN = /^([A-Za-z*][A-Za-z0-9+.*-]*):\/\/([^/?#]*)(\/[^?#]*)?$/;

/** Reads a host pattern: `*`, `*.domain`, or a host; the policy's words say what is wrong with it. */
export function readHostPattern(text: string, allowAny: boolean): HostPattern | PatternProblem {
  if (text === '*') return allowAny ? { kind: 'any' } : { problem: words.wildcardOnly(text) };
  if (text.startsWith('*.')) {
    const domain = canonicalHost(text.slice(2));
    if (!domain || domain.includes('*')) return { problem: words.badHostWildcard(text) };
    return { kind: 'subdomains', domain };
  }
  if (text.includes('*')) return { problem: words.badHostWildcard(text) };
  const host = canonicalHost(text);
  return host ? { kind: 'exact', host } : { problem: words.notAHost(text) };
}

/** The authority's host and port, an IPv6 address in brackets kept whole. */
function splitAuthority(authority: string): { host: string; port: string | undefined } {
  const bracketed = authority.match(/^(\[[^\]]*\])(?::(.*))?$/);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] };
  const colon = authority.lastIndexOf(':');
  return colon < 0 ? { host: authority, port: undefined } : { host: authority.slice(0, colon), port: authority.slice(colon + 1) };
}

function readPort(text: string | undefined, pattern: string): UrlPattern['port'] | PatternProblem {
  if (text === undefined) return 'default';
  if (text === '*') return 'any';
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  return port >= 1 && port <= 65_535 ? port : { problem: words.badPort(pattern) };
}

/** A path the URL parser gives back as it is: RFC 3986 path characters, no escape, no dot segment. */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]*)*$/;
/** Matchers by the path as read: a policy repeats its paths (`/mcp/*`) many times. */
const matchers = new Map<string, RegExp | null>();

/** The path as a whole-path matcher: the same escapes as canonical URLs, each `*` any characters; `null` for any path. */
function readPath(path: string): RegExp | null {
  const known = matchers.get(path);
  if (known !== undefined) return known;
  // The URL parser resolves dot segments; a private-use character stands in for `*` meanwhile,
  // so that an escape the policy wrote (`%2A`) stays a literal character.
  const resolved = PLAIN_PATH.test(path) ? path : new URL(path.replace(/\*/g, STAR), 'http://x').pathname.replaceAll(STAR_ESCAPED, '*');
  const source = normalizeEscapes(resolved)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const matcher = source === '/.*' ? null : new RegExp(`^${source}$`);
  if (matchers.size < 10_000) matchers.set(path, matcher);
  return matcher;
}

/** Reads one URL pattern. */
export function readUrlPattern(text: string): UrlPattern | PatternProblem {
  const trimmed = text.trim();
  if (/^\*+$/.test(trimmed)) return { problem: words.wildcardOnly(text) };
  if (/[?#]/.test(trimmed)) return { problem: words.queryInPattern(text) };
  const parts = trimmed.match(PATTERN);
  if (!parts) return { problem: words.notAPattern(text) };
  const [, scheme = '', authority = '', path] = parts;
  const lower = scheme.toLowerCase();
  if (lower !== '*' && lower !== 'http' && lower !== 'https') return { problem: words.badScheme(text) };
  if (authority.includes('@')) return { problem: words.userinfoInPattern(text) };
  const split = splitAuthority(authority);
  const host = readHostPattern(split.host, true);
  if ('problem' in host) return { problem: `${host.problem}` };
  const port = readPort(split.port, text);
  if (typeof port === 'object') return port;
  const schemes = lower === '*' ? (['http', 'https'] as const) : ([lower] as const);
  // `https://host:443/` is `https://host/`: the default port written out is the default port.
  const written = typeof port === 'number' && schemes.length === 1 && port === defaultPort(schemes[0]!) ? 'default' : port;
  return { text, schemes, host, port: written, path: path === undefined ? null : readPath(path) };
}

/** Whether a canonical host is one `pattern` names. */
export function hostMatches(pattern: HostPattern, host: string): boolean {
  switch (pattern.kind) {
    case 'any':
      return true;
    case 'exact':
      return pattern.host === host;
    case 'subdomains':
      return host.endsWith(`.${pattern.domain}`);
  }
}

/** Whether `url` (canonical) is one `pattern` names. */
export function urlMatches(pattern: UrlPattern, url: CanonicalUrl): boolean {
  if (!pattern.schemes.includes(url.scheme)) return false;
  if (!hostMatches(pattern.host, url.host)) return false;
  if (pattern.port === 'default' ? url.port !== defaultPort(url.scheme) : pattern.port !== 'any' && pattern.port !== url.port) return false;
  return pattern.path === null || pattern.path.test(url.path);
}
