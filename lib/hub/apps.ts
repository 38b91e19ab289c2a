/**
 * The worker's side of MCP Apps: the app's HTML for a tool call, read from its server and
 * cached per connection and URI (a reconnect, or a changed resource list, reads it afresh);
 * and what an app may ask of its server. An app acts for the call it belongs to and nothing
 * else: only its own server, only tools the server lets apps call, only while that call is in
 * the panel. Its tool calls are activities like a person's Run, so the person sees each one
 * and any Request it raises lands in the inbox.
 */
import type { CallToolResult, ReadResourceResult, Resource, Tool } from '@modelcontextprotocol/client';
import { CallRate } from '../apps/callRate';
import { type AppResource, appResource, visibleToApps } from '../apps/resource';
import type { Connection } from '../mcp/connection';
import { boundForPanel } from '../panelBounds';
import { type PolicyJudge, verdictSentence } from '../policy';
import type { CallView, ServerView } from '../state';
import type { Activities } from './activities';
import type { Calls } from './calls';
import type { Servers } from './servers';

export interface AppsOptions {
  activities: Pick<Activities, 'find'>;
  servers: Pick<Servers, 'view'>;
  connection: (serverId: string) => Connection | undefined;
  /** Where an app's tool calls run: as the person's Run does, shown as the app's. */
  calls: Pick<Calls, 'callForApp'>;
  /** The organisation's policy: whether MCP Apps may run at all. */
  policy?: () => PolicyJudge;
}

/** Refuses when the organisation turned MCP Apps off. @throws AppError */
export function appsAllowed(policy: (() => PolicyJudge) | undefined): void {
  const verdict = policy?.().judgeFeature('mcpApps');
  if (verdict && !verdict.allowed) throw new AppError(verdictSentence(verdict));
}

interface Cached {
  /** The resource list it was read under: a server's `list_changed` replaces the list. */
  listed: Resource[];
  resource: Promise<AppResource>;
}

export class AppError extends Error {
  override name = 'AppError';
}

/**
 * How long a panel's word that an app runs holds: panels repeat it every
 * `APP_RUNNING_REPEAT_MS` while it does, so an app whose panel closed without a word is let go.
 */
export const APP_RUNNING_HOLDS_MS = 30_000;
export const APP_RUNNING_REPEAT_MS = 10_000;

export class Apps {
  readonly #options: AppsOptions;
  readonly #cache = new WeakMap<Connection, Map<string, Cached>>();
  /** Until when each app is said to run. */
  readonly #running = new Map<string, number>();
  readonly #rates = new Map<string, CallRate>();

  constructor(options: AppsOptions) {
    this.#options = options;
  }

  /** A panel's apps that run now (said again every `APP_RUNNING_REPEAT_MS`). */
  running(activityIds: string[]): void {
    const until = Date.now() + APP_RUNNING_HOLDS_MS;
    for (const id of activityIds.slice(0, 100)) if (typeof id === 'string') this.#running.set(id, until);
  }

  /** Whether the app of `activityId` runs in a panel now. */
  isRunning(activityId: string): boolean {
    const until = this.#running.get(activityId);
    if (until === undefined) return false;
    if (until >= Date.now()) return true;
    this.#running.delete(activityId);
    return false;
  }

  /** The app of a tool call in the panel, as its server serves it now. */
  async load(activityId: string): Promise<AppResource> {
    const { uri, connection, server } = this.#appCall(activityId);
    let cached = this.#cache.get(connection);
    if (!cached) this.#cache.set(connection, (cached = new Map()));
    const hit = cached.get(uri);
    if (hit && hit.listed === server.resources) return hit.resource;
    const listed = server.resources.find((resource) => resource.uri === uri);
    const resource = connection.readResource(uri).then((result) => appResource(uri, result, listed));
    const entry = { listed: server.resources, resource };
    cached.set(uri, entry);
    // A failed read is not kept: the next render asks again.
    resource.catch(() => cached.get(uri) === entry && cached.delete(uri));
    return resource;
  }

  /**
   * A tool call from the app of `activityId`, on its own server, run as the person's Run is.
   * @throws AppError when the app may not call it, or the call did not finish.
   */
  async callTool(activityId: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const { call, server } = this.#appCall(activityId);
    const known: Tool | undefined = server.tools.find((item) => item.name === tool);
    if (!known || !visibleToApps(known)) {
      throw new AppError(`${server.displayName} does not let its apps call a tool named "${String(tool).slice(0, 100)}".`);
    }
    await this.#rate(activityId).take();
    const done = await this.#options.calls.callForApp(call.serverId, tool, args, activityId);
    if (done.status !== 'done' || !done.result) throw new AppError(done.error ?? `${tool} did not finish.`);
    return done.result;
  }

  /** A resource of the app's own server, read for the app. */
  async readResource(activityId: string, uri: string): Promise<ReadResourceResult> {
    const { connection } = this.#appCall(activityId);
    await this.#rate(activityId).take();
    return boundForPanel(await connection.readResource(uri)).value;
  }

  /** The app's own pace, checked before its request is sent; the paces of apps no longer in the panel go. */
  #rate(activityId: string): CallRate {
    let rate = this.#rates.get(activityId);
    if (rate) return rate;
    for (const id of this.#rates.keys()) if (!this.#options.activities.find(id)) this.#rates.delete(id);
    this.#rates.set(activityId, (rate = new CallRate()));
    return rate;
  }

  #appCall(activityId: string): { call: CallView; uri: string; server: ServerView; connection: Connection } {
    appsAllowed(this.#options.policy);
    const call = this.#options.activities.find(activityId);
    if (call?.kind !== 'tool' || !call.app || !('resourceUri' in call.app)) {
      throw new AppError('This app is no longer in the panel (its result was cleared).');
    }
    const server = this.#options.servers.view(call.serverId);
    const connection = this.#options.connection(call.serverId);
    if (!server) throw new AppError('The server of this app was removed.');
    if (!connection) throw new AppError(`${server.displayName} is not connected.`);
    return { call, uri: call.app.resourceUri, server, connection };
  }
}
