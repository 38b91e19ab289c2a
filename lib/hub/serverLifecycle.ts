/**
 * Adding, changing and removing servers, each in the order that keeps the parts agreeing: a
 * server is saved (and shown) before it connects; a changed one is saved before it
 * reconnects; a removed one lets go of its kept calls and watches, and is forgotten (so a
 * connect still under way sees it gone) before its connection closes; then its results leave the
 * panel and its sign-ins are forgotten. History keeps what was asked in its name.
 */
import { parseMcpJson, type ImportResult } from '../mcpJson';
import type { ServerSettings } from '../state';
import type { Activities } from './activities';
import type { SignIn } from './signIn';
import type { Connections } from './connections';
import type { LiveResources } from './liveResources';
import type { ProtocolRecords } from './protocolRecords';
import type { ResumedCalls } from './resumedCalls';
import type { NewServer, SavedServer, Servers } from './servers';

export interface ServerLifecycleOptions {
  servers: Pick<Servers, 'add' | 'edit' | 'saved' | 'remove' | 'persist'>;
  connections: Pick<Connections, 'connect' | 'connection' | 'reconnect' | 'remove'>;
  resumed: Pick<ResumedCalls, 'dropServer'>;
  live: Pick<LiveResources, 'stopWhere'>;
  activities: Pick<Activities, 'dropServer'>;
  records: Pick<ProtocolRecords, 'clear'>;
  signIn: Pick<SignIn, 'forget'>;
  changed: () => void;
}

export class ServerLifecycle {
  readonly #options: ServerLifecycleOptions;

  constructor(options: ServerLifecycleOptions) {
    this.#options = options;
  }

  /** @throws ServerUrlError when the URL cannot be an MCP server. */
  async add(settings: NewServer): Promise<string> {
    const [saved] = await this.#add([settings]);
    return saved!.id;
  }

  /** Adds every server of an `mcp.json` text at once, or none when the text is unreadable. */
  async import(text: string): Promise<ImportResult> {
    const result = parseMcpJson(text);
    await this.#add(result.servers);
    return result;
  }

  /** Changes what the person set; a new URL, headers or enabled state reconnects. A new log level is sent to the server at once. */
  async update(serverId: string, patch: Partial<ServerSettings>): Promise<void> {
    const { servers, connections } = this.#options;
    const reconnect = servers.edit(serverId, patch);
    if (reconnect === undefined) return;
    const level = patch.logLevel;
    if (level && !reconnect) {
      await connections
        .connection(serverId)
        ?.setLogLevel(level)
        .catch(() => {});
    }
    await servers.persist();
    if (reconnect) await connections.reconnect(serverId);
  }

  async remove(serverId: string): Promise<void> {
    const { servers, connections, resumed, live, activities, records, signIn, changed } = this.#options;
    if (!servers.saved(serverId)) return;
    resumed.dropServer(serverId, 'was removed');
    await live.stopWhere((_activityId, watched) => watched === serverId);
    servers.remove(serverId);
    await connections.remove(serverId);
    activities.dropServer(serverId);
    records.clear(serverId);
    await signIn.forget(serverId);
    await servers.persist();
    changed();
  }

  async #add(added: NewServer[]): Promise<SavedServer[]> {
    const { servers, connections, changed } = this.#options;
    const saved = servers.add(added);
    await servers.persist();
    changed();
    await Promise.all(saved.map((server) => connections.connect(server.id)));
    return saved;
  }
}
