/**
 * One way to write a server's address, so that a policy matches what the server is and not how
 * someone typed it: the scheme and host lower-cased, an international name in its punycode
 * (`xn--`) form, percent-encoded host letters decoded, trailing dots dropped (`example.com.` is
 * `example.com`), the scheme's default port dropped, the user name and password dropped (they
 * say who signs in, not where the request goes), the path's dot segments resolved and its
 * percent-encoding written one way (RFC 3986 §6.2.2: unreserved characters decoded, the other
 * escapes in upper case). The query and fragment are left out: a policy names endpoints.
 *
 * WHATWG URL parsing (the browser's own, and Node's) does the host's part; this adds what it
 * leaves: the trailing dot, userinfo, and the path's escapes.
 */

export interface CanonicalUrl {
  scheme: 'http' | 'https';
  /** Lower case, punycode, no trailing dot; an IPv6 address in brackets. */
  host: string;
  /** The port the request goes to (the scheme's default when none is written). */
  port: number;
  /** Starts with `/`; escapes written one way. */
  path: string;
  /** `scheme://host[:port]path`, the port only when it is not the scheme's default. */
  href: string;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent escapes written one way: unreserved characters decoded, the rest upper-cased (RFC 3986 §6.2.2.1–2). */
export function normalizeEscapes(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (_whole, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** A host as it is compared: the URL parser's, without trailing dots. */
export const withoutTrailingDots = (host: string): string => (host.endsWith('.') ? host.replace(/\.+$/, '') : host);

/** The canonical form of `input`, or `null` when it is not an http: or https: URL with a host. */
export function canonicalUrl(input: string): CanonicalUrl | null {
  const text = input.trim();
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== 'http' && scheme !== 'https') return null;
  const host = withoutTrailingDots(url.hostname);
  if (!host) return null;
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[scheme];
  const path = normalizeEscapes(url.pathname || '/');
  const shownPort = port === DEFAULT_PORTS[scheme] ? '' : `:${port}`;
  return { scheme, host, port, path, href: `${scheme}://${host}${shownPort}${path}` };
}

/**
 * A host the URL parser would give back as it is: lower-case letters, digits and hyphens, its
 * last label starting with a letter (one that starts with a digit may be read as an IPv4
 * number), no punycode to check. Most of a policy's hosts: 10,000 of them are read without
 * parsing a URL each (bench/policy.ts).
 */
const PLAIN_HOST = /^(?:[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*\.*$/;

/** The canonical form of a host name alone (`Docs.Example.COM.` → `docs.example.com`), or `null`. */
export function canonicalHost(input: string): string | null {
  const text = input.trim();
  if (PLAIN_HOST.test(text) && !text.includes('xn--')) return withoutTrailingDots(text);
  if (!text || /[/?#@\s]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(`http://${text}/`);
  } catch {
    return null;
  }
  return url.port ? null : withoutTrailingDots(url.hostname) || null;
}

export const defaultPort = (scheme: 'http' | 'https'): number => DEFAULT_PORTS[scheme];
