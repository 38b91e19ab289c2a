/**
 * What the MCP client core promises its callers (the hub, the conformance harness, tests):
 * the server it is given, the options `load` takes, and the `Connection` it returns. Types
 * only, so a caller can read the contract without the SDK wiring; the errors a call ends with
 * are in errors.ts.
 */
import type { SkillView } from './skills';
import type {
  CallToolResult,
  CompleteRequestParams,
  DiscoverResult,
  LoggingLevel,
  LoggingMessageNotificationParams,
  FetchLike,
  GetPromptResult,
  Implementation,
  PriorDiscovery,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/client';
import type { ResourceWatcher, StopWatching } from './resourceWatch';
import type { AuthorizationSetup } from '../auth';
import type { ProtocolRecord } from './protocolLog';
import type { Problem } from '../forms/validate';
import type { Answer, Request } from '../request';
import type { TaskRef } from './tasks';
import type { QuestionBound, QuestionPlace } from './questionGate';

export interface ServerConfig {
  /** Stable local id (storage key); never sent to the server. */
  id: string;
  /** What the person calls it; shown on every Request from this server. */
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface WaitForContext {
  /** Aborts when the server withdraws the question (call cancelled, connection closed). */
  signal: AbortSignal;
  /** Why the previous Answer to this same Request was not sent; empty on the first ask. */
  problems: Problem[];
  /** The place the question held in the person's queue on its way in (lib/mcp/questionGate.ts), now the Request's. */
  place?: QuestionPlace;
}

/**
 * Hands a Request to the person (the inbox, or a script in tests) and resolves with the Answer.
 * It need not check the Answer: the client does, and asks again with `problems` when it does not fit.
 */
export type WaitFor = (request: Request, context: WaitForContext) => Promise<Answer>;

export interface LoadOptions {
  waitFor: WaitFor;
  fetch?: FetchLike;
  clientInfo?: Implementation;
  /** Every HTTP exchange and JSON-RPC message of the connection, redacted, for the protocol log. */
  onRecord?: (record: ProtocolRecord) => void;
  /** A log message the server sent (`notifications/message`). */
  onLog?: (entry: LoggingMessageNotificationParams) => void;
  /** The least severe log level wanted from the server; unset, the server's own default. */
  logLevel?: LoggingLevel;
  /** Declare MCP Apps support (extension `io.modelcontextprotocol/ui`): only where the host can render apps safely. */
  mcpApps?: boolean;
  /** The person's languages as an `Accept-Language` value (SEP-2792), read at each request; unset, none is sent. */
  acceptLanguage?: () => string | undefined;
  /**
   * How long a call may go without hearing from the server before it fails. Time
   * spent waiting on the person does not count: the SDK's 60 s default would
   * otherwise expire a 2025-era call while someone is still filling in the form.
   */
  idleTimeoutMs?: number;
  /** How often one Request is asked before Answers that do not fit its schema end in `cancel` (lib/mcp/elicitations.ts checks each). */
  maxAttempts?: number;
  /** Fresh lists after the server announces a change, so views refresh without a reload. */
  onListChanged?: (change: ListChange) => void;
  /** How many of the server's questions may wait on the person; past it each is refused before the SDK reads it (lib/mcp/questionGate.ts). */
  questions?: QuestionBound;
  /** How many of the server's notifications its budget dropped since it connected (lib/mcp/inboundBudget.ts), told at most once a second. */
  onDropped?: (dropped: number) => void;
  /**
   * The connection is gone without `close()` being called: the transport closed, or the
   * server stopped answering at all. Everything waiting on it has been failed by then.
   */
  onLost?: (error: Error) => void;
  /** The server said the URL visit with this `elicitationId` is complete (2025-11-25). */
  onElicitationComplete?: (elicitationId: string) => void;
  /**
   * Resolves once the person is done with an accepted URL Request (the window closed or
   * redirected back, or they pressed Retry). Without it, only the server's own completion
   * notification ends a visit.
   */
  untilVisitEnds?: (request: Request, signal: AbortSignal) => Promise<void>;
  /**
   * Sign in to servers that require authorization (spec basic/authorization): a 401
   * leads to a consent Request, then the sign-in window, then the call carries on.
   */
  authorization?: AuthorizationSetup;
  /**
   * What an earlier connect learned of the server's era (see lib/mcp/eras.ts): `legacy` skips
   * the `server/discover` probe, `modern` adopts the server's advertisement and sends nothing
   * until the first request. Whether it is still true is the caller's to judge; a wrong one
   * makes the connect fail.
   */
  prior?: PriorDiscovery;
}

export interface CallOptions {
  signal?: AbortSignal;
  onprogress?: (progress: Progress) => void;
  /**
   * 2026-07-28: the call is waiting on the person for this round (its Requests are being
   * asked), or `undefined` once the round is answered and the retry is on its way. A host
   * that keeps the round can carry the call on after a restart with {@link Connection.resume}.
   */
  onRound?: (round: InputRound | undefined) => void;
  /**
   * Run the tool as a 2025-11-25 task (lib/mcp/tasks.ts `runsAsTask` says when the server and
   * tool allow it): the call then survives this connection, followed by its task id.
   */
  asTask?: boolean;
  /** The call's task, as created and at every status seen: what a host keeps to follow it from another worker. */
  onTask?: (task: TaskRef) => void;
}

/** The requests that may answer `input_required` (spec 2026-07-28 basic/patterns/mrtr). */
export type RoundMethod = 'tools/call' | 'prompts/get' | 'resources/read';

/**
 * One `input_required` round of a 2026-07-28 call: everything needed to ask the person
 * again and send the retry, even from a new worker. The server holds nothing for it
 * (spec mrtr: "the server processing the retry does not need any information beyond what
 * is directly present in the retry request"), so it is plain data.
 */
export interface InputRound {
  method: RoundMethod;
  /** The original request's params; every retry repeats them. */
  params: Record<string, unknown>;
  /** 1 for the server's first `input_required` on this call. */
  round: number;
  /** The server's `inputRequests`, as it sent them (every one an elicitation). */
  inputRequests: Record<string, unknown>;
  /** Echoed byte for byte on the retry (spec mrtr: clients MUST NOT inspect or modify it). */
  requestState?: string;
  /** The Request each input is asked as, so asking it again keeps its id. */
  requestIds: Record<string, string>;
}

export interface Connection {
  readonly server: ServerConfig;
  readonly era: 'modern' | 'legacy';
  /** `sse`: the server speaks only the old HTTP+SSE transport (protocol 2024-11-05), found by the spec's fallback. */
  readonly transport: 'streamable-http' | 'sse';
  /**
   * Asks for logs from `level` up: `logging/setLevel` on a 2025-11-25 server that offers
   * logging; on 2026-07-28, where setLevel is deprecated, each request carries the level.
   */
  setLogLevel(level: LoggingLevel): Promise<void>;
  readonly protocolVersion: string | undefined;
  /** The server's `server/discover` result, when the era is modern. */
  readonly discover: DiscoverResult | undefined;
  readonly serverInfo: Implementation | undefined;
  readonly capabilities: ServerCapabilities;
  /** The server's `instructions`, if it gave any. */
  readonly instructions: string | undefined;
  listTools(): Promise<Tool[]>;
  callTool(name: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** Empty when the server does not offer resources. */
  listResources(): Promise<Resource[]>;
  listResourceTemplates(): Promise<ResourceTemplate[]>;
  readResource(uri: string, options?: CallOptions): Promise<ReadResourceResult>;
  /** Empty when the server does not offer prompts. */
  listPrompts(): Promise<Prompt[]>;
  getPrompt(name: string, args?: Record<string, string>, options?: CallOptions): Promise<GetPromptResult>;
  /** The server's skills (SEP-2640 `skills/list`), empty when it does not declare the extension. */
  listSkills(): Promise<SkillView[]>;
  /** One file of a skill (its SKILL.md by default), verified against the skill's `skills/get` entry. */
  readSkill(skillUri: string, fileUri?: string, options?: CallOptions): Promise<ReadResourceResult>;
  /**
   * Tells `watcher` each time the server says the resource at `uri` changed, until the returned
   * stop is called. @throws Error when the server offers no resource subscriptions, or refuses.
   */
  watchResource(uri: string, watcher: ResourceWatcher): Promise<StopWatching>;
  /**
   * Suggestions for one argument of a prompt or resource template (`completion/complete`),
   * given the arguments already filled in; empty, without asking, when the server does not
   * offer completions.
   */
  complete(ref: CompleteRequestParams['ref'], argument: { name: string; value: string }, filled?: Record<string, string>): Promise<string[]>;
  /**
   * Carries on a 2026-07-28 call from a round kept by an earlier connection (e.g. a worker
   * that was stopped): asks the round's inputs again under the same Request ids, then sends
   * its retry. The server decides whether the kept `requestState` is still good.
   */
  resume(round: InputRound, options?: CallOptions): Promise<CallToolResult | GetPromptResult | ReadResourceResult>;
  /**
   * Follows a tool call's task (perhaps created by an earlier connection, in its session) to
   * its result: polls `tasks/get`, asks what it needs of the person, reads `tasks/result`.
   * Aborting `options.signal` sends `tasks/cancel`.
   */
  followTask(task: TaskRef, options?: CallOptions): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Which list a server said changed (`notifications/<kind>/list_changed`), with the fresh list. */
export type ListChange = { kind: 'tools'; items: Tool[] } | { kind: 'resources'; items: Resource[] } | { kind: 'prompts'; items: Prompt[] };
