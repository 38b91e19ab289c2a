/**
 * Which step of a sign-in an HTTP request to an authorization or resource server belongs to,
 * read from the request alone (the SDK's `auth()` makes them; it says nothing else). Pure.
 */
import type { TraceStepKind } from './trace';

/** A request body as text: the SDK sends forms as `URLSearchParams` and registrations as JSON strings. */
export function bodyText(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return undefined;
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const PROTECTED_RESOURCE = '/.well-known/oauth-protected-resource';
const AUTHORIZATION_SERVER = /\/\.well-known\/(oauth-authorization-server|openid-configuration)(\/|$)/;

/**
 * GETs of well-known documents are discovery (a `resource_metadata` URL named by the server's
 * challenge may be anywhere); POSTs are told apart by what they carry: client metadata with
 * `redirect_uris` is a registration (RFC 7591), a `grant_type` a token request (RFC 6749), a
 * bare `token` a revocation (RFC 7009).
 */
export function classify(url: string, method: string, body: string | undefined, resourceMetadataUrl?: string): TraceStepKind {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return 'other';
  if (method === 'GET') {
    if (parsed.pathname.startsWith(PROTECTED_RESOURCE) || url === resourceMetadataUrl) return 'resource-metadata';
    if (AUTHORIZATION_SERVER.test(parsed.pathname)) return 'authorization-server-metadata';
    return 'other';
  }
  if (method !== 'POST' || body === undefined) return 'other';
  const json = jsonObject(body);
  if (json) return 'redirect_uris' in json ? 'client' : 'other';
  const form = new URLSearchParams(body);
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') return 'token';
  if (grant === 'refresh_token') return 'refresh';
  if (!grant && form.has('token')) return 'revocation';
  return 'other';
}

/** Whether an answer of this kind has to be JSON to mean anything. */
export const expectsJson = (kind: TraceStepKind) =>
  kind === 'resource-metadata' || kind === 'authorization-server-metadata' || kind === 'client' || kind === 'token' || kind === 'refresh';

/** Discovery documents: an answer that is not one means "not published here", and the next URL is tried. */
export const isDiscovery = (kind: TraceStepKind) => kind === 'resource-metadata' || kind === 'authorization-server-metadata';
