/**
 * The worker's half of a backup: what this browser keeps, handed to the panel to seal, and a
 * plan the panel made from an opened file, applied. Sealing, opening, checking and previewing
 * run in the panel (backups.ts, in a chunk it loads when asked): WebCrypto is there too, and the
 * worker, which starts on every event, carries none of it. The panel is the extension's own page,
 * which reads the same storage; what crosses the port never leaves the extension.
 */
import type { HistoryEntry } from '../history';
import type { PinnedTool } from '../pinnedTools';
import type { SavedCall } from '../savedCalls';
import type { ServerSettings, Settings } from '../state';
import type { BackupServer } from './contents';
import type { CurrentState, ImportPlan } from './preview';

/** The hub's parts a backup reads and an import changes (lib/hub/wire.ts hands them over). */
export interface BackupTargets {
  servers: { ids(): string[]; saved(serverId: string): BackupServer | undefined };
  lifecycle: { adopt(servers: BackupServer[]): Promise<unknown>; update(serverId: string, patch: Partial<ServerSettings>): Promise<void> };
  settings: { current(): Settings; update(patch: Partial<Settings>): Promise<void> };
  savedCalls: { list(): SavedCall[]; replace(next: SavedCall[]): Promise<void> };
  pins: { list(): readonly PinnedTool[]; replace(next: readonly PinnedTool[]): Promise<void> };
  history: { list(): HistoryEntry[]; merge(entries: readonly HistoryEntry[]): Promise<void> };
}

/** What the worker hands the panel: everything a backup holds, and which toolnexus holds it. */
export type BackupState = CurrentState & { product: { name: string; version: string } };

/** Everything kept here that a backup holds: servers with their secrets, saved calls, pins, History, settings; never a token. */
export function backupState({ servers, savedCalls, pins, history, settings }: BackupTargets, product: BackupState['product']): BackupState {
  return {
    product,
    servers: servers.ids().flatMap((id) => servers.saved(id) ?? []),
    savedCalls: savedCalls.list(),
    pinnedTools: [...pins.list()],
    history: history.list(),
    settings: settings.current(),
  };
}

/**
 * Applies what the person chose of an opened backup. A server is adopted only when its id is
 * free and the organisation's policy allows it (ServerLifecycle.adopt); a replaced one is
 * checked as any edit is (ServerLifecycle.update).
 */
export async function applyBackupPlan({ lifecycle, savedCalls, pins, history, settings }: BackupTargets, plan: ImportPlan): Promise<void> {
  await lifecycle.adopt(plan.addServers);
  for (const { id, server } of plan.replaceServers) {
    const { url, name, headers, oauthClientId, oauthClientSecret, enabled, logLevel } = server;
    await lifecycle.update(id, {
      url,
      name: name ?? '',
      headers: headers ?? {},
      oauthClientId: oauthClientId ?? '',
      oauthClientSecret,
      enabled,
      logLevel,
    });
  }
  if (plan.savedCalls) await savedCalls.replace(plan.savedCalls);
  if (plan.pinnedTools) await pins.replace(plan.pinnedTools);
  if (plan.history.length > 0) await history.merge(plan.history);
  if (plan.settings) await settings.update(plan.settings);
}
