/**
 * A live connection to each enabled server: connecting (with what an earlier connect found
 * the server to speak), lists kept fresh, a lost connection retried with backoff, host access
 * granted or revoked. The connection is the one place server requests reach the person from.
 */
import type { ProtocolRecord } from '../mcp/protocolLog';
import { connectionError } from '../diagnosis';
import { ProtocolError, SdkError, SdkErrorCode, type LoggingMessageNotificationParams, type PriorDiscovery } from '@modelcontextprotocol/client';
import { type AuthorizationError, authorizationFailure, type AuthStatus, type ServerAuthorizationOptions } from '../auth';
import { errorMessage } from '../errorMessage';
import type { load } from '../mcp/client';
import type { Connection, LoadOptions } from '../mcp/connection';
import { eraVerdict, priorDiscovery, type EraVerdicts } from '../mcp/eras';
import type { ServerView } from '../state';
import { connectedView, listedSkills, listPatch } from './connectedView';
import type { Asking } from './asking';
import { blockedView, type SavedServer } from './servers';
import type { UrlVisits } from './urlVisits';
import type { Stored } from '../stored';
import { refusesExtensionOrigin } from '../originRules';
import type { Verdict } from '../policy';
import { isolatedUrl, t } from '../i18n';
import type { DropReason } from './resumedCalls';

/** 1 s, 2 s, 4 s … capped at a minute. */
export const exponentialBackoff = (attempt: number) => Math.min(60_000, 1_000 * 2 ** attempt);

/**
 * Whether a failed request means the connection itself is gone (network down, server
 * restarted, session lost), as opposed to the server answering with an error.
 */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof ProtocolError) return false;
  if (error instanceof SdkError) {
    return error.code !== SdkErrorCode.RequestTimeout && error.code !== SdkErrorCode.InvalidResult;
  }
  return error instanceof TypeError;
}

const recordFor = (record: ((serverId: string, entry: ProtocolRecord) => void) | undefined, serverId: string) =>
  record && ((entry: ProtocolRecord) => record(serverId, entry));

/** What connecting needs of the saved servers and their views. */
export interface ConnectionServers {
  saved(serverId: string): SavedServer | undefined;
  views(): ServerView[];
  displayName(serverId: string): string | undefined;
  update(serverId: string, patch: Partial<ServerView>): void;
}

/** What connecting needs of sign-ins. */
export interface ConnectionAuthorization {
  setupFor(serverId: string): ServerAuthorizationOptions | undefined;
  context(serverId: string): Promise<string>;
  status(serverId: string): Promise<AuthStatus> | undefined;
}

/** The calls a stopped worker left, carried on or given up as their server connects. */
export interface KeptCalls {
  takenOver(): Promise<void>;
  resume(serverId: string): void;
  dropServer(serverId: string, why: DropReason): void;
}

export interface ConnectionsOptions {
  servers: ConnectionServers;
  authorization: ConnectionAuthorization;
  /** The person's side: the server's Requests are delivered there, and withdrawn when it goes. */
  asking: Pick<Asking, 'deliver' | 'bound' | 'withdraw'>;
  /** The URL visits its Requests open: waited for, and ended when the server says it saw one through. */
  visits: Pick<UrlVisits, 'until' | 'complete'>;
  calls: KeptCalls;
  connect: typeof load;
  fetch?: LoadOptions['fetch'];
  /** Whether the extension may reach `origin` (host permission); absent means always. */
  canReach?: (origin: string) => Promise<boolean>;
  /** Delay before automatic reconnect attempt `n` (0-based). */
  backoffMs: (attempt: number) => number;
  eras?: Stored<EraVerdicts>;
  /** The server refused the extension's Origin: requests to its origin go without one from now on (lib/originRules.ts). */
  originRefused?: (serverUrl: string) => Promise<void>;
  /** Whether servers are told the panel shows MCP Apps, asked at each connect (the organisation may turn them off). */
  mcpApps?: () => boolean;
  acceptLanguage?: () => string | undefined;
  /** Whether the organisation's policy lets this server connect (lib/policy), asked at every connect and reconnect. */
  admit?: (saved: SavedServer) => Verdict;
  /** A record for the server's protocol log; asked at each connect, so recording can be turned off. */
  onRecord?: () => ((serverId: string, record: ProtocolRecord) => void) | undefined;
  /** The server sent a log message. */
  onLog?: (serverId: string, entry: LoggingMessageNotificationParams) => void;
}

interface Live {
  connection?: Connection;
  retryTimer?: ReturnType<typeof setTimeout>;
  attempts: number;
  /** Whether this worker already went without Origin for it; once is enough to tell. */
  originRetried?: boolean;
  /** Bumped on every (re)connect so a stale attempt cannot overwrite a newer one. */
  generation: number;
}

export class Connections {
  readonly #options: ConnectionsOptions;
  readonly #live = new Map<string, Live>();
  #eras: EraVerdicts = {};

  constructor(options: ConnectionsOptions) {
    this.#options = options;
  }

  async loadEras(): Promise<void> {
    this.#eras = (await this.#options.eras?.load()) ?? {};
  }

  /** The server's connection, while it is connected. */
  connection(serverId: string): Connection | undefined {
    return this.#live.get(serverId)?.connection;
  }

  async connect(serverId: string): Promise<void> {
    const { servers, authorization, calls } = this.#options;
    const saved = servers.saved(serverId);
    if (!saved) return;
    const live = this.#liveFor(serverId);
    clearTimeout(live.retryTimer);
    live.generation += 1;
    const generation = live.generation;
    const current = () => this.#live.get(serverId)?.generation === generation && servers.saved(serverId) !== undefined;
    const verdict = this.#options.admit?.(saved);
    if (verdict && !verdict.allowed) {
      servers.update(serverId, blockedView(verdict));
      await calls.takenOver();
      if (current()) calls.dropServer(serverId, 'blocked');
      return;
    }
    if (!saved.enabled) {
      servers.update(serverId, { status: 'disabled', error: undefined, retryAt: undefined });
      await calls.takenOver();
      if (current()) calls.dropServer(serverId, 'disabled');
      return;
    }
    const origin = new URL(saved.url).origin;
    if (this.#options.canReach && !(await this.#options.canReach(origin))) {
      servers.update(serverId, {
        status: 'needs-permission',
        error: t('errors.hub.mayNotReach', { origin: isolatedUrl(origin) }),
        retryAt: undefined,
      });
      return;
    }
    servers.update(serverId, { status: 'connecting', error: undefined, retryAt: undefined });
    let prior: PriorDiscovery | undefined;
    let connection: Connection | undefined;
    try {
      prior = priorDiscovery(this.#eras[serverId], saved.url, Date.now(), await authorization.context(serverId));
      const name = servers.displayName(serverId) ?? saved.url;
      // A managed server's headers from the policy are sent with the person's own, the policy's winning.
      const headers = saved.managed?.headers ? { ...saved.headers, ...saved.managed.headers } : saved.headers;
      connection = await this.#options.connect({ id: serverId, name, url: saved.url, headers }, this.#loadOptions(saved, prior, current));
      if (!current()) return void (await connection.close());
      const [tools, resources, resourceTemplates, prompts, skills] = await Promise.all([
        connection.listTools(),
        connection.listResources(),
        connection.listResourceTemplates(),
        connection.listPrompts(),
        listedSkills(connection),
      ]);
      if (!current()) return void (await connection.close());
      live.connection = connection;
      live.attempts = 0;
      const status = authorization.status(serverId);
      const auth = status && (await status);
      servers.update(serverId, connectedView(saved, connection, { tools, resources, resourceTemplates, prompts, ...skills }, auth));
      if (!prior) await this.#rememberEra(serverId, saved.url, connection, current);
      // A connect can finish before the last worker's kept calls are read.
      await calls.takenOver();
      if (current()) calls.resume(serverId);
    } catch (error) {
      await connection?.close().catch(() => {});
      if (current()) await this.#failed(saved, live, prior !== undefined, error, current);
    }
  }

  /** How a connection to `saved` reaches the person and the parts, each callback only while the connect is `current`. */
  #loadOptions(saved: SavedServer, prior: PriorDiscovery | undefined, current: () => boolean): LoadOptions {
    const { servers, authorization, asking, visits } = this.#options;
    const serverId = saved.id;
    const serverOrigin = new URL(saved.url).origin;
    const provenance = () => ({ serverId, serverName: servers.displayName(serverId) ?? saved.url, serverOrigin });
    return {
      prior,
      fetch: this.#options.fetch,
      mcpApps: this.#options.mcpApps?.(),
      acceptLanguage: this.#options.acceptLanguage,
      logLevel: saved.logLevel,
      onLog: (entry) => current() && this.#options.onLog?.(serverId, entry),
      onRecord: recordFor(this.#options.onRecord?.(), serverId),
      authorization: authorization.setupFor(serverId),
      waitFor: (request, { signal, place }) => asking.deliver(request, provenance(), signal, place),
      questions: asking.bound(provenance, current),
      untilVisitEnds: (request, signal) => visits.until(request.id, signal),
      onElicitationComplete: (elicitationId) => current() && visits.complete(serverId, elicitationId),
      onListChanged: (change) => current() && servers.update(serverId, listPatch(change)),
      onDropped: (dropped) => current() && servers.update(serverId, { dropped }),
      onLost: (error) => current() && this.#lost(serverId, error),
    };
  }

  /** A connect that is still current failed: a sign-in as `signInFailed` says; a stale era or a refused Origin is tried again once; the rest waits for a retry. */
  async #failed(saved: SavedServer, live: Live, remembered: boolean, error: unknown, current: () => boolean): Promise<void> {
    const serverId = saved.id;
    const signIn = authorizationFailure(error);
    if (signIn) {
      this.signInFailed(serverId, signIn);
    } else if (remembered) {
      // A remembered era that no longer holds fails loudly: forget it and negotiate, once.
      this.#forgetEra(serverId);
      await this.connect(serverId);
    } else if (this.#options.originRefused && !live.originRetried && refusesExtensionOrigin(error)) {
      // Most servers never look at Origin, and the rule that removes it costs every request
      // ~1 ms (bench/findings.md): it is added for a server that refused it, then tried again.
      live.originRetried = true;
      await this.#options.originRefused(saved.url);
      if (current()) await this.connect(serverId);
    } else {
      this.#scheduleRetry(serverId, error);
    }
  }

  /**
   * A sign-in failed (a connect's, or the person's Sign in). An authorization server that did not answer before anyone
   * was asked is tried again by itself with the backoff; a sign-in declined, abandoned or that failed a check is theirs.
   */
  signInFailed(serverId: string, failure: AuthorizationError): void {
    const why = { status: 'needs-authorization' as const, error: failure.message };
    if (failure.code === 'unreachable') return void this.#retryLater(serverId, why);
    clearTimeout(this.#live.get(serverId)?.retryTimer);
    this.#options.servers.update(serverId, { ...why, retryAt: undefined });
  }

  async reconnect(serverId: string): Promise<void> {
    const live = this.#live.get(serverId);
    if (live) live.attempts = 0;
    this.#forgetEra(serverId);
    await this.disconnect(serverId);
    await this.connect(serverId);
  }

  async disconnect(serverId: string): Promise<void> {
    const live = this.#live.get(serverId);
    if (!live) return;
    clearTimeout(live.retryTimer);
    live.generation += 1;
    this.#options.asking.withdraw(serverId);
    const { connection } = live;
    live.connection = undefined;
    await connection?.close().catch(() => {});
  }

  /** The server was removed: its connection closes and nothing of it is remembered. */
  async remove(serverId: string): Promise<void> {
    this.#forgetEra(serverId);
    await this.disconnect(serverId);
    this.#live.delete(serverId);
  }

  /**
   * Host access changed (granted from the panel or chrome://extensions, or revoked):
   * servers waiting for it connect, and connected ones that lost it stop.
   */
  async accessChanged(): Promise<void> {
    const canReach = this.#options.canReach;
    if (!canReach) return;
    await Promise.all(
      this.#options.servers.views().map(async (view) => {
        const reachable = await canReach(new URL(view.url).origin);
        const stale = view.status === 'needs-permission' ? reachable : view.status !== 'disabled' && !reachable;
        if (stale) await this.reconnect(view.id);
      }),
    );
  }

  /** A request on the server's connection failed: if that means the connection is gone, it is lost. */
  requestFailed(serverId: string, error: unknown): void {
    if (isConnectionLost(error)) this.#lost(serverId, error);
  }

  #liveFor(serverId: string): Live {
    const live = this.#live.get(serverId) ?? { attempts: 0, generation: 0 };
    this.#live.set(serverId, live);
    return live;
  }

  /** The connection broke under us: withdraw its Requests, show why, and try again. */
  #lost(serverId: string, error: unknown): void {
    const live = this.#live.get(serverId);
    if (!live?.connection) return;
    const { connection } = live;
    live.connection = undefined;
    live.generation += 1;
    this.#options.asking.withdraw(serverId, error);
    void connection.close().catch(() => {});
    this.#scheduleRetry(serverId, error);
  }

  #scheduleRetry(serverId: string, error: unknown): void {
    const url = this.#options.servers.saved(serverId)?.url;
    this.#retryLater(serverId, { status: 'error', error: url ? connectionError(error, url) : errorMessage(error) });
  }

  /** Shows `why` with when the next connect comes, 1 s, 2 s, 4 s … a minute after each failure (`backoffMs`). */
  #retryLater(serverId: string, why: Pick<ServerView, 'status' | 'error'>): void {
    const live = this.#live.get(serverId);
    if (!live) return;
    const delay = this.#options.backoffMs(live.attempts);
    live.attempts += 1;
    this.#options.servers.update(serverId, { ...why, retryAt: Date.now() + delay });
    clearTimeout(live.retryTimer);
    live.retryTimer = setTimeout(() => void this.connect(serverId), delay);
  }

  /**
   * Remembers what a negotiated connect found, for the next connect to this URL, unless that
   * connect has been overtaken (`current` false: removed, reconnected). Never fails the
   * connect: a verdict not remembered only costs the next start a probe.
   */
  async #rememberEra(serverId: string, url: string, connection: Connection, current: () => boolean): Promise<void> {
    try {
      const verdict = eraVerdict(connection, url, Date.now(), await this.#options.authorization.context(serverId));
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
}
