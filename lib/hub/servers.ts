/**
 * The servers the person saved, and what the panel is shown of each: their settings as they
 * set them, and what the server said of itself, cut to the panel's bounds.
 */
import { toMcpJson, type ExportFormat } from '../mcpJson';
import { boundForPanel } from '../panelBounds';
import type { Verdict } from '../policy';
import type { ManagedPart, ServerSettings, ServerView } from '../state';
import type { Stored } from '../stored';
import { isolated, isolatedUrl, t } from '../i18n';

/** What is saved of a server: the person's settings and where it came from, never what the server said. */
export interface SavedServer extends ServerSettings {
  id: string;
  /** The organisation's `managedMcpServers` entry it is (lib/hub/managedServers.ts). */
  managed?: ManagedPart;
  /** The registry it was added from, and its name there, once the worker found it listed with this address. */
  registry?: { base: string; name: string };
}

/** What the worker may change of a saved server: the person's settings and the organisation's part. */
export type ServerPatch = Partial<Omit<SavedServer, 'id'>>;

/** What the person types to add a server: enabled unless they say otherwise. */
export type NewServer = Omit<ServerSettings, 'enabled'> & { enabled?: boolean };

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
  if (!URL.canParse(text)) throw new ServerUrlError(t('errors.hub.notAUrl', { text: isolated(text) }));
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ServerUrlError(t('errors.hub.notHttp', { scheme: isolatedUrl(url.protocol) }));
  }
  return url;
}

/**
 * A server as it is saved: its URL checked and written the one way, names and header keys
 * trimmed, blanks dropped; a client secret kept only with the client id it belongs to.
 * @throws ServerUrlError when the URL cannot be an MCP server.
 */
export function normalize(server: SavedServer): SavedServer {
  const url = parseServerUrl(server.url).href;
  const name = server.name?.trim();
  const headers = Object.fromEntries(
    Object.entries(server.headers ?? {})
      .map(([key, value]) => [key.trim(), value] as const)
      .filter(([key]) => key.length > 0),
  );
  const saved: SavedServer = { id: server.id, url, enabled: server.enabled };
  if (name) saved.name = name;
  const clientId = server.oauthClientId?.trim();
  if (clientId) {
    saved.oauthClientId = clientId;
    if (server.oauthClientSecret) saved.oauthClientSecret = server.oauthClientSecret;
  }
  if (Object.keys(headers).length > 0) saved.headers = headers;
  if (server.logLevel) saved.logLevel = server.logLevel;
  if (server.managed) saved.managed = server.managed;
  if (server.registry) saved.registry = server.registry;
  return saved;
}

/** A server the organisation's policy refuses: blocked, with the rule and the reason, and nothing of it to use. */
export function blockedView(verdict: Extract<Verdict, { allowed: false }>): Partial<ServerView> {
  const blocked = { rule: verdict.rule, reason: verdict.reason };
  return {
    status: 'blocked',
    blocked,
    error: undefined,
    retryAt: undefined,
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    skills: [],
  };
}

/** What a server says of itself in its view: the worker cuts these to the panel's bounds. */
const SERVER_WORDS = [
  'displayName',
  'error',
  'serverInfo',
  'instructions',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
  'skills',
  'skillsProblem',
] as const;

export interface ServersOptions {
  stored: Stored<SavedServer[]>;
  newId: () => string;
  /** A view changed: the panel should be told. */
  changed: () => void;
}

export class Servers {
  readonly #options: ServersOptions;
  readonly #saved = new Map<string, SavedServer>();
  readonly #views = new Map<string, ServerView>();
  /** What was cut of each server's view to fit the panel, by field, so one list's cut outlives another list's change. */
  readonly #cuts = new Map<string, Map<string, string[]>>();

  constructor(options: ServersOptions) {
    this.#options = options;
  }

  ids(): string[] {
    return [...this.#saved.keys()];
  }

  saved(serverId: string): SavedServer | undefined {
    return this.#saved.get(serverId);
  }

  views(): ServerView[] {
    return [...this.#views.values()];
  }

  view(serverId: string): ServerView | undefined {
    return this.#views.get(serverId);
  }

  /** @throws Error when the server is no longer saved. */
  urlOf(serverId: string): string {
    const saved = this.#saved.get(serverId);
    if (!saved) throw new Error(t('errors.hub.serverRemoved'));
    return saved.url;
  }

  displayName(serverId: string): string | undefined {
    return this.#views.get(serverId)?.displayName;
  }

  /** Reads what the last worker saved, to `restore` when the start is ready for it. */
  load(): Promise<SavedServer[]> {
    return this.#options.stored.load();
  }

  /** What the last worker saved; a server saved before `enabled` existed is enabled. */
  restore(servers: SavedServer[]): void {
    for (const saved of servers) this.#track({ ...saved, enabled: saved.enabled !== false });
  }

  /**
   * Adds all of `servers` or, when one URL cannot be an MCP server, none of them.
   * @throws ServerUrlError
   */
  add(servers: NewServer[]): SavedServer[] {
    const added = servers.map((server) => normalize({ id: this.#options.newId(), enabled: true, ...server }));
    for (const saved of added) this.#track(saved);
    return added;
  }

  /**
   * Changes what the person set; says whether the connection must be made again (a new URL,
   * headers, client or enabled state), or `undefined` for a server not saved.
   */
  edit(serverId: string, patch: ServerPatch): boolean | undefined {
    const current = this.#saved.get(serverId);
    if (!current) return undefined;
    // An absent secret in an edit means "keep the one set"; clearing the client id drops both.
    const secret = patch.oauthClientSecret || (patch.oauthClientId === '' ? undefined : current.oauthClientSecret);
    const next = normalize({ ...current, ...patch, oauthClientSecret: secret });
    this.#saved.set(serverId, next);
    const info = this.#views.get(serverId)?.serverInfo;
    this.update(serverId, {
      url: next.url,
      name: next.name,
      headers: next.headers,
      enabled: next.enabled,
      oauthClientId: next.oauthClientId,
      logLevel: next.logLevel,
      managed: next.managed,
      registry: next.registry,
      hasClientSecret: next.oauthClientSecret !== undefined,
      displayName: next.name ?? info?.title ?? info?.name ?? new URL(next.url).host,
    });
    return (
      next.url !== current.url ||
      next.enabled !== current.enabled ||
      next.oauthClientId !== current.oauthClientId ||
      next.oauthClientSecret !== current.oauthClientSecret ||
      JSON.stringify(next.headers) !== JSON.stringify(current.headers) ||
      JSON.stringify(next.managed?.headers) !== JSON.stringify(current.managed?.headers)
    );
  }

  remove(serverId: string): void {
    this.#saved.delete(serverId);
    this.#views.delete(serverId);
    this.#cuts.delete(serverId);
  }

  persist(): Promise<void> {
    return this.#options.stored.save([...this.#saved.values()]);
  }

  export(format: ExportFormat): string {
    return toMcpJson(
      [...this.#saved.values()].map(({ url, headers, id }) => ({ name: this.#views.get(id)?.displayName ?? url, url, headers })),
      format,
    );
  }

  /** Changes what the panel shows of a server; what the server said is cut to the panel's bounds. */
  update(serverId: string, unbounded: Partial<ServerView>): void {
    const view = this.#views.get(serverId);
    if (!view) return;
    // Blocked is a status: any other one ends it.
    const unblocked =
      unbounded.status !== undefined && unbounded.status !== 'blocked' && view.blocked ? { ...unbounded, blocked: undefined } : unbounded;
    const patch = this.#bound(serverId, view, unblocked);
    // Nothing new (e.g. "connecting" again): keep the view, so no patch re-sends the server.
    if (Object.entries(patch).every(([key, value]) => view[key as keyof ServerView] === value)) return;
    this.#views.set(serverId, { ...view, ...patch });
    this.#options.changed();
  }

  /**
   * What the server said in `patch`, each field cut to the panel's bounds on its own (a list is
   * replaced whole when it changes); `cuts` says what is cut now, over all fields.
   */
  #bound(serverId: string, view: ServerView, patch: Partial<ServerView>): Partial<ServerView> {
    const fields = SERVER_WORDS.filter((key) => key in patch);
    if (fields.length === 0) return patch;
    const cutsByField = this.#cuts.get(serverId) ?? new Map<string, string[]>();
    this.#cuts.set(serverId, cutsByField);
    const bounded: Record<string, unknown> = { ...patch };
    for (const key of fields) {
      const { value, cuts } = boundForPanel(patch[key]);
      bounded[key] = value;
      if (cuts.length > 0) cutsByField.set(key, cuts);
      else cutsByField.delete(key);
    }
    const cuts = [...new Set([...cutsByField.values()].flat())];
    const before = view.cuts;
    // The same words keep the same array, so an unchanged view is not sent again.
    bounded.cuts = cuts.length === 0 ? undefined : cuts.join('\n') === before?.join('\n') ? before : cuts;
    return bounded as Partial<ServerView>;
  }

  #track(saved: SavedServer): void {
    this.#saved.set(saved.id, saved);
    const { oauthClientSecret, ...settings } = saved;
    this.#views.set(saved.id, {
      ...settings,
      hasClientSecret: oauthClientSecret !== undefined,
      displayName: saved.name ?? new URL(saved.url).host,
      status: saved.enabled ? 'connecting' : 'disabled',
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
    });
  }
}
