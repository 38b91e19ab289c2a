/**
 * This browser's side of sync: the entries its servers, settings, saved calls and pins make
 * (lib/sync/syncable.ts decides what of each), keyed as the area keys them. Pure.
 */
import { t } from '../i18n';
import type { PinnedTool } from '../pinnedTools';
import type { SavedCall } from '../savedCalls';
import type { Settings } from '../state';
import { readItem } from './items';
import type { LocalEntity } from './merge';
import type { MissingSecrets } from './secrets';
import { keySubject, type LocalServer, readServer, syncableCall, syncablePins, syncableServer, syncableSettings, syncKey } from './syncable';
import type { SyncKind } from './view';

export interface LocalData {
  servers: readonly LocalServer[];
  settings: Settings;
  calls: readonly SavedCall[];
  pins: readonly PinnedTool[];
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

/** What an area entry is called when its key is all that can be read of it (another browser wrote it in a form this one cannot use). */
export function keyName(key: string, kind: SyncKind): string {
  switch (kind) {
    case 'settings':
      return t('sync.entry.settings');
    case 'pins':
      return t('sync.entry.pins', { host: hostOf(keySubject(key)) });
    case 'server':
      return t('sync.unreadableServer', { id: keySubject(key) });
    case 'call':
      return t('sync.unreadableCall', { id: keySubject(key) });
  }
}

export interface LocalOptions {
  isManaged: (server: { url: string }) => boolean;
  /** A server's id here → the key it syncs under, when that is not its own (linked by URL as sync was turned on). */
  links?: ReadonlyMap<string, string>;
  /**
   * Servers that came through sync without their secrets, by id here: the secrets they still
   * wait for are still named in their entries, or writing them back would drop the headers
   * from every browser.
   */
  awaiting?: ReadonlyMap<string, MissingSecrets>;
}

/** Every entry this browser would have in the area, by key. */
export function localEntities(data: LocalData, { isManaged, links = new Map(), awaiting = new Map() }: LocalOptions): Map<string, LocalEntity> {
  const entities = new Map<string, LocalEntity>();
  const add = (entity: LocalEntity) => entities.set(entity.key, entity);
  for (const server of data.servers) {
    const body = syncableServer(server, { isManaged });
    if (!body) continue;
    const missing = awaiting.get(server.id);
    if (missing && missing.headers.length > 0) body.secretHeaders = [...new Set([...(body.secretHeaders ?? []), ...missing.headers])].sort();
    if (missing?.clientSecret && body.oauthClientId) body.clientSecret = true;
    const key = links.get(server.id) ?? syncKey.server(server.id);
    add({ key, kind: 'server', name: server.name || hostOf(server.url), body: { ...body }, localId: server.id });
  }
  add({ key: syncKey.settings(), kind: 'settings', name: t('sync.entry.settings'), body: syncableSettings(data.settings) });
  for (const call of data.calls) add({ key: syncKey.call(call.id), kind: 'call', name: call.name, body: syncableCall(call) });
  for (const [serverUrl, body] of syncablePins(data.pins)) {
    if (isManaged({ url: serverUrl })) continue;
    add({ key: syncKey.pins(serverUrl), kind: 'pins', name: t('sync.entry.pins', { host: hostOf(serverUrl) }), body });
  }
  return entities;
}

/** The keys of the servers the admin policy manages here: sync leaves them alone, both ways. */
export function managedKeys(data: LocalData, isManaged: (server: { url: string }) => boolean, links: ReadonlyMap<string, string>): Set<string> {
  return new Set(data.servers.filter((server) => isManaged(server)).map((server) => links.get(server.id) ?? syncKey.server(server.id)));
}

/**
 * As sync is turned on: each server this browser has that the area holds under another key (the
 * same URL, added in both browsers before), linked to that key so it is one server, not two.
 * Returns the links, server id here → key.
 */
export function linkByUrl(servers: readonly LocalServer[], area: ReadonlyMap<string, unknown>): Map<string, string> {
  const ownKeys = new Set(servers.map((server) => syncKey.server(server.id)));
  const byUrl = new Map<string, string>();
  for (const [key, value] of area) {
    if (!key.startsWith('server:') || ownKeys.has(key)) continue;
    const read = readItem(value);
    if ('unreadable' in read || read.item.removed) continue;
    const body = readServer(read.item);
    if (!('unreadable' in body) && !byUrl.has(body.url)) byUrl.set(body.url, key);
  }
  const links = new Map<string, string>();
  for (const server of servers) {
    const key = byUrl.get(server.url);
    if (key && !area.has(syncKey.server(server.id))) {
      links.set(server.id, key);
      byUrl.delete(server.url);
    }
  }
  return links;
}
