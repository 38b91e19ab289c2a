/**
 * One discovery document fetched the way a stranger's document should be: no cookies, a time
 * bound, a size bound counted as the bytes arrive (a `Content-Length` can lie or be absent), and
 * redirects followed only within the origin asked (a redirect elsewhere could lead to any host,
 * private ones included, which the caller checked the first URL against). `fetch` is injected:
 * the worker's in the extension, Node's in tests. Pure otherwise.
 */

import { t } from '../i18n';
import { readAtMost } from '../readAtMost';

/** The part of `fetch` discovery uses (the worker's, Node's, and the MCP SDK's FetchLike all fit). */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface DocumentBounds {
  fetch: Fetch;
  /** Each request's own bound. */
  timeoutMs: number;
  maxBytes: number;
  /** The whole look's bound: aborting it stops every request still running. */
  signal?: AbortSignal;
}

export type FetchedDocument = { ok: true; url: URL; value: unknown } | { ok: false; status?: number; problem: string };

const MAX_REDIRECTS = 3;

function failure(error: unknown, url: URL, bounds: DocumentBounds): FetchedDocument {
  const name = (error as Error).name;
  if (bounds.signal?.aborted) return { ok: false, problem: t('discovery.fetch.outOfTime', { url: url.href }) };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { ok: false, problem: t('discovery.fetch.noAnswer', { url: url.href, seconds: bounds.timeoutMs / 1000 }) };
  }
  return { ok: false, problem: t('discovery.fetch.unreachable', { url: url.href, error: (error as Error).message }) };
}

/** Follows at most a few redirects, each within `url`'s origin; says why it stopped otherwise. */
async function request(url: URL, accept: string, bounds: DocumentBounds): Promise<{ response: Response; url: URL } | FetchedDocument> {
  let at = url;
  for (let hop = 0; ; hop++) {
    const signals = [AbortSignal.timeout(bounds.timeoutMs), ...(bounds.signal ? [bounds.signal] : [])];
    const response = await bounds.fetch(at.href, {
      headers: { accept },
      credentials: 'omit',
      redirect: 'manual',
      signal: AbortSignal.any(signals),
    });
    // A browser hides a manual redirect's target (an opaque redirect): it cannot be checked, so it is not followed.
    if (response.type === 'opaqueredirect') {
      return { ok: false, problem: t('discovery.fetch.opaqueRedirect', { url: at.href }) };
    }
    if (response.status < 300 || response.status > 399) return { response, url: at };
    const location = response.headers.get('location');
    const next = location && URL.canParse(location, at.href) ? new URL(location, at) : undefined;
    if (!next || next.origin !== url.origin) {
      return {
        ok: false,
        problem: t('discovery.fetch.redirectsAway', { url: at.href, to: next?.origin ?? t('discovery.fetch.unreadableAddress'), origin: url.origin }),
      };
    }
    if (hop >= MAX_REDIRECTS) return { ok: false, problem: t('discovery.fetch.tooManyRedirects', { url: url.href, max: MAX_REDIRECTS }) };
    at = next;
  }
}

/** GETs `url` as JSON within `bounds`; every way it can fail comes back as a sentence. */
export async function fetchDocument(url: URL, accept: string, bounds: DocumentBounds): Promise<FetchedDocument> {
  let answered: Awaited<ReturnType<typeof request>>;
  let text: string | null;
  try {
    answered = await request(url, accept, bounds);
    if (!('response' in answered)) return answered;
    if (!answered.response.ok) {
      return {
        ok: false,
        status: answered.response.status,
        problem: t('discovery.fetch.status', { url: answered.url.href, status: String(answered.response.status) }),
      };
    }
    text = await readAtMost(answered.response, bounds.maxBytes);
  } catch (error) {
    return failure(error, url, bounds);
  }
  if (text === null) return { ok: false, problem: t('discovery.fetch.tooLarge', { url: answered.url.href, max: String(bounds.maxBytes) }) };
  try {
    return { ok: true, url: answered.url, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: t('discovery.fetch.notJson', { url: answered.url.href }) };
  }
}
