/**
 * What the background worker holds: the saved servers, a live connection to each, the
 * requests in flight, the inbox and its history. Pure logic: storage, host permissions
 * and the network come in as parameters, so the same hub runs in the worker and in Node.
 */
import { ProtocolError, SdkError, SdkErrorCode, UriTemplate, type PriorDiscovery } from '@modelcontextprotocol/client';
import { AuthorizationError, authorizationContext, authStatus, createServerAuthorization, signOut, type AuthorizationSetup } from '../auth';
import { History, historyEntry, type HistoryEntry } from '../history';
import { Inbox, InboxError, type PendingRequest, type Provenance } from '../inbox';
import { load } from '../mcp/client';
import type { CallOptions, Connection, InputRound, ListChange, LoadOptions } from '../mcp/connection';
import { eraVerdict, priorDiscovery, type EraVerdicts } from '../mcp/eras';
import { throttledMirror, type Stored } from './stored';
import { parseMcpJson, toMcpJson, type ExportFormat, type ImportResult } from '../mcpJson';
import type { ActivityView, CallView, FlowView, InboxItem, NoticeView, OpenMode, HubState, PromptView, ResourceReadView, ServerSettings, ServerView, Settings } from '../state';
import type { Answer, Request } from '../request';
import { analyzeUrl, type UrlAnalysis } from '../urls';
import { errorMessage } from '../errorMessage';
import { boundForPanel } from '../panelBounds';

export type { Stored } from './stored';

/** What is saved of a server: the person's settings only, never what the server said. */
export interface SavedServer extends ServerSettings {
  id: string;
}

export interface HubOptions {
  servers: Stored<SavedServer[]>;
  history?: Stored<HistoryEntry[]>;
  settings?: Stored<Partial<Settings>>;
  inbox?: Inbox;
  connect?: typeof load;
  fetch?: LoadOptions['fetch'];
  /** Whether the extension may reach `origin` (host permission); absent means always. */
  canReach?: (origin: string) => Promise<boolean>;
  newId?: () => string;
  /** Delay before automatic reconnect attempt `n` (0-based). */
  backoffMs?: (attempt: number) => number;
  /** How many finished activities are kept for the panel to show. */
  keepActivities?: number;
  /**
   * Opens a URL the person consented to where the extension cannot read it (a
   * launchWebAuthFlow window, or a tab); resolves when they are done with it.
   */
  openUrl?: (url: string, mode: OpenMode) => Promise<void>;
  /**
   * Storage, redirect URL and the sign-in window for servers that require OAuth; the hub
   * adds the consent (its inbox) and each server's pre-registered client.
   */
  authorization?: Omit<AuthorizationSetup, 'consent' | 'preRegistered' | 'clientMetadataUrl'>;
  /**
   * Where pending Requests are mirrored while they wait (in the extension:
   * `storage.session`, which outlives a stopped worker), so a restart can report them.
   */
  pending?: Stored<PendingRequest[]>;
  /**
   * Where 2026-07-28 calls waiting on the person are kept (in the extension:
   * `storage.session`), so a restarted worker can ask their Requests again and carry
   * them on instead of reporting them lost.
   */
  suspended?: Stored<SuspendedCall[]>;
  /**
   * What each server was found to speak (lib/mcp/eras.ts), so a restarted worker connects
   * without probing again. Kept apart from `servers`, which holds only what the person set.
   */
  eras?: Stored<EraVerdicts>;
}

/** A 2026-07-28 call paused on the person: its activity, and the round it waits in. */
export interface SuspendedCall {
  activity: ActivityView;
  round: InputRound;
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

export const DEFAULT_SETTINGS: Settings = { requestTimeoutMinutes: 10 };

/** 1 s, 2 s, 4 s … capped at a minute. */
export const exponentialBackoff = (attempt: number) => Math.min(60_000, 1_000 * 2 ** attempt);


/**
 * Whether a failed request means the connection itself is gone (network down, server
 * restarted, session lost), as opposed to the server answering with an error.
 */
function isConnectionLost(error: unknown): boolean {
  if (error instanceof ProtocolError) return false;
  if (error instanceof SdkError) {
    return error.code !== SdkErrorCode.RequestTimeout && error.code !== SdkErrorCode.InvalidResult;
  }
  return error instanceof TypeError;
}

interface Live {
  connection?: Connection;
  retryTimer?: ReturnType<typeof setTimeout>;
  attempts: number;
  /** Bumped on every (re)connect so a stale attempt cannot overwrite a newer one. */
  generation: number;
}

export class Hub {
  readonly inbox: Inbox;
  readonly #options: HubOptions;
  readonly #history: History;
  #settings: Settings = DEFAULT_SETTINGS;
  readonly #saved = new Map<string, SavedServer>();
  readonly #views = new Map<string, ServerView>();
  readonly #live = new Map<string, Live>();
  #activities: ActivityView[] = [];
  readonly #controllers = new Map<string, AbortController>();
  readonly #flows = new Map<string, { view: FlowView; elicitationId?: string; done: Array<() => void> }>();
  readonly #analyses = new Map<string, UrlAnalysis>();
  #notices: NoticeView[] = [];
  /** What was cut of each server's view to fit the panel, by field, so one list's cut outlives another list's change. */
  readonly #viewCuts = new Map<string, Map<string, string[]>>();
  #started = false;
  #tookOver: Promise<void> = Promise.resolve();
  #eras: EraVerdicts = {};
  /** 2026-07-28 calls waiting on the person, by activity id, as kept in `suspended`. */
  readonly #suspended = new Map<string, SuspendedCall>();
  /** Of those, the ones a stopped worker left, carried on once their server connects. */
  readonly #toResume = new Map<string, SuspendedCall>();
  /** When the kept Requests were first asked, so asking them again keeps their times. */
  readonly #askedBefore = new Map<string, PendingRequest>();
  readonly #listeners = new Set<HubListener>();
  /** Pending Requests, as the next worker will find them (see throttledMirror). */
  readonly #savePending: (pending: PendingRequest[]) => void;
  readonly #saveSuspended: (calls: SuspendedCall[]) => void;
  #emitQueued = false;
  /** The panel's view of each pending URL Request, built once (see `state()`). */
  readonly #inboxItems = new WeakMap<PendingRequest, InboxItem>();

  constructor(options: HubOptions) {
    this.#options = options;
    this.#savePending = throttledMirror(options.pending);
    this.#saveSuspended = throttledMirror(options.suspended);
    this.inbox = options.inbox ?? new Inbox({ timeoutMs: DEFAULT_SETTINGS.requestTimeoutMinutes * 60_000 });
    this.#history = new History(options.history ?? { load: async () => [], save: async () => {} });
    this.inbox.subscribe((pending) => {
      // Before start() has read what the last worker left, writing would erase it.
      if (this.#started) this.#mirrorPending(pending);
      this.#emit();
    });
    this.inbox.onSettled((request, answer, at) => this.#record(historyEntry(request, answer, at)));
  }

  /**
   * Loads saved servers, settings and history, and connects to every enabled server. Only
   * what connecting needs (servers, their eras, settings: sign-ins use the client metadata
   * URL) is waited for; history and what the last worker left load meanwhile.
   */
  async start(): Promise<void> {
    const [servers, settings, eras] = await Promise.all([
      this.#options.servers.load(),
      this.#options.settings?.load() ?? Promise.resolve({}),
      this.#options.eras?.load() ?? Promise.resolve({}),
    ]);
    this.#applySettings({ ...DEFAULT_SETTINGS, ...settings });
    this.#eras = eras;
    this.#tookOver = this.#takeOver();
    for (const saved of servers) this.#track({ ...saved, enabled: saved.enabled !== false });
    this.#emit();
    await Promise.all([...[...this.#saved.keys()].map((id) => this.#connect(id)), this.#history.load().then(() => this.#emit()), this.#tookOver]);
  }

  /**
   * Requests still pending when the last worker stopped died with it: their servers were
   * never answered. A 2026-07-28 round is asked again (its server keeps nothing, so the retry
   * can come from this worker); of the rest, say so instead of losing them silently. Then the
   * stored list becomes this worker's own; Requests asked meanwhile were held back from
   * storage until now.
   */
  async #takeOver(): Promise<void> {
    const [pending = [], suspended = []] = await Promise.all([this.#options.pending?.load(), this.#options.suspended?.load()]);
    const kept = new Set(suspended.flatMap((call) => Object.values(call.round.requestIds)));
    for (const request of pending) {
      if (kept.has(request.id)) this.#askedBefore.set(request.id, request);
      else this.#notify('lost', request, `toolnexus was stopped while this waited, so ${request.serverName} never got an answer. Run the tool again if you still need it.`);
    }
    for (const call of suspended) {
      this.#suspended.set(call.activity.id, call);
      this.#toResume.set(call.activity.id, call);
    }
    this.#activities = keepActivities([...suspended.map((call) => call.activity), ...this.#activities], this.#options.keepActivities ?? 50);
    this.#started = true;
    this.#mirrorPending(this.inbox.list());
    this.#emit();
  }

  /**
   * Everything the panel shows. What did not change is the very object the last call returned:
   * the panel is sent only what is not (lib/statePatch.ts).
   */
  state(): HubState {
    return {
      servers: [...this.#views.values()],
      inbox: this.inbox.list().map((request) => this.#inboxItem(request)),
      flows: [...this.#flows.values()].map((flow) => flow.view),
      notices: this.#notices,
      activities: this.#activities,
      history: this.#history.list(),
      settings: this.#settings,
    };
  }

  /** A pending Request as the panel holds it: cut to the panel's bounds, with what the worker found in its URL. */
  #inboxItem(request: PendingRequest): InboxItem {
    let item = this.#inboxItems.get(request);
    if (item) return item;
    const analysis = this.#analyses.get(request.id);
    const { value } = boundForPanel(request);
    item = analysis ? { ...value, analysis } : value;
    this.#inboxItems.set(request, item);
    return item;
  }

  /** True while something would be lost if the worker stopped now. */
  busy(): boolean {
    return this.inbox.size > 0 || this.#flows.size > 0 || this.#activities.some((activity) => activity.status === 'running');
  }

  subscribe(listener: HubListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** @throws ServerUrlError when the URL cannot be an MCP server. */
  async addServer(settings: Omit<ServerSettings, 'enabled'> & { enabled?: boolean }): Promise<string> {
    const saved = this.#normalize({ id: this.#newId(), enabled: true, ...settings });
    this.#track(saved);
    await this.#persist();
    this.#emit();
    await this.#connect(saved.id);
    return saved.id;
  }

  /** Adds every server of an `mcp.json` text at once, or none when the text is unreadable. */
  async importServers(text: string): Promise<ImportResult> {
    const result = parseMcpJson(text);
    const added = result.servers.map((server) => this.#normalize({ id: this.#newId(), enabled: true, ...server }));
    for (const saved of added) this.#track(saved);
    await this.#persist();
    this.#emit();
    await Promise.all(added.map((saved) => this.#connect(saved.id)));
    return result;
  }

  exportServers(format: ExportFormat): string {
    return toMcpJson(
      [...this.#saved.values()].map(({ url, headers, id }) => ({ name: this.#views.get(id)?.displayName ?? url, url, headers })),
      format,
    );
  }

  /** Changes what the person set; a new URL, headers or enabled state reconnects. */
  async updateServer(serverId: string, patch: Partial<ServerSettings>): Promise<void> {
    const current = this.#saved.get(serverId);
    if (!current) return;
    // An absent secret in an edit means "keep the one set"; clearing the client id drops both.
    const secret = patch.oauthClientSecret || (patch.oauthClientId === '' ? undefined : current.oauthClientSecret);
    const next = this.#normalize({ ...current, ...patch, oauthClientSecret: secret });
    this.#saved.set(serverId, next);
    const reconnect =
      next.url !== current.url ||
      next.enabled !== current.enabled ||
      next.oauthClientId !== current.oauthClientId ||
      next.oauthClientSecret !== current.oauthClientSecret ||
      JSON.stringify(next.headers) !== JSON.stringify(current.headers);
    const info = this.#views.get(serverId)?.serverInfo;
    this.#update(serverId, {
      url: next.url,
      name: next.name,
      headers: next.headers,
      enabled: next.enabled,
      oauthClientId: next.oauthClientId,
      hasClientSecret: next.oauthClientSecret !== undefined,
      displayName: next.name ?? info?.title ?? info?.name ?? new URL(next.url).host,
    });
    await this.#persist();
    if (reconnect) await this.reconnect(serverId);
  }

  async removeServer(serverId: string): Promise<void> {
    if (!this.#saved.delete(serverId)) return;
    this.#dropResumes(serverId, 'was removed');
    this.#forgetEra(serverId);
    await this.#disconnect(serverId);
    this.#views.delete(serverId);
    this.#viewCuts.delete(serverId);
    this.#live.delete(serverId);
    await this.#persist();
    this.#emit();
  }

  /** Signs in to the server now (its Sign in button), then connects with the new tokens. */
  async signIn(serverId: string): Promise<void> {
    const setup = this.#authorizationFor(serverId);
    if (!setup) return;
    try {
      await createServerAuthorization(setup).signIn();
    } catch (error) {
      this.#update(serverId, { status: 'needs-authorization', error: errorMessage(error) });
      return;
    }
    await this.reconnect(serverId);
  }

  /** Forgets the server's tokens (revoking them where the authorization server can) and disconnects. */
  async signOut(serverId: string): Promise<void> {
    const setup = this.#authorizationFor(serverId);
    if (!setup) return;
    await this.#disconnect(serverId);
    const result = await signOut({ storage: setup.storage, server: setup.server, fetch: setup.fetch });
    this.#update(serverId, {
      status: 'needs-authorization',
      error: result.message,
      auth: await authStatus(setup.storage, serverId),
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
    });
  }

  /** Drops the connection (withdrawing its Requests) and connects again now, negotiating afresh. */
  async reconnect(serverId: string): Promise<void> {
    const live = this.#live.get(serverId);
    if (live) live.attempts = 0;
    this.#forgetEra(serverId);
    await this.#disconnect(serverId);
    await this.#connect(serverId);
  }

  /**
   * Host access changed (granted from the panel or chrome://extensions, or revoked):
   * servers waiting for it connect, and connected ones that lost it stop.
   */
  async accessChanged(): Promise<void> {
    const canReach = this.#options.canReach;
    if (!canReach) return;
    await Promise.all(
      [...this.#views.values()].map(async (view) => {
        const reachable = await canReach(new URL(view.url).origin);
        const stale = view.status === 'needs-permission' ? reachable : view.status !== 'disabled' && !reachable;
        if (stale) await this.reconnect(view.id);
      }),
    );
  }

  callTool(serverId: string, tool: string, args: Record<string, unknown>): Promise<CallView> {
    return this.#run<CallView>({ kind: 'tool', tool, args }, serverId, (connection, options) =>
      connection.callTool(tool, args, options),
    );
  }

  readResource(serverId: string, uri: string): Promise<ResourceReadView> {
    return this.#run<ResourceReadView>({ kind: 'resource', uri }, serverId, (connection, options) =>
      connection.readResource(uri, options),
    );
  }

  /** Reads the resource a template names for these values (RFC 6570, percent-encoded). */
  readTemplate(serverId: string, uriTemplate: string, values: Record<string, unknown>): Promise<ResourceReadView> {
    const variables = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value ?? '')]));
    return this.readResource(serverId, new UriTemplate(uriTemplate).expand(variables));
  }

  getPrompt(serverId: string, prompt: string, args: Record<string, string>): Promise<PromptView> {
    return this.#run<PromptView>({ kind: 'prompt', prompt, args }, serverId, (connection, options) =>
      connection.getPrompt(prompt, args, options),
    );
  }

  /** Stops a running request; the server is told (`notifications/cancelled`). */
  cancelActivity(activityId: string): void {
    this.#controllers.get(activityId)?.abort();
    this.#dropResume(activityId, 'cancelled', 'Cancelled before it could be carried on.');
  }

  clearActivities(): void {
    this.#activities = this.#activities.filter((activity) => activity.status === 'running');
    this.#emit();
  }

  /** @throws InboxError when the Answer is refused; the panel shows its message. */
  answer(answer: Answer): void {
    this.inbox.answer(answer);
  }

  /**
   * Asks the person, unless the Request is a URL no one should open: those are answered
   * `decline` at once and shown as refused.
   */
  ask(request: Request, provenance: Provenance, signal?: AbortSignal): Promise<Answer> {
    if (request.kind !== 'authorization') return this.#askInbox(request, provenance, signal);
    const analysis = analyzeUrl(request.url ?? '');
    if (analysis.refused !== null) {
      const at = Date.now();
      const answer: Answer = { id: request.id, ok: false, reason: 'declined' };
      this.#notify('refused', { ...request, ...provenance }, analysis.refused, at);
      const entry = historyEntry({ ...request, ...provenance, askedAt: at, expiresAt: null }, answer, at);
      this.#record({ ...entry, reason: analysis.refused });
      return Promise.resolve(answer);
    }
    this.#analyses.set(request.id, analysis);
    return this.#askInbox(request, provenance, signal).finally(() => this.#analyses.delete(request.id));
  }

  /** Keeps `entry` in History; a save that fails is told to the person, and later saves go on. */
  #record(entry: HistoryEntry): void {
    void this.#history.add(entry).then(
      () => this.#emit(),
      (error: unknown) => {
        const request = { id: `unsaved:${entry.requestId}`, serverId: entry.serverId, serverName: entry.serverName, prompt: entry.prompt, url: entry.url };
        this.#notify('unsaved', request, `${errorMessage(error)}. It is listed in History until toolnexus stops.`);
      },
    );
  }

  /** Kept Requests not asked again yet stay mirrored beside the pending ones, in case this worker stops too. */
  #mirrorPending(pending: PendingRequest[]): void {
    this.#savePending([...pending, ...this.#askedBefore.values()]);
  }

  #askInbox(request: Request, provenance: Provenance, signal?: AbortSignal): Promise<Answer> {
    const before = this.#askedBefore.get(request.id);
    this.#askedBefore.delete(request.id);
    return this.inbox.ask(request, provenance, signal, before).catch((error: unknown) => {
      if (error instanceof InboxError && error.code === 'too-many') this.#notifyFlood(request, provenance);
      throw error;
    });
  }

  /** Once per flood: the refused requests themselves fail at their server, one by one. */
  #notifyFlood(request: Request, provenance: Provenance): void {
    const id = `too-many:${provenance.serverId}`;
    if (this.#notices.some((notice) => notice.id === id)) return;
    const reason = `${provenance.serverName} asked more than ${this.inbox.maxPerServer} questions at once; the rest were refused, so the ones waiting stay answerable. Answer or decline those to let it ask again.`;
    this.#notify('refused', { ...request, ...provenance, id }, reason);
  }

  /**
   * The person consents to a URL Request: it is answered `accept` (spec: opening is what
   * accept means) and opened where the extension cannot read it. A server's own sign-in
   * opens its window itself, so it is only answered.
   * @throws InboxError when the Request is no longer pending.
   */
  openUrl(requestId: string, mode: OpenMode): void {
    const request = this.inbox.list().find((pending) => pending.id === requestId);
    if (!request?.url) throw new InboxError('unknown-request', 'That request is no longer waiting; nothing was opened.');
    if (request.purpose === 'oauth') {
      this.inbox.answer({ id: requestId, ok: true });
      return;
    }
    const view: FlowView = {
      requestId,
      serverId: request.serverId,
      serverName: request.serverName,
      prompt: request.prompt,
      url: request.url,
      domain: this.#analyses.get(requestId)?.hostParts.domain ?? null,
      mode,
      openedAt: Date.now(),
    };
    this.#flows.set(requestId, { view, elicitationId: request.elicitationId, done: [] });
    this.inbox.answer({ id: requestId, ok: true });
    void (this.#options.openUrl?.(request.url, mode) ?? Promise.resolve()).catch(() => {}).finally(() => this.finishFlow(requestId));
  }

  /** The person is done with an opened URL, or the server said so; whoever waits goes on. */
  finishFlow(requestId: string): void {
    const flow = this.#flows.get(requestId);
    if (!flow) return;
    this.#flows.delete(requestId);
    flow.done.forEach((resolve) => resolve());
    this.#emit();
  }

  dismissNotice(id: string): void {
    this.#notices = this.#notices.filter((notice) => notice.id !== id);
    this.#emit();
  }

  #notify(kind: NoticeView['kind'], request: Pick<Request & Provenance, 'id' | 'serverId' | 'serverName' | 'prompt' | 'url'>, reason: string, at = Date.now()): void {
    const { value: notice } = boundForPanel<NoticeView>({
      id: request.id,
      kind,
      serverId: request.serverId,
      serverName: request.serverName,
      prompt: request.prompt,
      url: request.url ?? '',
      reason,
      at,
    });
    this.#notices = [notice, ...this.#notices].slice(0, 20);
    this.#emit();
  }

  /** Resolves when the flow of an accepted URL Request ends (at once if none is open). */
  #untilFlowEnds(requestId: string, signal: AbortSignal): Promise<void> {
    const flow = this.#flows.get(requestId);
    if (!flow) return Promise.resolve();
    return new Promise((resolve) => {
      flow.done.push(resolve);
      signal.addEventListener('abort', () => this.finishFlow(requestId), { once: true });
    });
  }

  /** The server is gone: nothing of it waits on the person any more. */
  #authorizationFor(serverId: string) {
    const saved = this.#saved.get(serverId);
    const base = this.#options.authorization;
    if (!saved || !base) return undefined;
    const serverName = () => this.#views.get(serverId)?.displayName ?? saved.url;
    return {
      ...base,
      server: { id: serverId, name: serverName(), url: saved.url },
      consent: (request: Request) => this.ask(request, { serverId, serverName: serverName(), serverOrigin: new URL(saved.url).origin, purpose: 'oauth' }),
      preRegistered: saved.oauthClientId ? { clientId: saved.oauthClientId, clientSecret: saved.oauthClientSecret } : undefined,
      clientMetadataUrl: this.#settings.clientMetadataUrl || undefined,
    };
  }

  #withdraw(serverId: string): void {
    this.inbox.cancelServer(serverId);
    for (const [requestId, flow] of this.#flows) if (flow.view.serverId === serverId) this.finishFlow(requestId);
  }

  #elicitationComplete(serverId: string, elicitationId: string): void {
    for (const [requestId, flow] of this.#flows) {
      if (flow.view.serverId === serverId && flow.elicitationId === elicitationId) this.finishFlow(requestId);
    }
    const pending = this.inbox.list().find((request) => request.serverId === serverId && request.elicitationId === elicitationId);
    // Completed elsewhere before the person got to it: nothing left to ask.
    if (pending) this.inbox.answer({ id: pending.id, ok: true });
  }

  /** @throws HistorySaveError when the cleared list could not be saved; the panel shows it cleared either way. */
  async clearHistory(serverId?: string): Promise<void> {
    try {
      await this.#history.clear(serverId);
    } finally {
      this.#emit();
    }
  }

  async updateSettings(patch: Partial<Settings>): Promise<void> {
    const minutes = patch.requestTimeoutMinutes ?? this.#settings.requestTimeoutMinutes;
    if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60) {
      throw new RangeError('Requests can wait between 1 minute and 24 hours.');
    }
    // spec (Client ID Metadata Documents): the client id is an https URL with a path.
    const metadataUrl = patch.clientMetadataUrl;
    if (metadataUrl && (!URL.canParse(metadataUrl) || new URL(metadataUrl).protocol !== 'https:' || new URL(metadataUrl).pathname === '/')) {
      throw new RangeError('The client metadata URL must be an https: URL with a path, e.g. https://example.com/toolnexus.json.');
    }
    this.#applySettings({ ...this.#settings, ...patch });
    await this.#options.settings?.save(this.#settings);
    this.#emit();
  }

  #applySettings(settings: Settings): void {
    this.#settings = settings;
    this.inbox.setTimeoutMs(settings.requestTimeoutMinutes * 60_000);
  }

  #run<T extends ActivityView>(
    target: Pick<CallView, 'kind' | 'tool' | 'args'> | Pick<ResourceReadView, 'kind' | 'uri'> | Pick<PromptView, 'kind' | 'prompt' | 'args'>,
    serverId: string,
    send: (connection: Connection, options: CallOptions) => Promise<T['result']>,
  ): Promise<T> {
    const activity = { ...target, id: this.#newId(), serverId, startedAt: Date.now(), status: 'running' } as T;
    return this.#execute(activity, send);
  }

  /** Runs `activity` (new, or carried on from a stopped worker) and shows how it ends. */
  async #execute<T extends ActivityView>(activity: T, send: (connection: Connection, options: CallOptions) => Promise<T['result']>): Promise<T> {
    const { serverId } = activity;
    this.#activities = keepActivities([activity, ...this.#activities.filter((item) => item.id !== activity.id)], this.#options.keepActivities ?? 50);
    const controller = new AbortController();
    this.#controllers.set(activity.id, controller);
    this.#emit();
    const connection = this.#live.get(serverId)?.connection;
    try {
      if (!connection) throw new Error(`${this.#views.get(serverId)?.displayName ?? 'That server'} is not connected.`);
      const result = await send(connection, {
        signal: controller.signal,
        onprogress: (progress) => this.#patchActivity(activity, { progress: boundForPanel(progress).value } as Partial<T>),
        onRound: (round) => this.#keepRound(activity.id, round),
      });
      const { value: shown, cuts } = boundForPanel(result);
      this.#patchActivity(activity, { status: 'done', result: shown, ...(cuts.length > 0 && { cuts }) } as Partial<T>);
    } catch (error) {
      const status = controller.signal.aborted ? 'cancelled' : 'failed';
      this.#patchActivity(activity, { status, error: boundForPanel(errorMessage(error)).value } as Partial<T>);
      if (connection && isConnectionLost(error)) this.#lost(serverId, error);
    } finally {
      this.#controllers.delete(activity.id);
      this.#keepRound(activity.id, undefined);
    }
    return this.#activities.find((item) => item.id === activity.id) as T;
  }

  /** Keeps (or forgets) the round a 2026-07-28 call waits in, where a new worker finds it. */
  #keepRound(activityId: string, round: InputRound | undefined): void {
    const activity = this.#activities.find((item) => item.id === activityId);
    if (round && activity) this.#suspended.set(activityId, { activity: { ...activity, progress: undefined }, round });
    else if (!this.#suspended.delete(activityId)) return;
    this.#saveSuspended([...this.#suspended.values()]);
  }

  /** Carries on the calls a stopped worker left waiting on this (now connected) server. */
  #resumeCalls(serverId: string): void {
    for (const [activityId, call] of this.#toResume) {
      if (call.activity.serverId !== serverId) continue;
      this.#toResume.delete(activityId);
      void this.#execute(call.activity, (connection, options) => connection.resume(call.round, options));
    }
  }

  #dropResumes(serverId: string, what: string): void {
    const name = this.#views.get(serverId)?.displayName ?? 'The server';
    for (const [activityId, call] of this.#toResume) {
      if (call.activity.serverId === serverId) this.#dropResume(activityId, 'failed', `${name} ${what} before this call could be carried on.`);
    }
  }

  /** A kept call that will not be carried on after all (cancelled, its server removed or disabled). */
  #dropResume(activityId: string, status: 'cancelled' | 'failed', error: string): void {
    const call = this.#toResume.get(activityId);
    if (!call) return;
    this.#toResume.delete(activityId);
    this.#keepRound(activityId, undefined);
    for (const requestId of Object.values(call.round.requestIds)) this.#askedBefore.delete(requestId);
    this.#patchActivity(call.activity, { status, error });
  }

  #patchActivity<T extends ActivityView>(activity: T, patch: Partial<T>): void {
    const ended = patch.status !== undefined && patch.status !== 'running';
    this.#activities = this.#activities.map((item) =>
      item.id === activity.id ? ({ ...item, ...patch, ...(ended ? { endedAt: Date.now(), progress: undefined } : {}) } as ActivityView) : item,
    );
    this.#emit();
  }

  #newId(): string {
    return this.#options.newId?.() ?? crypto.randomUUID();
  }

  #normalize(server: SavedServer): SavedServer {
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
    return saved;
  }

  #track(saved: SavedServer): void {
    this.#saved.set(saved.id, saved);
    this.#live.set(saved.id, { attempts: 0, generation: 0 });
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

  async #connect(serverId: string): Promise<void> {
    const saved = this.#saved.get(serverId);
    const live = this.#live.get(serverId);
    if (!saved || !live) return;
    clearTimeout(live.retryTimer);
    live.generation += 1;
    const generation = live.generation;
    const current = () => this.#live.get(serverId)?.generation === generation && this.#saved.has(serverId);
    if (!saved.enabled) {
      this.#update(serverId, { status: 'disabled', error: undefined, retryAt: undefined });
      await this.#tookOver;
      if (current()) this.#dropResumes(serverId, 'was disabled');
      return;
    }
    const origin = new URL(saved.url).origin;
    if (this.#options.canReach && !(await this.#options.canReach(origin))) {
      this.#update(serverId, {
        status: 'needs-permission',
        error: `toolnexus may not reach ${origin} yet. Grant access to connect.`,
        retryAt: undefined,
      });
      return;
    }
    this.#update(serverId, { status: 'connecting', error: undefined, retryAt: undefined });
    const name = () => this.#views.get(serverId)?.displayName ?? saved.url;
    let prior: PriorDiscovery | undefined;
    let connection: Connection | undefined;
    try {
      prior = priorDiscovery(this.#eras[serverId], saved.url, Date.now(), await this.#authorizationContext(serverId));
      connection = await (this.#options.connect ?? load)(
        { id: serverId, name: name(), url: saved.url, headers: saved.headers },
        {
          prior,
          fetch: this.#options.fetch,
          authorization: this.#authorizationFor(serverId),
          waitFor: (request, { signal }) => this.ask(request, { serverId, serverName: name(), serverOrigin: new URL(saved.url).origin }, signal),
          untilUrlFlowEnds: (request, signal) => this.#untilFlowEnds(request.id, signal),
          onElicitationComplete: (elicitationId) => current() && this.#elicitationComplete(serverId, elicitationId),
          onListChanged: (change) => current() && this.#update(serverId, listPatch(change)),
          onLost: (error) => current() && this.#lost(serverId, error),
        },
      );
      if (!current()) return void (await connection.close());
      const [tools, resources, resourceTemplates, prompts] = await Promise.all([
        connection.listTools(),
        connection.listResources(),
        connection.listResourceTemplates(),
        connection.listPrompts(),
      ]);
      if (!current()) return void (await connection.close());
      live.connection = connection;
      live.attempts = 0;
      const info = connection.serverInfo;
      const storage = this.#options.authorization?.storage;
      const auth = storage ? await authStatus(storage, serverId) : undefined;
      this.#update(serverId, {
        status: 'connected',
        displayName: saved.name ?? info?.title ?? info?.name ?? new URL(saved.url).host,
        era: connection.era,
        protocolVersion: connection.protocolVersion,
        serverInfo: info,
        instructions: connection.instructions,
        auth: auth?.signedIn ? auth : undefined,
        tools,
        resources,
        resourceTemplates: resourceTemplates.map((template) => ({ ...template, variables: templateVariables(template.uriTemplate) })),
        prompts,
      });
      if (!prior) await this.#rememberEra(serverId, saved.url, connection, current);
      // A connect can finish before the last worker's kept calls are read.
      await this.#tookOver;
      if (current()) this.#resumeCalls(serverId);
    } catch (error) {
      await connection?.close().catch(() => {});
      if (!current()) return;
      // A sign-in the person declined, abandoned or that failed a check is theirs to retry.
      if (error instanceof AuthorizationError) {
        this.#update(serverId, { status: 'needs-authorization', error: error.message });
      } else if (prior) {
        // A remembered era that no longer holds fails loudly: forget it and negotiate, once.
        this.#forgetEra(serverId);
        await this.#connect(serverId);
      } else {
        this.#scheduleRetry(serverId, error);
      }
    }
  }

  /** The context a remembered `server/discover` result may be reused in; empty without sign-ins. */
  #authorizationContext(serverId: string): Promise<string> {
    const storage = this.#options.authorization?.storage;
    return storage ? authorizationContext(storage, serverId) : Promise.resolve('');
  }

  /**
   * Remembers what a negotiated connect found, for the next connect to this URL, unless that
   * connect has been overtaken (`current` false: removed, reconnected). Never fails the
   * connect: a verdict not remembered only costs the next start a probe.
   */
  async #rememberEra(serverId: string, url: string, connection: Connection, current: () => boolean): Promise<void> {
    try {
      const verdict = eraVerdict(connection, url, Date.now(), await this.#authorizationContext(serverId));
      if (!current()) return;
      if (!verdict) return this.#forgetEra(serverId);
      this.#eras = { ...this.#eras, [serverId]: verdict };
      await this.#options.eras?.save(this.#eras);
    } catch {
      // Nothing to undo; see above.
    }
  }

  #forgetEra(serverId: string): void {
    if (!(serverId in this.#eras)) return;
    const eras = { ...this.#eras };
    delete eras[serverId];
    this.#eras = eras;
    void this.#options.eras?.save(eras).catch(() => {});
  }

  /** The connection broke under us: withdraw its Requests, show why, and try again. */
  #lost(serverId: string, error: unknown): void {
    const live = this.#live.get(serverId);
    if (!live?.connection) return;
    const { connection } = live;
    live.connection = undefined;
    live.generation += 1;
    for (const request of this.inbox.list().filter((pending) => pending.serverId === serverId)) {
      this.#notify('withdrawn', request, `${request.serverName} went away before you answered (${errorMessage(error)}); an answer can no longer be sent.`);
    }
    this.#withdraw(serverId);
    void connection.close().catch(() => {});
    this.#scheduleRetry(serverId, error);
  }

  #scheduleRetry(serverId: string, error: unknown): void {
    const live = this.#live.get(serverId);
    if (!live) return;
    const delay = (this.#options.backoffMs ?? exponentialBackoff)(live.attempts);
    live.attempts += 1;
    this.#update(serverId, { status: 'error', error: errorMessage(error), retryAt: Date.now() + delay });
    clearTimeout(live.retryTimer);
    live.retryTimer = setTimeout(() => void this.#connect(serverId), delay);
  }

  async #disconnect(serverId: string): Promise<void> {
    const live = this.#live.get(serverId);
    if (!live) return;
    clearTimeout(live.retryTimer);
    live.generation += 1;
    this.#withdraw(serverId);
    const { connection } = live;
    live.connection = undefined;
    await connection?.close().catch(() => {});
  }

  #update(serverId: string, unbounded: Partial<ServerView>): void {
    const view = this.#views.get(serverId);
    if (!view) return;
    const patch = this.#boundView(serverId, unbounded);
    // Nothing new (e.g. "connecting" again): keep the view, so no patch re-sends the server.
    if (Object.entries(patch).every(([key, value]) => view[key as keyof ServerView] === value)) return;
    this.#views.set(serverId, { ...view, ...patch });
    this.#emit();
  }

  /**
   * What the server said in `patch`, each field cut to the panel's bounds on its own (a list is
   * replaced whole when it changes); `cuts` says what is cut now, over all fields.
   */
  #boundView(serverId: string, patch: Partial<ServerView>): Partial<ServerView> {
    const fields = SERVER_WORDS.filter((key) => key in patch);
    if (fields.length === 0) return patch;
    const cutsByField = this.#viewCuts.get(serverId) ?? new Map<string, string[]>();
    this.#viewCuts.set(serverId, cutsByField);
    const bounded: Record<string, unknown> = { ...patch };
    for (const key of fields) {
      const { value, cuts } = boundForPanel(patch[key]);
      bounded[key] = value;
      if (cuts.length > 0) cutsByField.set(key, cuts);
      else cutsByField.delete(key);
    }
    const cuts = [...new Set([...cutsByField.values()].flat())];
    const before = this.#views.get(serverId)?.cuts;
    // The same words keep the same array, so an unchanged view is not sent again.
    bounded.cuts = cuts.length === 0 ? undefined : cuts.join('\n') === before?.join('\n') ? before : cuts;
    return bounded as Partial<ServerView>;
  }

  async #persist(): Promise<void> {
    await this.#options.servers.save([...this.#saved.values()]);
  }

  /**
   * Tells listeners once for all the changes one task makes (a lost server's notices, its
   * withdrawn Requests and its new status; a call that cannot start, started and failed): in a
   * microtask, so the first change waits for no timer, and the state read then holds the last.
   */
  #emit(): void {
    if (this.#emitQueued) return;
    this.#emitQueued = true;
    queueMicrotask(() => {
      this.#emitQueued = false;
      const state = this.state();
      for (const listener of this.#listeners) listener(state);
    });
  }
}

/** What a server says of itself in its view: the worker cuts these to the panel's bounds. */
const SERVER_WORDS = ['displayName', 'error', 'serverInfo', 'instructions', 'tools', 'resources', 'resourceTemplates', 'prompts'] as const;

/**
 * The newest `keep` finished activities, and every running one besides: a running call must
 * stay in the panel (its progress, its Cancel) and its result must land somewhere.
 */
function keepActivities(activities: ActivityView[], keep: number): ActivityView[] {
  let finished = 0;
  return activities.filter((activity) => activity.status === 'running' || (finished += 1) <= keep);
}

function templateVariables(uriTemplate: string): string[] {
  try {
    return new UriTemplate(uriTemplate).variableNames;
  } catch {
    return [];
  }
}

function listPatch(change: ListChange): Partial<ServerView> {
  switch (change.kind) {
    case 'tools':
      return { tools: change.items };
    case 'resources':
      return { resources: change.items };
    case 'prompts':
      return { prompts: change.items };
  }
}
