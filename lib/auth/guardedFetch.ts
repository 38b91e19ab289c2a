/**
 * The network as a sign-in meets it, bounded: every request to an authorization server (and
 * for protected resource metadata) ends within a time bound, no answer is read past a size
 * bound or parsed past a nesting bound, and an answer that cannot be a discovery document (a
 * web page a site serves for every path) counts as "not published here", so the next
 * well-known URL is tried. What was decided is left for the trace ({@link guardNote}).
 *
 * Why here: the SDK's `auth()` has no timeout (an authorization server that never answers
 * would hold the sign-in, and the server's connect, forever), reads any body whole, and stops
 * at the first 200 that is not JSON.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { readAtMost } from '../readAtMost';
import { bodyText, classify, expectsJson, isDiscovery } from './exchanges';

export const REQUEST_TIMEOUT_MS = 10_000;
/** Metadata, registrations and token answers are a few KB; this is two orders of magnitude more. */
export const MAX_ANSWER_BYTES = 256 * 1024;
/** These documents are two or three levels deep. */
export const MAX_JSON_DEPTH = 32;

export interface GuardOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxDepth?: number;
  /** The `resource_metadata` URL the server's challenge named, which may be anywhere. */
  resourceMetadataUrl?: () => string | undefined;
}

/**
 * A request the guard ended, in words for the person. Deliberately not a `TypeError`: in a
 * browser the SDK takes those for CORS refusals and quietly tries another URL.
 */
export class SignInFetchError extends Error {
  constructor(
    readonly url: string,
    message: string,
    /** The status of the answer it would not take, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SignInFetchError';
  }
}

/** What the guard made of an answer it did not pass on as it came: the status it really had, and why. */
export interface GuardNote {
  status: number;
  note: string;
}

const notes = new WeakMap<Response, GuardNote>();
export const guardNote = (response: Response): GuardNote | undefined => notes.get(response);

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);
const isRedirect = (status: number) => status >= 300 && status < 400;
/** Statuses whose answer has no body, which a `Response` cannot be made with. */
const BODILESS = new Set([101, 103, 204, 205, 304]);

/** How deep `text` nests, counting no further than `limit + 1`; strings may hold any bracket. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (char === '}' || char === ']') depth -= 1;
  }
  return deepest;
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * A browser does not show where a redirect points (`opaqueredirect`) to code that asked not
 * to follow it, as the SDK asks. Follow it once to find out: an answer on the same origin is
 * what the SDK would have followed itself (fetchWithinOrigin, as it does in Node); one
 * elsewhere, or none (a loop), is said so and left unfollowed.
 */
async function followRedirect(base: FetchLike, url: string, init: RequestInit, redirected: Response): Promise<Response> {
  let followed: Response;
  try {
    followed = await base(url, { ...init, redirect: 'follow' });
  } catch {
    notes.set(redirected, { status: 302, note: t('auth.fetch.redirectLoop') });
    return redirected;
  }
  const to = followed.url;
  if (to && URL.canParse(to) && new URL(to).origin === new URL(url).origin) return followed;
  await followed.body?.cancel().catch(() => {});
  notes.set(redirected, { status: 302, note: to ? t('auth.fetch.redirectElsewhere', { location: to }) : t('auth.fetch.redirectHidden') });
  return redirected;
}

/** `base`, bounded: see the file's comment. */
export function guardedFetch(base: FetchLike, options: GuardOptions = {}): FetchLike {
  const { timeoutMs = REQUEST_TIMEOUT_MS, maxBytes = MAX_ANSWER_BYTES, maxDepth = MAX_JSON_DEPTH } = options;
  return async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const kind = classify(url, method, bodyText(init?.body), options.resourceMetadataUrl?.());
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    const timedOut = () => deadline.aborted && !init?.signal?.aborted;
    const slow = () => new SignInFetchError(url, t('auth.fetch.slow', { host: hostOf(url), url, seconds: String(timeoutMs / 1000) }));
    try {
      let response = await base(input, { ...init, signal });
      if (response.type === 'opaqueredirect' && method === 'GET') response = await followRedirect(base, url, { ...init, signal }, response);
      if (response.status === 0 || isRedirect(response.status) || BODILESS.has(response.status) || !response.body) return response;
      const text = await readAtMost(response, maxBytes);
      if (text === null) {
        throw new SignInFetchError(url, t('auth.fetch.tooBig', { url, size: String(Math.round(maxBytes / 1024)) }), response.status);
      }
      if (/^\s*[[{]/.test(text) && jsonDepth(text, maxDepth) > maxDepth) {
        throw new SignInFetchError(url, t('auth.fetch.tooDeep', { url, depth: String(maxDepth) }), response.status);
      }
      const { status, statusText, headers } = response;
      const ok = status >= 200 && status < 300;
      if (ok && expectsJson(kind) && !parses(text)) {
        const type = headers.get('content-type')?.split(';')[0] || t('auth.fetch.noContentType');
        if (!isDiscovery(kind)) throw new SignInFetchError(url, t('auth.fetch.notJson', { url, status: String(status), type }), status);
        const passed = new Response(text, { status: 404, statusText: 'Not JSON', headers });
        notes.set(passed, { status, note: t('auth.fetch.notJsonNote', { type }) });
        return passed;
      }
      return new Response(text, { status, statusText, headers });
    } catch (error) {
      if (timedOut()) throw slow();
      throw error;
    }
  };
}
