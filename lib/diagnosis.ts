/**
 * Why a server could not be connected, in words, with what to do about it: the server card
 * shows this instead of the SDK's message alone (which is kept, in brackets, as the evidence).
 * Read from what the failure carries: the HTTP status and body, the content type, the
 * JSON-RPC error. A browser's `fetch` does not say whether a host was refused, not found or
 * failed TLS, so those share one sentence.
 */
import { SdkError, SdkHttpError, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/client';
import { errorMessage } from './errorMessage';

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
  const { host, pathname, origin } = new URL(url);
  const seen = evidence(error);
  const status = httpStatus(error);
  if (status === 404) {
    return pathname.replace(/\/$/, '') === '/mcp'
      ? `Nothing answers at ${pathname} on ${host} (404 Not Found). Check the server's documentation for its MCP URL.`
      : `Nothing answers at ${pathname} on ${host} (404 Not Found). MCP servers usually live at /mcp: try ${origin}/mcp.`;
  }
  if (status === 401) {
    return `${host} requires signing in (401 Unauthorized) but publishes no sign-in toolnexus can use (no OAuth metadata). If its owner gave you a token or API key, add it as a header: Edit → Name, headers and sign-in, e.g. "Authorization: Bearer <token>".`;
  }
  if (status === 403 && /\borigin\b/.test(seen)) {
    return `${host} refused this browser's requests for their origin (403 Invalid Origin), even with the extension's Origin header removed. Its owner must allow clients that send no Origin, as desktop MCP clients do.`;
  }
  if (status === 403)
    return `${host} refused access (403 Forbidden). The token or key you gave may be wrong or lack a permission; check Edit → Name, headers and sign-in.`;
  if (/unsupported protocol version|protocol version .*not supported|unsupportedprotocolversion/.test(seen)) {
    const supported = seen.match(/"supported":\[([^\]]*)\]/)?.[1]?.replace(/"/g, '');
    return `${host} speaks ${supported ? `only MCP ${supported.split(',').join(', ')}` : 'no MCP version toolnexus speaks'}; toolnexus speaks ${SPOKEN}. The server needs updating.`;
  }
  if (status === 405) {
    return `${host} does not take MCP requests at ${pathname} (405 Method Not Allowed), over Streamable HTTP or the old HTTP+SSE transport. Check the server's MCP URL.`;
  }
  if (/content type: text\/html|"contenttype":"text\/html"/.test(seen)) {
    return `${host} answered with a web page, not MCP: this URL is probably a website or its sign-in page rather than the server's MCP endpoint. Check the server's documentation for its MCP URL (often ending in /mcp).`;
  }
  if (/unexpected content type/.test(seen))
    return `${host} answered with something that is not MCP (an unexpected content type). Check that the URL is the server's MCP endpoint.`;
  if (status !== undefined && status >= 500)
    return `${host} failed while answering (${status}). The server has a problem of its own; toolnexus tries again.`;
  if (/fetch failed|failed to fetch|networkerror|econnrefused|enotfound|certificate/.test(seen)) {
    return `Could not reach ${host}: nothing answered. The server may be down, the address or port wrong, or (for https) its certificate not trusted by this browser.`;
  }
  if (error instanceof SdkError && /invalid input|unrecognized keys|invalid json-rpc/.test(seen)) {
    return `${host} answered, but not in MCP's JSON-RPC. Check that the URL is the server's MCP endpoint.`;
  }
  return undefined;
}

/** The card's words for a failed connect: the diagnosis, with the failure's own words as evidence. */
export function connectionError(error: unknown, url: string): string {
  const own = errorMessage(error);
  const words = diagnosis(error, url);
  return words ? `${words} (${own.length > 300 ? `${own.slice(0, 300)}…` : own})` : own;
}
