/**
 * Adding, changing and removing servers, each in the order that keeps the parts agreeing: a
 * server is saved (and shown) before it connects; a changed one is saved before it
 * reconnects; a removed one lets go of its kept calls and watches, and is forgotten (so a
 * connect still under way sees it gone) before its connection closes, and its sign-ins are
 * forgotten with it.
 */
import { parseMcpJson, type ImportResult } from '../mcpJson';
import type { ServerSettings } from '../state';
import type { SignIn } from './signIn';
import type { Connections } from './connections';
import type { LiveResources } from './liveResources';
import type { ProtocolRecords } from './protocolRecords';
import type { ResumedCalls } from './resumedCalls';
import { type NewServer, normalize, type SavedServer, type Servers } from './servers';

export interface ServerLifecycleOptions {
  servers: Pick<Servers, 'add' | 'edit' | 'saved' | 'remove' | 'persist' | 'restore'>;
  connections: Pick<Connections, 'connect' | 'connection' | 'reconnect' | 'remove'>;
  resumed: Pick<ResumedCalls, 'dropServer'>;
  live: Pick<LiveResources, 'stopWhere'>;
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

  /**
   * Adds servers that keep the ids they come with (from another browser's sync, from a backup),
   * saved and shown before they connect; one whose id is taken here is left out.
   * @throws ServerUrlError when a URL cannot be an MCP server; none is added then.
   */
  async adopt(list: SavedServer[]): Promise<SavedServer[]> {
    const { servers, connections, changed } = this.#options;
    const fresh = list.filter((server) => !servers.saved(server.id)).map(normalize);
    if (fresh.length === 0) return [];
    servers.restore(fresh);
    await servers.persist();
    changed();
    await Promise.all(fresh.map((server) => connections.connect(server.id)));
    return fresh;
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
    const { servers, connections, resumed, live, records, signIn, changed } = this.#options;
    if (!servers.saved(serverId)) return;
    resumed.dropServer(serverId, 'was removed');
    await live.stopWhere((_activityId, watched) => watched === serverId);
    servers.remove(serverId);
    await connections.remove(serverId);
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
