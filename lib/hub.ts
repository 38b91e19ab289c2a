/**
 * What the background worker holds: the saved servers, a live connection to each, the
 * tool calls in flight and the inbox. Pure logic: storage and the network come in as
 * parameters, so the same hub runs in the worker and in Node tests.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Inbox } from './inbox';
import type { CallView, HubState, ServerView } from './messages';
import { load, type Connection, type LoadOptions } from './mcp/client';
import type { Answer } from './request';

/** What is saved of a server: the person's words only, never what the server said. */
export interface SavedServer {
  id: string;
  url: string;
  name?: string;
}

export interface ServerStore {
  load(): Promise<SavedServer[]>;
  save(servers: SavedServer[]): Promise<void>;
}

export interface HubOptions {
  store: ServerStore;
  inbox?: Inbox;
  connect?: typeof load;
  fetch?: LoadOptions['fetch'];
  newId?: () => string;
  /** How many finished calls are kept for the panel to show. */
  keepCalls?: number;
}

export type HubListener = (state: HubState) => void;

/** A server URL the person typed that cannot be an MCP endpoint. */
export class ServerUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerUrlError';
  }
}

/** Checks a typed server URL: MCP over Streamable HTTP needs `http:` or `https:`. */
export function parseServerUrl(input: string): URL {
  const text = input.trim();
  if (!URL.canParse(text)) throw new ServerUrlError(`"${text}" is not a URL. Enter one like https://example.com/mcp.`);
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServerUrlError(`MCP servers are reached over http: or https:, not ${url.protocol}`);
  }
  return url;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class Hub {
  readonly inbox: Inbox;
  readonly #options: HubOptions;
  readonly #saved = new Map<string, SavedServer>();
  readonly #views = new Map<string, ServerView>();
  readonly #connections = new Map<string, Connection>();
  readonly #calls: CallView[] = [];
  readonly #listeners = new Set<HubListener>();

  constructor(options: HubOptions) {
    this.#options = options;
    this.inbox = options.inbox ?? new Inbox();
    this.inbox.subscribe(() => this.#emit());
  }

  /** Loads the saved servers and connects to each. */
  async start(): Promise<void> {
    for (const saved of await this.#options.store.load()) {
      this.#saved.set(saved.id, saved);
      this.#views.set(saved.id, this.#initialView(saved));
    }
    this.#emit();
    await Promise.all([...this.#saved.keys()].map((id) => this.#connect(id)));
  }

  state(): HubState {
    return { servers: [...this.#views.values()], inbox: this.inbox.list(), calls: [...this.#calls] };
  }

  /** True while something would be lost if the worker stopped now. */
  busy(): boolean {
    return this.inbox.size > 0 || this.#calls.some((call) => call.status === 'running');
  }

  subscribe(listener: HubListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** @throws ServerUrlError when `url` cannot be an MCP server. */
  async addServer(url: string, name?: string): Promise<string> {
    const parsed = parseServerUrl(url);
    const saved: SavedServer = { id: this.#options.newId?.() ?? crypto.randomUUID(), url: parsed.href };
    const trimmed = name?.trim();
    if (trimmed) saved.name = trimmed;
    this.#saved.set(saved.id, saved);
    this.#views.set(saved.id, this.#initialView(saved));
    await this.#persist();
    this.#emit();
    await this.#connect(saved.id);
    return saved.id;
  }

  async removeServer(serverId: string): Promise<void> {
    if (!this.#saved.delete(serverId)) return;
    this.#views.delete(serverId);
    this.inbox.cancelServer(serverId);
    await this.#connections.get(serverId)?.close();
    this.#connections.delete(serverId);
    await this.#persist();
    this.#emit();
  }

  async reconnect(serverId: string): Promise<void> {
    await this.#connections.get(serverId)?.close();
    this.#connections.delete(serverId);
    this.inbox.cancelServer(serverId);
    await this.#connect(serverId);
  }

  /** Starts a call; its progress and outcome arrive in `state().calls`. Resolves when it ends. */
  async callTool(serverId: string, tool: string, args: Record<string, unknown>): Promise<CallView> {
    const call: CallView = {
      id: this.#options.newId?.() ?? crypto.randomUUID(),
      serverId,
      tool,
      startedAt: Date.now(),
      status: 'running',
    };
    this.#calls.unshift(call);
    this.#calls.splice(this.#options.keepCalls ?? 50);
    this.#emit();
    const connection = this.#connections.get(serverId);
    try {
      if (!connection) throw new Error(`${this.#views.get(serverId)?.name ?? 'That server'} is not connected.`);
      this.#finish(call, { status: 'done', result: (await connection.callTool(tool, args)) as CallToolResult });
    } catch (error) {
      this.#finish(call, { status: 'failed', error: describe(error) });
    }
    return call;
  }

  /** @throws InboxError when the Answer is refused; the panel shows its message. */
  answer(answer: Answer): void {
    this.inbox.answer(answer);
  }

  #finish(call: CallView, outcome: Partial<CallView>): void {
    Object.assign(call, outcome);
    this.#emit();
  }

  #initialView(saved: SavedServer): ServerView {
    return { id: saved.id, name: saved.name ?? new URL(saved.url).host, url: saved.url, status: 'connecting', tools: [] };
  }

  async #connect(serverId: string): Promise<void> {
    const saved = this.#saved.get(serverId);
    if (!saved) return;
    this.#update(serverId, { status: 'connecting', error: undefined });
    try {
      const connect = this.#options.connect ?? load;
      const connection = await connect(
        { id: saved.id, name: this.#views.get(serverId)?.name ?? saved.url, url: saved.url },
        {
          fetch: this.#options.fetch,
          waitFor: (request, { signal }) =>
            this.inbox.ask(request, { serverId, serverName: this.#views.get(serverId)?.name ?? saved.url }, signal),
        },
      );
      if (!this.#saved.has(serverId)) {
        await connection.close();
        return;
      }
      this.#connections.set(serverId, connection);
      const tools = await connection.listTools();
      const info = connection.serverInfo;
      this.#update(serverId, {
        status: 'connected',
        name: saved.name ?? info?.title ?? info?.name ?? new URL(saved.url).host,
        era: connection.era,
        protocolVersion: connection.protocolVersion,
        serverInfo: info,
        tools,
      });
    } catch (error) {
      this.#update(serverId, { status: 'error', error: describe(error) });
    }
  }

  #update(serverId: string, patch: Partial<ServerView>): void {
    const view = this.#views.get(serverId);
    if (!view) return;
    this.#views.set(serverId, { ...view, ...patch });
    this.#emit();
  }

  async #persist(): Promise<void> {
    await this.#options.store.save([...this.#saved.values()]);
  }

  #emit(): void {
    const state = this.state();
    for (const listener of this.#listeners) listener(state);
  }
}
