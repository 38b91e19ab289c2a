/**
 * An entry another browser wrote, made this browser's own: a server added, changed or removed
 * (its secrets kept, or asked for), the settings set, a saved call or a server's pins put in
 * place. Each through the part that keeps it, so it is saved and shown as the person's own
 * change would be.
 */
import { type Unreadable, type LocalServer, keySubject, kindOf, readCall, readPins, readServer } from './syncable';
import type { LocalData } from './local';
import { type MissingSecrets, nothingMissing, serverFromSync } from './secrets';
import { DEFAULT_SETTINGS, readSettings } from '../hub/settings';
import type { PinnedTool } from '../pinnedTools';
import type { SavedCall } from '../savedCalls';
import type { ServerSettings, Settings } from '../state';

/** The hub's parts sync reads and changes, each as the person's own change would (lib/hub/wire.ts hands them over). */
export interface SyncTargets {
  servers: { ids(): string[]; saved(serverId: string): LocalServer | undefined };
  lifecycle: {
    update(serverId: string, patch: Partial<ServerSettings>): Promise<void>;
    remove(serverId: string): Promise<void>;
    /** Adds servers with the ids they come with. */
    adopt(servers: LocalServer[]): Promise<unknown>;
  };
  settings: { current(): Settings; update(patch: Partial<Settings>): Promise<void> };
  savedCalls: { list(): SavedCall[]; replace(next: SavedCall[]): Promise<void> };
  pins: { list(): readonly PinnedTool[]; replace(next: readonly PinnedTool[]): Promise<void> };
}

/** What this browser has that sync follows, as the parts keep it now. */
export function localData({ servers, settings, savedCalls, pins }: SyncTargets): LocalData {
  return {
    servers: servers.ids().flatMap((id) => servers.saved(id) ?? []),
    settings: settings.current(),
    calls: savedCalls.list(),
    pins: pins.list(),
  };
}

/** What applying an entry came to: used, not usable here (and why), or a server that waits for secrets. */
export type Applied = { done: true; missing?: MissingSecrets } | Unreadable | { skipped: 'managed' };

/**
 * Makes `body` (`null`: removed) this browser's entry `key`. `localId` is the server's id here
 * (its own key's, unless linked); a server the admin policy manages here is left to it.
 */
export async function applyEntry(
  targets: SyncTargets,
  key: string,
  body: Record<string, unknown> | null,
  { localId, isManaged }: { localId: string; isManaged: (server: { url: string }) => boolean },
): Promise<Applied> {
  const kind = kindOf(key);
  if (kind === 'server') return applyServer(targets, body, localId, isManaged);
  if (kind === 'settings') {
    if (body === null) return { done: true };
    const read = readSettings(body);
    // A setting the other browser does not have is its default here too: the entry is the whole of them.
    const whole = Object.fromEntries(Object.keys(targets.settings.current()).map((field) => [field, undefined]));
    await targets.settings.update({ ...whole, requestTimeoutMinutes: DEFAULT_SETTINGS.requestTimeoutMinutes, ...read });
    return { done: true };
  }
  if (kind === 'call') {
    const id = keySubject(key);
    const others = targets.savedCalls.list().filter((call) => call.id !== id);
    if (body === null) {
      if (others.length < targets.savedCalls.list().length) await targets.savedCalls.replace(others);
      return { done: true };
    }
    const call = readCall(body, id);
    if ('unreadable' in call) return call;
    const at = targets.savedCalls.list().findIndex((kept) => kept.id === id);
    await targets.savedCalls.replace(at < 0 ? [...others, call] : targets.savedCalls.list().map((kept) => (kept.id === id ? call : kept)));
    return { done: true };
  }
  const serverUrl = keySubject(key);
  const others = targets.pins.list().filter((pin) => pin.serverUrl !== serverUrl);
  if (body === null) {
    await targets.pins.replace(others);
    return { done: true };
  }
  const pins = readPins(body);
  if ('unreadable' in pins) return pins;
  await targets.pins.replace([...others, ...pins.filter((pin) => pin.serverUrl === serverUrl)]);
  return { done: true };
}

async function applyServer(
  targets: SyncTargets,
  body: Record<string, unknown> | null,
  localId: string,
  isManaged: (server: { url: string }) => boolean,
): Promise<Applied> {
  const local = targets.servers.saved(localId);
  if (body === null) {
    if (local) await targets.lifecycle.remove(localId);
    return { done: true };
  }
  const read = readServer(body);
  if ('unreadable' in read) return read;
  if (isManaged(read) || (local && isManaged(local))) return { skipped: 'managed' };
  const { settings, missing } = serverFromSync(read, local);
  const ready = nothingMissing(missing);
  if (local) {
    // A server waiting for its secrets stays off until the person gives them.
    await targets.lifecycle.update(localId, ready ? settings : { ...settings, enabled: false });
  } else {
    await targets.lifecycle.adopt([{ ...settings, id: localId, enabled: ready }]);
  }
  return ready ? { done: true } : { done: true, missing };
}
