/**
 * Import and export of `mcp.json`-style server lists in the shapes people already have:
 * Claude Desktop / Claude Code and Cursor (`mcpServers`), and VS Code (`servers` with a
 * `type`). A browser can only reach servers over HTTP, so entries that start a local
 * program are listed as skipped with the reason, never dropped silently.
 */
import { errorMessage } from './errorMessage';
import { t } from './i18n';
import { isRecord } from './json';

export interface ImportedServer {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface SkippedServer {
  name: string;
  reason: string;
}

export interface ImportResult {
  servers: ImportedServer[];
  skipped: SkippedServer[];
}

export type ExportFormat = 'mcpServers' | 'vscode';

/** The file cannot be read as a server list at all; nothing was imported. */
export class McpJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpJsonError';
  }
}

function readHeaders(name: string, raw: unknown): Record<string, string> | SkippedServer | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) return { name, reason: t('imports.mcpJson.headersNotObject') };
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return { name, reason: t('imports.mcpJson.headerNotString', { header: `"${key}"` }) };
    // VS Code's ${input:…} and ${env:…} are resolved by VS Code itself; the literal text would be sent.
    if (/\$\{[^}]*\}/.test(value)) {
      return {
        name,
        reason: t('imports.mcpJson.headerVariable', { header: `"${key}"`, value }),
      };
    }
    headers[key] = value;
  }
  return headers;
}

function readEntry(name: string, entry: unknown): ImportedServer | SkippedServer {
  if (!isRecord(entry)) return { name, reason: t('imports.mcpJson.notObject') };
  const type = typeof entry.type === 'string' ? entry.type : undefined;
  if (typeof entry.command === 'string' || type === 'stdio') {
    const reason = typeof entry.command === 'string' ? t('imports.mcpJson.stdioCommand', { command: entry.command }) : t('imports.mcpJson.stdio');
    return { name, reason };
  }
  // An `sse` server is reached at its URL too: the connection falls back to the old transport (lib/mcp/client.ts).
  if (type !== undefined && type !== 'http' && type !== 'streamable-http' && type !== 'streamableHttp' && type !== 'sse') {
    return { name, reason: t('imports.mcpJson.transport', { type: `"${type}"` }) };
  }
  const url = entry.url ?? entry.serverUrl;
  if (typeof url !== 'string') return { name, reason: t('imports.mcpJson.noUrl') };
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    return { name, reason: t('imports.mcpJson.notHttp', { url: `"${url}"` }) };
  }
  const headers = readHeaders(name, entry.headers);
  if (headers && 'reason' in headers) return headers as SkippedServer;
  return headers ? { name, url, headers } : { name, url };
}

/**
 * Reads every server of an `mcp.json` file.
 * @throws McpJsonError when the text is not JSON or holds no server list.
 */
export function parseMcpJson(text: string): ImportResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new McpJsonError(t('imports.mcpJson.notJson', { error: errorMessage(error) }));
  }
  const list = isRecord(parsed) ? (parsed.mcpServers ?? parsed.servers) : undefined;
  if (!isRecord(list)) {
    throw new McpJsonError(t('imports.mcpJson.noList'));
  }
  const result: ImportResult = { servers: [], skipped: [] };
  for (const [name, entry] of Object.entries(list)) {
    const read = readEntry(name, entry);
    if ('reason' in read) result.skipped.push(read);
    else result.servers.push(read);
  }
  return result;
}

/** Writes servers as `mcp.json`: `mcpServers` for Claude and Cursor, `servers` for VS Code. */
export function toMcpJson(servers: ImportedServer[], format: ExportFormat = 'mcpServers'): string {
  const entries: Record<string, Record<string, unknown>> = {};
  for (const { name, url, headers } of servers) {
    let key = name;
    for (let n = 2; key in entries; n += 1) key = `${name} (${n})`;
    entries[key] = { type: 'http', url, ...(headers && Object.keys(headers).length > 0 ? { headers } : {}) };
  }
  return `${JSON.stringify(format === 'vscode' ? { servers: entries } : { mcpServers: entries }, null, 2)}\n`;
}
