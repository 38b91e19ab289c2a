/**
 * Static request headers as the person types them: one `Name: value` per line, the way
 * HTTP writes them and API docs print them.
 */
import { t } from './i18n';

/** A header line that cannot be sent; nothing is saved until every line is fine. */
export class HeaderLineError extends Error {}

// RFC 9110 token characters: what a header name may contain.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// The browser sets these itself or refuses them in fetch; the transport sets the MCP ones.
const RESERVED = new Set(['host', 'content-length', 'content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version']);

export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!TOKEN.test(name)) throw new HeaderLineError(t('saved.headers.lineForm', { line: String(index + 1), form: t('servers.form.headerLine') }));
    if (RESERVED.has(name.toLowerCase())) throw new HeaderLineError(t('saved.headers.reserved', { line: String(index + 1), name }));
    headers[name] = line.slice(colon + 1).trim();
  });
  return headers;
}

export function formatHeaderLines(headers: Record<string, string> | undefined): string {
  return Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}
