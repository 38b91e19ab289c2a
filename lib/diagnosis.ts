/**
 * Why a server could not be connected, in words, with what to do about it: the server card
 * shows this instead of the SDK's message alone (which is kept, in brackets, as the evidence).
 * Read from what the failure carries: the HTTP status and body, the content type, the
 * JSON-RPC error. A browser's `fetch` does not say whether a host was refused, not found or
 * failed TLS, so those share one sentence.
 */
import { SdkError, SdkHttpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import { errorMessage } from './errorMessage';
import { isolated, isolatedUrl, t } from './i18n';

/** The protocol versions toolnexus speaks (the SDK's, and the 2026-07-28 era), for a server that refuses them all. */
const SPOKEN = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS].join(', ');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Every message and response text along the error's cause chain, lower-cased, for matching. */
function evidence(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (current instanceof Error) parts.push(current.message);
    if (isRecord(current) && isRecord(current.data)) parts.push(JSON.stringify(current.data));
    current = isRecord(current) ? current.cause : undefined;
  }
  return parts.join(' ').toLowerCase();
}

function httpStatus(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 5; depth += 1) {
    if (current instanceof SdkHttpError) return current.status;
    current = isRecord(current) ? current.cause : undefined;
  }
  return undefined;
}

/** What went wrong connecting to `url`, and what to do; `undefined` when the evidence names no known cause. */
export function diagnosis(error: unknown, url: string): string | undefined {
  const { pathname, origin } = new URL(url);
  const host = isolatedUrl(new URL(url).host);
  const seen = evidence(error);
  const status = httpStatus(error);
  if (status === 404) {
    const path = isolatedUrl(pathname);
    return pathname.replace(/\/$/, '') === '/mcp'
      ? t('diagnosis.notFoundAtMcp', { path, host })
      : t('diagnosis.notFound', { path, host, url: isolatedUrl(`${origin}/mcp`) });
  }
  if (status === 401) return t('diagnosis.unauthorized', { host });
  if (status === 403 && /\borigin\b/.test(seen)) return t('diagnosis.badOrigin', { host });
  if (status === 403) return t('diagnosis.forbidden', { host });
  if (/unsupported protocol version|protocol version .*not supported|unsupportedprotocolversion/.test(seen)) {
    const supported = seen.match(/"supported":\[([^\]]*)\]/)?.[1]?.replace(/"/g, '');
    return supported
      ? t('diagnosis.versionsOnly', { host, theirs: supported.split(',').join(', '), ours: SPOKEN })
      : t('diagnosis.versionsNone', { host, ours: SPOKEN });
  }
  if (status === 405) return t('diagnosis.methodNotAllowed', { host, path: isolatedUrl(pathname) });
  if (/content type: text\/html|"contenttype":"text\/html"/.test(seen)) return t('diagnosis.webPage', { host });
  if (/unexpected content type/.test(seen)) return t('diagnosis.notMcpType', { host });
  if (status !== undefined && status >= 500) return t('diagnosis.serverFailed', { host, status: String(status) });
  if (/fetch failed|failed to fetch|networkerror|econnrefused|enotfound|certificate/.test(seen)) return t('diagnosis.unreachable', { host });
  if (error instanceof SdkError && /invalid input|unrecognized keys|invalid json-rpc/.test(seen)) return t('diagnosis.notJsonRpc', { host });
  return undefined;
}

/** The card's words for a failed connect: the diagnosis, with the failure's own words as evidence. */
export function connectionError(error: unknown, url: string): string {
  const own = errorMessage(error);
  const words = diagnosis(error, url);
  return words ? t('diagnosis.withEvidence', { advice: words, evidence: isolated(own.length > 300 ? `${own.slice(0, 300)}…` : own) }) : own;
}
