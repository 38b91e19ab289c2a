/**
 * What importing a backup would do here, before anything is done: each server and saved call
 * that would be added or would replace one here, the pins and History entries that would be
 * added, the settings that would change. Then what the person chose, as a plan. Pure.
 *
 * A server is the same one here when it has the same id (a backup restored where it was made)
 * or else the same URL; a saved call by id, else server, tool and name; a pin by server and
 * tool; a History entry by its Request's id.
 */
import type { HistoryEntry } from '../history';
import type { PinnedTool } from '../pinnedTools';
import type { SavedCall } from '../savedCalls';
import type { Settings } from '../state';
import type { BackupContents, BackupServer, Skipped } from './contents';

/** What this browser has now, as the import compares it. */
export interface CurrentState {
  servers: readonly BackupServer[];
  savedCalls: readonly SavedCall[];
  pinnedTools: readonly PinnedTool[];
  history: readonly HistoryEntry[];
  settings: Settings;
}

export interface PreviewItem {
  /** Its id in the backup. */
  id: string;
  name: string;
  /** The server's URL, for a server; the server's URL of a saved call. */
  url: string;
}

export interface ImportPreview {
  exportedAt: string;
  product: { name: string; version: string };
  servers: { added: PreviewItem[]; replaced: PreviewItem[]; unchanged: number };
  savedCalls: { added: PreviewItem[]; replaced: PreviewItem[]; unchanged: number };
  pinnedTools: { added: number; unchanged: number };
  history: { added: number; unchanged: number };
  /** The settings whose values would change. */
  settings: string[];
  /** What the file holds that cannot be kept, and why. */
  skipped: Skipped[];
}

/** For servers and saved calls: nothing, only those not here, or also those that replace one here. */
export type Take = 'none' | 'new' | 'all';

export interface ImportChoice {
  servers: Take;
  savedCalls: Take;
  pinnedTools: boolean;
  history: boolean;
  settings: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const serverFields = ({ url, name, headers, oauthClientId, oauthClientSecret, enabled, logLevel }: BackupServer) => ({
  url,
  name,
  headers,
  oauthClientId,
  oauthClientSecret,
  enabled,
  logLevel,
});
const callFields = ({ serverUrl, tool, name, arguments: args }: SavedCall) => ({ serverUrl, tool, name, args });
const pinKey = (pin: PinnedTool) => `${pin.serverUrl}\n${pin.tool}`;

/** Each incoming item with the one here it is (if any), and whether they differ. */
function match<T extends { id: string }>(here: readonly T[], incoming: readonly T[], alike: (a: T, b: T) => boolean, fields: (item: T) => unknown) {
  return incoming.map((item) => {
    const twin = here.find((kept) => kept.id === item.id) ?? here.find((kept) => alike(kept, item));
    return { item, twin, differs: twin !== undefined && !same(fields(twin), fields(item)) };
  });
}

const matchServers = (current: CurrentState, contents: BackupContents) =>
  match(current.servers, contents.servers, (a, b) => a.url === b.url, serverFields);
const matchCalls = (current: CurrentState, contents: BackupContents) =>
  match(current.savedCalls, contents.savedCalls, (a, b) => a.serverUrl === b.serverUrl && a.tool === b.tool && a.name === b.name, callFields);

function counted<T extends { id: string }>(matches: Array<{ item: T; twin?: T; differs: boolean }>, describe: (item: T) => PreviewItem) {
  return {
    added: matches.filter(({ twin }) => !twin).map(({ item }) => describe(item)),
    replaced: matches.filter(({ differs }) => differs).map(({ item }) => describe(item)),
    unchanged: matches.filter(({ twin, differs }) => twin && !differs).length,
  };
}

const changedSettings = (current: Settings, incoming: Partial<Settings>) =>
  Object.keys(incoming).filter((key) => !same(current[key as keyof Settings], incoming[key as keyof Settings]));

export function previewImport(current: CurrentState, contents: BackupContents, skipped: Skipped[]): ImportPreview {
  const pins = new Set(current.pinnedTools.map(pinKey));
  const requests = new Set(current.history.map((entry) => entry.requestId));
  const newPins = contents.pinnedTools.filter((pin) => !pins.has(pinKey(pin))).length;
  const newHistory = contents.history.filter((entry) => !requests.has(entry.requestId)).length;
  return {
    exportedAt: contents.exportedAt,
    product: contents.product,
    servers: counted(matchServers(current, contents), (server) => ({ id: server.id, name: server.name ?? server.url, url: server.url })),
    savedCalls: counted(matchCalls(current, contents), (call) => ({ id: call.id, name: call.name, url: call.serverUrl })),
    pinnedTools: { added: newPins, unchanged: contents.pinnedTools.length - newPins },
    history: { added: newHistory, unchanged: contents.history.length - newHistory },
    settings: changedSettings(current.settings, contents.settings),
    skipped,
  };
}

/** What to do here, as the person chose: servers to add (with their ids) or to change (by id here), and each list as it will be. */
export interface ImportPlan {
  addServers: BackupServer[];
  replaceServers: Array<{ id: string; server: BackupServer }>;
  savedCalls?: SavedCall[];
  pinnedTools?: PinnedTool[];
  history: HistoryEntry[];
  settings?: Partial<Settings>;
}

export function importPlan(current: CurrentState, contents: BackupContents, choice: ImportChoice): ImportPlan {
  const servers = choice.servers === 'none' ? [] : matchServers(current, contents);
  const plan: ImportPlan = {
    addServers: servers.filter(({ twin }) => !twin).map(({ item }) => item),
    replaceServers:
      choice.servers === 'all' ? servers.filter(({ differs }) => differs).map(({ item, twin }) => ({ id: twin!.id, server: item })) : [],
    history: [],
  };
  if (choice.savedCalls !== 'none') {
    const calls = matchCalls(current, contents);
    const replacing = new Map(choice.savedCalls === 'all' ? calls.filter(({ differs }) => differs).map(({ item, twin }) => [twin!.id, item]) : []);
    const added = calls.filter(({ twin }) => !twin).map(({ item }) => item);
    plan.savedCalls = [...current.savedCalls.map((call) => (replacing.has(call.id) ? { ...replacing.get(call.id)!, id: call.id } : call)), ...added];
  }
  if (choice.pinnedTools) {
    const pins = new Set(current.pinnedTools.map(pinKey));
    plan.pinnedTools = [...current.pinnedTools, ...contents.pinnedTools.filter((pin) => !pins.has(pinKey(pin)))];
  }
  if (choice.history) {
    const requests = new Set(current.history.map((entry) => entry.requestId));
    plan.history = contents.history.filter((entry) => !requests.has(entry.requestId));
  }
  if (choice.settings && changedSettings(current.settings, contents.settings).length > 0) plan.settings = contents.settings;
  return plan;
}
