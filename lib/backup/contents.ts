/**
 * What a backup holds: the servers with their secrets (headers, client secrets), saved calls,
 * pinned tools, History and settings; never a token or a registration (each server signs in
 * again where the backup is restored). Read back as far as each entry can be, each one that
 * cannot be kept skipped with why, as an import of saved calls is.
 */
import { readSettings } from '../hub/settings';
import { type HistoryEntry, HISTORY_TEXT, clipText } from '../history';
import { t } from '../i18n';
import { isRecord } from '../json';
import { keptPins, type PinnedTool } from '../pinnedTools';
import { MAX_SAVED_CALLS, type SavedCall, SavedCallError, savedCall } from '../savedCalls';
import type { ServerSettings, Settings } from '../state';

/** A server as saved: its settings, secrets included, and its id where it was saved. */
export type BackupServer = ServerSettings & { id: string };

export interface BackupContents {
  exportedAt: string;
  /** What made it: the product and its version. */
  product: { name: string; version: string };
  servers: BackupServer[];
  savedCalls: SavedCall[];
  pinnedTools: PinnedTool[];
  history: HistoryEntry[];
  settings: Partial<Settings>;
}

export interface Skipped {
  what: string;
  reason: string;
}

/** Bounds on what a file can make this browser keep: as many as the hub keeps of each. */
const MAX_SERVERS = 500;
const MAX_HISTORY = 500;
const LOG_LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);

const text = (value: unknown, max = HISTORY_TEXT) => (typeof value === 'string' ? clipText(value, max) : undefined);

function readServer(value: unknown): BackupServer | string {
  if (!isRecord(value)) return t('backup.reason.notServer');
  const { id, url, name, headers, enabled, oauthClientId, oauthClientSecret, logLevel } = value;
  if (typeof id !== 'string' || !id || id.length > 200) return t('backup.reason.noId');
  if (typeof url !== 'string' || !URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) return t('backup.reason.badUrl');
  const server: BackupServer = { id, url: new URL(url).href, enabled: enabled !== false };
  if (typeof name === 'string' && name.trim()) server.name = clipText(name.trim(), 200);
  if (isRecord(headers)) {
    const kept = Object.entries(headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(entry[0]),
    );
    if (kept.length > 0) server.headers = Object.fromEntries(kept);
  }
  if (typeof oauthClientId === 'string' && oauthClientId) {
    server.oauthClientId = oauthClientId;
    if (typeof oauthClientSecret === 'string' && oauthClientSecret) server.oauthClientSecret = oauthClientSecret;
  }
  if (typeof logLevel === 'string' && LOG_LEVELS.has(logLevel)) server.logLevel = logLevel as BackupServer['logLevel'];
  return server;
}

function readHistoryEntry(value: unknown): HistoryEntry | string {
  if (!isRecord(value)) return t('backup.reason.notHistory');
  const { requestId, serverId, serverName, kind, prompt, url, askedAt, answeredAt, action, reason, content } = value;
  if (typeof requestId !== 'string' || typeof serverId !== 'string' || typeof serverName !== 'string' || typeof prompt !== 'string')
    return t('backup.reason.noRequest');
  if (kind !== 'input' && kind !== 'authorization') return t('backup.reason.unknownKind');
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return t('backup.reason.unknownAnswer');
  if (typeof askedAt !== 'number' || typeof answeredAt !== 'number') return t('backup.reason.noTimes');
  const entry: HistoryEntry = {
    requestId,
    serverId,
    serverName: clipText(serverName),
    kind,
    prompt: clipText(prompt),
    url: text(url) ?? null,
    askedAt,
    answeredAt,
    action,
  };
  if (typeof reason === 'string') entry.reason = clipText(reason);
  // What the person shared, as History kept it; History's own bound applies again when it is kept.
  if (isRecord(content) && JSON.stringify(content).length <= 32 * 1024) entry.content = content;
  return entry;
}

/** Each item of `list` read by `read`, at most `max`; what cannot be kept is skipped with why, named by `label`. */
function readEach<T>(
  list: unknown,
  max: number,
  label: (item: unknown, index: number) => string,
  read: (item: unknown) => T | string,
  skipped: Skipped[],
): T[] {
  const kept: T[] = [];
  for (const [index, item] of (Array.isArray(list) ? list : []).entries()) {
    const result = kept.length >= max ? t('backup.reason.tooMany', { max: String(max) }) : read(item);
    if (typeof result === 'string') skipped.push({ what: label(item, index), reason: result });
    else kept.push(result);
  }
  return kept;
}

/** An item by its name (or URL) when it has one, else by its place in the file: one message per kind, each way. */
const named =
  (byName: (name: string) => string, byNumber: (number: string) => string) =>
  (item: unknown, index: number): string => {
    const name = isRecord(item) && (typeof item.name === 'string' ? item.name : typeof item.url === 'string' ? item.url : undefined);
    return name ? byName(clipText(name, 80)) : byNumber(String(index + 1));
  };

/** The backup's contents read from its decrypted JSON, or `undefined` when it is not a backup's contents at all. */
export function readContents(value: unknown): { contents: BackupContents; skipped: Skipped[] } | undefined {
  if (!isRecord(value) || !Array.isArray(value.servers)) return undefined;
  const skipped: Skipped[] = [];
  const servers = readEach(
    value.servers,
    MAX_SERVERS,
    named(
      (name) => t('backup.item.server', { name }),
      (number) => t('backup.item.serverNumber', { number }),
    ),
    readServer,
    skipped,
  );
  const savedCalls = readEach(
    value.savedCalls,
    MAX_SAVED_CALLS,
    named(
      (name) => t('backup.item.call', { name }),
      (number) => t('backup.item.callNumber', { number }),
    ),
    (item) => {
      if (!isRecord(item) || typeof item.id !== 'string') return t('backup.reason.notCall');
      try {
        return savedCall(
          { serverUrl: item.serverUrl, tool: item.tool, name: item.name, arguments: item.arguments },
          item.id,
          typeof item.savedAt === 'number' ? item.savedAt : 0,
        );
      } catch (error) {
        if (error instanceof SavedCallError) return error.message;
        throw error;
      }
    },
    skipped,
  );
  const history = readEach(
    value.history,
    MAX_HISTORY,
    (_, index) => t('backup.item.historyNumber', { number: String(index + 1) }),
    readHistoryEntry,
    skipped,
  );
  const product = isRecord(value.product)
    ? { name: text(value.product.name, 100) ?? '', version: text(value.product.version, 100) ?? '' }
    : { name: '', version: '' };
  return {
    contents: {
      exportedAt: text(value.exportedAt, 100) ?? '',
      product,
      servers,
      savedCalls,
      pinnedTools: [...keptPins(value.pinnedTools)],
      history,
      settings: isRecord(value.settings) ? readSettings(value.settings) : {},
    },
    skipped,
  };
}
