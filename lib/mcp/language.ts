/**
 * The person's language (SEP-2792, "Per-Request User Language Preference", as written in
 * modelcontextprotocol/modelcontextprotocol `seps/2792-i18n-language-negotiation.md` at commit
 * ce12e646, 2026-08-15). The client side is settled there and needs no negotiation: a client that
 * knows the person's preference SHOULD put it in `params._meta["io.modelcontextprotocol/acceptLanguage"]`
 * on every request, with `Accept-Language` syntax, and over Streamable HTTP MUST send one
 * `Accept-Language` field line whose value equals it character for character (a server rejects a
 * mismatch with 400 / -32020). The browser sets an `Accept-Language` of its own on every fetch,
 * formatted its own way, so the header is always set here to the very string in `_meta`.
 *
 * The preference is read at each request (the person may change their languages at any time); the
 * browser's list comes in from entrypoints/, lib/ reads no browser global.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { rpcMessage } from './jsonRpc';

export const ACCEPT_LANGUAGE = 'io.modelcontextprotocol/acceptLanguage';
/** A list this long says all a server can use; more only lengthens every request. */
const MAX_LANGUAGES = 10;
const TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

/**
 * The browser's preferred languages (`navigator.languages`, most preferred first) as an
 * `Accept-Language` value, weighted as browsers send it: `fr-CA,fr;q=0.9,en;q=0.8`. Anything
 * that is not a language tag is dropped; nothing usable, nothing to send.
 */
export function acceptLanguageOf(languages: readonly string[]): string | undefined {
  const tags = [...new Set(languages.filter((tag) => TAG.test(tag)))].slice(0, MAX_LANGUAGES);
  if (tags.length === 0) return undefined;
  return tags.map((tag, index) => (index === 0 ? tag : `${tag};q=${((10 - index) / 10).toFixed(1)}`)).join(',');
}

type Message = { params?: Record<string, unknown> & { _meta?: Record<string, unknown> } };

/** Adds the preference to each JSON-RPC request in a body (one message or a batch); other bodies pass unchanged. */
function withPreference(body: string, value: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const messages = (Array.isArray(parsed) ? parsed : [parsed]) as Message[];
  const requests = messages.filter((message) => rpcMessage(message)?.kind === 'request');
  if (requests.length === 0) return undefined;
  for (const request of requests) {
    request.params = { ...request.params, _meta: { ...request.params?._meta, [ACCEPT_LANGUAGE]: value } };
  }
  return JSON.stringify(parsed);
}

/**
 * A fetch that tells the server the person's language on every request it carries: the `_meta`
 * field and its exact `Accept-Language` mirror. Responses, notifications and GET streams carry no
 * preference (a bare header creates none, per the SEP), so only their header is set, to the same
 * value the browser would otherwise send in its own spelling.
 */
export function speakingLanguage(next: FetchLike, preference: () => string | undefined): FetchLike {
  return (url, init) => {
    const value = preference();
    if (!value) return next(url, init);
    const headers = new Headers(init?.headers);
    headers.set('Accept-Language', value);
    const body = typeof init?.body === 'string' ? (withPreference(init.body, value) ?? init.body) : init?.body;
    return next(url, { ...init, headers, body });
  };
}
