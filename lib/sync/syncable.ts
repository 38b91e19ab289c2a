/**
 * What follows the person through the browser's sync, and what never does: one pure decision
 * per kind of entry. A server syncs its URL, name, the headers that are not secret and the
 * client id chosen; never a secret header's value, a client secret, a token, History, results
 * or logs, nor a server the admin policy manages. Settings, saved calls and pinned tools sync.
 *
 * What is secret is the protocol log's one rule (lib/redact.ts): a header it would redact.
 */
import { t } from '../i18n';
import { isRecord } from '../json';
import type { PinnedTool } from '../pinnedTools';
import { redactHeaders } from '../redact';
import { type SavedCall, SavedCallError, savedCall } from '../savedCalls';
import type { ServerSettings, Settings } from '../state';
import { SETTING_FIELDS } from '../hub/settings';
import type { SyncKind } from './view';

/** A server as the hub saves it: the person's settings and its id in this browser. */
export type LocalServer = ServerSettings & { id: string };

export const syncKey = {
  server: (id: string) => `server:${id}`,
  settings: () => 'settings',
  call: (id: string) => `call:${id}`,
  pins: (serverUrl: string) => `pins:${serverUrl}`,
};

/** Which kind an area key holds; `undefined` for a key that is not toolnexus's. */
export function kindOf(key: string): SyncKind | undefined {
  if (key === 'settings') return 'settings';
  const prefix = key.slice(0, key.indexOf(':'));
  return prefix === 'server' || prefix === 'call' || prefix === 'pins' ? prefix : undefined;
}

/** The id (server, call) or URL (pins) an area key names. */
export const keySubject = (key: string): string => key.slice(key.indexOf(':') + 1);

/** The protocol log's rule (lib/redact.ts), asked of one header: would it be redacted? */
export const isSecretHeader = (name: string, value: string): boolean => redactHeaders([[name, value]])[name.toLowerCase()] !== value;

/** A server's synced fields. `secretHeaders` names the headers whose values stay behind; `clientSecret` says one was set. */
export interface ServerBody {
  url: string;
  name?: string;
  headers?: Record<string, string>;
  secretHeaders?: string[];
  oauthClientId?: string;
  clientSecret?: true;
}

/** The fields each kind's entry has; any other field an entry carries is another version's, kept as it is. */
export const KNOWN_FIELDS: Record<SyncKind, ReadonlySet<string>> = {
  server: new Set(['url', 'name', 'headers', 'secretHeaders', 'oauthClientId', 'clientSecret']),
  settings: new Set(SETTING_FIELDS),
  call: new Set(['serverUrl', 'tool', 'name', 'arguments', 'savedAt']),
  pins: new Set(['serverUrl', 'tools']),
};

/**
 * What of `server` may sync, or `null` when none of it may (the admin policy manages it).
 * Where it is used: every entry this browser writes.
 */
export function syncableServer(server: LocalServer, { isManaged }: { isManaged: (server: { url: string }) => boolean }): ServerBody | null {
  if (isManaged(server)) return null;
  const body: ServerBody = { url: server.url };
  if (server.name) body.name = server.name;
  const open: Record<string, string> = {};
  const secret: string[] = [];
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    if (isSecretHeader(name, value)) secret.push(name);
    else open[name] = value;
  }
  if (Object.keys(open).length > 0) body.headers = open;
  if (secret.length > 0) body.secretHeaders = secret.sort();
  if (server.oauthClientId) {
    body.oauthClientId = server.oauthClientId;
    if (server.oauthClientSecret) body.clientSecret = true;
  }
  return body;
}

/** Settings sync whole: none of them is a secret or belongs to one browser (turning sync on is not a setting: it is each browser's own). */
export function syncableSettings(settings: Settings): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key, value]) => KNOWN_FIELDS.settings.has(key) && value !== undefined));
}

export function syncableCall(call: SavedCall): Record<string, unknown> {
  return { serverUrl: call.serverUrl, tool: call.tool, name: call.name, arguments: call.arguments, savedAt: call.savedAt };
}

/** Pins sync by server, one entry each: a server's pins are one list a person edits a tool at a time. */
export function syncablePins(pins: readonly PinnedTool[]): Map<string, Record<string, unknown>> {
  const byServer = new Map<string, Array<{ tool: string; pinnedAt: number }>>();
  for (const pin of pins) {
    const list = byServer.get(pin.serverUrl) ?? [];
    list.push({ tool: pin.tool, pinnedAt: pin.pinnedAt });
    byServer.set(pin.serverUrl, list);
  }
  return new Map([...byServer].map(([serverUrl, tools]) => [serverUrl, { serverUrl, tools }]));
}

/** Why an entry from another browser cannot be used here; the entry is left as it is. */
export type Unreadable = { unreadable: string };

const strings = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};

/** A server entry read as far as it can be: a field of the wrong type is left out; without an http(s) URL there is no server. */
export function readServer(body: Record<string, unknown>): ServerBody | Unreadable {
  const { url, name, headers, secretHeaders, oauthClientId, clientSecret } = body;
  if (typeof url !== 'string' || !URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
    return { unreadable: t('sync.unreadable.badUrl') };
  }
  const server: ServerBody = { url: new URL(url).href };
  if (typeof name === 'string' && name.trim()) server.name = name;
  const open = strings(headers);
  if (Object.keys(open).length > 0) server.headers = open;
  const hidden = Array.isArray(secretHeaders) ? secretHeaders.filter((item): item is string => typeof item === 'string' && item.length > 0) : [];
  if (hidden.length > 0) server.secretHeaders = hidden;
  if (typeof oauthClientId === 'string' && oauthClientId) {
    server.oauthClientId = oauthClientId;
    if (clientSecret === true) server.clientSecret = true;
  }
  return server;
}

export function readCall(body: Record<string, unknown>, id: string): SavedCall | Unreadable {
  try {
    const savedAt = typeof body.savedAt === 'number' && Number.isFinite(body.savedAt) ? body.savedAt : 0;
    return savedCall({ serverUrl: body.serverUrl, tool: body.tool, name: body.name, arguments: body.arguments }, id, savedAt);
  } catch (error) {
    if (error instanceof SavedCallError) return { unreadable: error.message };
    throw error;
  }
}

export function readPins(body: Record<string, unknown>): PinnedTool[] | Unreadable {
  const { serverUrl, tools } = body;
  if (typeof serverUrl !== 'string' || !URL.canParse(serverUrl)) return { unreadable: t('sync.unreadable.noServerUrl') };
  if (!Array.isArray(tools)) return { unreadable: t('sync.unreadable.noTools') };
  return tools
    .filter((item): item is { tool: string; pinnedAt?: unknown } => isRecord(item) && typeof item.tool === 'string' && item.tool.length > 0)
    .map((item) => ({ serverUrl, tool: item.tool, pinnedAt: typeof item.pinnedAt === 'number' ? item.pinnedAt : 0 }));
}
