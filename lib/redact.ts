/**
 * What the protocol log must never hold: credentials. Headers, JSON and form bodies are
 * redacted by name (Authorization, cookies, anything named token, secret, password, key,
 * verifier, an OAuth `code`…) and any string that carries a bearer token, before anything is
 * stored or shown; the value is replaced, the key kept, so the shape still reads.
 */
import { t } from './i18n';

export const REDACTED = '[redacted]';

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|dpop)$|token|secret|password|api[-_]?key|x-auth/i;
const SECRET_KEY = /token|secret|password|passwd|verifier|api[-_]?key|authorization|cookie|assertion|credential/i;
/** In a form or a URL, an OAuth authorization `code` is a credential too (in JSON, `code` is a JSON-RPC error's number). */
const SECRET_FIELD = new RegExp(`${SECRET_KEY.source}|^code$`, 'i');
/** Names that match but carry nothing secret, and that a person debugging needs to see. */
const NOT_SECRET = new Set(['progressToken', 'authorization_servers', 'require_pushed_authorization_requests']);
/**
 * OAuth metadata names that say where or how a credential travels, never one itself
 * (`token_endpoint`, `token_endpoint_auth_methods_supported`, `token_type`,
 * `client_secret_expires_at`): a sign-in trace is unreadable without them. (`id_token_hint`
 * carries a token, so `_hint` is not among them.)
 */
const NAMES_A_CREDENTIAL = /(_endpoint|_supported|_methods?|_alg|_type|_expires_at)$/i;
const isSecretField = (key: string) => SECRET_FIELD.test(key) && !NAMES_A_CREDENTIAL.test(key);
const isSecretKey = (key: string) => SECRET_KEY.test(key) && !NOT_SECRET.has(key) && !NAMES_A_CREDENTIAL.test(key);
/**
 * A credential after its scheme (RFC 7235 token68), not an auth-param (`name="…"` or
 * `name=value`, as in `Bearer resource_metadata="…"`): a challenge names what to send, and
 * stays readable. Eight characters at least: no credential is shorter, and prose that names
 * the scheme ("only supports jwt-bearer grant", "a Bearer token") stays as written.
 */
const BEARER = /\b(bearer|basic|dpop)\s+(?![\w\-.~+/]+=["\w])[\w\-.~+/]{8,}=*/gi;

export function redactHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    kept[name.toLowerCase()] = SECRET_HEADER.test(name) ? REDACTED : value.replace(BEARER, `$1 ${REDACTED}`);
  }
  return kept;
}

/** A JSON value with every secret-named member's value, and any bearer token in a string, replaced. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(BEARER, `$1 ${REDACTED}`);
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? REDACTED : redactJson(item, depth + 1)]));
}

/** A URL with secret-named query parameters replaced (an OAuth redirect's `code`, a `?token=`). */
export function redactUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  for (const key of [...parsed.searchParams.keys()]) if (isSecretField(key)) parsed.searchParams.set(key, REDACTED);
  return parsed.href;
}

/** A request body: JSON redacted member by member, a form redacted field by field, anything else named only by size. */
export function redactBody(body: string, contentType: string | null): unknown {
  try {
    return redactJson(JSON.parse(body));
  } catch {
    if (contentType?.includes('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(body);
      for (const key of [...form.keys()]) if (isSecretField(key)) form.set(key, REDACTED);
      return form.toString();
    }
    return t('bounds.bodyNotJson', { length: String(body.length) });
  }
}
