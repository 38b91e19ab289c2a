/**
 * Adding, changing and removing servers, each in the order that keeps the parts agreeing: a
 * server is saved (and shown) before it connects; a changed one is saved before it
 * reconnects; a removed one lets go of its kept calls and watches, and is forgotten (so a
 * connect still under way sees it gone) before its connection closes; then its results leave the
 * panel and its sign-ins are forgotten (History keeps what was asked in its name). The
 * organisation's policy is asked first each time: a server it refuses is not added (an import
 * lists it as skipped, with why), and one it manages is neither removed nor changed but in what
 * is the person's own.
 */
import { parseMcpJson, type ImportResult } from '../mcpJson';
import { enforce, PolicyError, type PolicyJudge, type Verdict, policyWords } from '../policy';
import type { ServerSettings } from '../state';
import type { Activities } from './activities';
import type { SignIn } from './signIn';
import type { Connections } from './connections';
import type { LiveResources } from './liveResources';
import type { ProtocolRecords } from './protocolRecords';
import type { ResumedCalls } from './resumedCalls';
import { serverFacts } from './policyEnforcement';
import { type NewServer, normalize, type SavedServer, type Servers } from './servers';

/** A server to add, and the registry entry the panel says it comes from (checked before it counts). */
export type AddedServer = NewServer & { from?: { registry: string; name: string } };

/** What a managed server's owner may not change: the policy sets these. */
const MANAGED_FIELDS = ['url', 'name'] as const;

export interface ServerLifecycleOptions {
  servers: Pick<Servers, 'add' | 'edit' | 'saved' | 'remove' | 'persist' | 'restore'>;
  connections: Pick<Connections, 'connect' | 'connection' | 'reconnect' | 'remove'>;
  resumed: Pick<ResumedCalls, 'dropServer'>;
  live: Pick<LiveResources, 'stopWhere'>;
  activities: Pick<Activities, 'dropServer'>;
  records: Pick<ProtocolRecords, 'clear'>;
  signIn: Pick<SignIn, 'forget'>;
  changed: () => void;
  /** The organisation's policy in force. */
  policy?: () => PolicyJudge;
  /** Whether the registry at `base` lists `name` with a remote at this address (lib/hub/registry.ts). */
  listed?: (base: string, name: string, url: string) => Promise<boolean>;
}

export class ServerLifecycle {
  readonly #options: ServerLifecycleOptions;

  constructor(options: ServerLifecycleOptions) {
    this.#options = options;
  }

  /**
   * Adds a server the policy allows; one found in a registry is checked there first, so that a
   * policy allowing only its registry's servers can rely on it.
   * @throws ServerUrlError when the URL cannot be an MCP server; PolicyError when the policy refuses it.
   */
  async add(settings: AddedServer): Promise<string> {
    const { from, ...server } = settings;
    const registry =
      from && (await this.#options.listed?.(from.registry, from.name, server.url)) ? { base: from.registry, name: from.name } : undefined;
    const added = registry ? { ...server, registry } : server;
    enforce(this.#judge({ url: added.url, name: added.name || undefined, registry: registry?.base }));
    const [saved] = await this.#add([added]);
    return saved!.id;
  }

  /** Adds every server of an `mcp.json` text the policy allows at once (the others skipped, with why), or none when the text is unreadable. */
  async import(text: string): Promise<ImportResult> {
    enforce(this.#options.policy?.().judgeFeature('mcpJsonImport') ?? { allowed: true });
    const result = parseMcpJson(text);
    const allowed = result.servers.filter((server) => {
      const verdict = this.#judge({ url: server.url, name: server.name });
      if (!verdict.allowed) result.skipped.push({ name: server.name, reason: new PolicyError(verdict).message });
      return verdict.allowed;
    });
    await this.#add(allowed);
    return { servers: allowed, skipped: result.skipped };
  }

  /**
   * Adds servers that keep the ids they come with (from another browser's sync, from a backup),
   * saved and shown before they connect; one whose id is taken here, or that the organisation's
   * policy does not allow, is left out.
   * @throws ServerUrlError when a URL cannot be an MCP server; none is added then.
   */
  async adopt(list: SavedServer[]): Promise<SavedServer[]> {
    const { servers, connections, changed } = this.#options;
    const allowed = (server: SavedServer) => !servers.saved(server.id) && this.#judge({ url: server.url, name: server.name }).allowed;
    const fresh = list.filter(allowed).map(normalize);
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
    const current = servers.saved(serverId);
    // The client id is the entry's only if it names one; else the person's own, as on any server.
    const locked = current?.managed?.oauthClientId ? [...MANAGED_FIELDS, 'oauthClientId' as const] : MANAGED_FIELDS;
    if (current?.managed && locked.some((key) => key in patch && (patch[key] || undefined) !== current[key])) this.#refuseManaged(current);
    if (current && (patch.url !== undefined || patch.name !== undefined)) {
      const name = patch.name === undefined ? current.name : patch.name || undefined;
      enforce(this.#judge({ ...serverFacts(current), url: patch.url ?? current.url, name }));
    }
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
    const saved = servers.saved(serverId);
    if (!saved) return;
    if (saved.managed && this.#options.policy?.().managedServer(saved.managed.name)) this.#refuseManaged(saved);
    resumed.dropServer(serverId, 'removed');
    await live.stopWhere((_activityId, watched) => watched === serverId);
    servers.remove(serverId);
    await connections.remove(serverId);
    activities.dropServer(serverId);
    records.clear(serverId);
    await signIn.forget(serverId);
    await servers.persist();
    changed();
  }

  #judge(facts: Parameters<PolicyJudge['judgeServer']>[0]): Verdict {
    return this.#options.policy?.().judgeServer(facts) ?? { allowed: true };
  }

  #refuseManaged(saved: SavedServer): never {
    throw new PolicyError({ allowed: false, rule: 'managedMcpServers', reason: policyWords.managedLocked(saved.name ?? saved.url) });
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
