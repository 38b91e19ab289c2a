/**
 * What the panel is shown: the hub's state and its parts, as plain data. The worker owns it
 * and replaces a value to change it (lib/port/statePatch.ts relies on that); the panel only renders
 * it. The port protocol that carries it is lib/port/messages.ts.
 */
import type { PinnedTool } from './pinnedTools';
import type { SkillView } from './mcp/skills';
import type { SavedCall } from './savedCalls';
import type {
  CallToolResult,
  LoggingLevel,
  GetPromptResult,
  Implementation,
  Progress,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  Tool,
} from '@modelcontextprotocol/client';
import type { AppRef } from './apps/resource';
import type { TaskStatus } from './mcp/tasks';
import type { AuthStatus } from './auth/record';
import type { HistoryEntry } from './history';
import type { PendingRequest } from './inbox';
import type { PolicyView } from './policy/view';
import type { UrlAnalysis } from './urls';
import type { SyncView } from './sync/view';

export type ServerStatus = 'disabled' | 'connecting' | 'connected' | 'needs-permission' | 'needs-authorization' | 'error' | 'blocked';

/**
 * What an organisation's `managedMcpServers` entry sets of a server (lib/hub/managedServers.ts):
 * the entry's name, its headers (sent with the person's own, the entry's winning; not secret) and
 * its pre-registered client id. The person's own headers and client secret stay theirs.
 */
export interface ManagedPart {
  name: string;
  headers?: Record<string, string>;
  oauthClientId?: string;
}

/** What the person can set on a server; everything else is learned from it. */
export interface ServerSettings {
  url: string;
  /** The person's name for it; empty means "use the server's own name". */
  name?: string;
  /** Sent on every request, e.g. an API key header. */
  headers?: Record<string, string>;
  enabled: boolean;
  /** A client registered with the server's authorization server beforehand, if any. */
  oauthClientId?: string;
  oauthClientSecret?: string;
  /** The least severe log message wanted from the server; unset, the server's own default. */
  logLevel?: LoggingLevel;
}

/** A log message a server sent (`notifications/message`), as the panel shows it. */
export interface ServerLogEntry {
  at: number;
  level: LoggingLevel;
  logger?: string;
  /** The message's data, as text, bounded. */
  text: string;
}

/** A client secret never goes to the panel: it only learns whether one is set. */
export interface ServerView extends Omit<ServerSettings, 'oauthClientSecret'> {
  id: string;
  hasClientSecret?: boolean;
  /** The person's name for it, else the server's own, else the URL's host. */
  displayName: string;
  status: ServerStatus;
  /** The server's or the network's own words, for `error`, `needs-permission`, `needs-authorization`. */
  error?: string;
  /** Status `blocked`: the organisation's policy refuses it (lib/policy), by this rule, for this reason. Its settings are kept. */
  blocked?: { rule: string; reason: string };
  /** The organisation's `managedMcpServers` entry it is: it cannot be removed, nor its address, name, the entry's headers or client id changed. */
  managed?: ManagedPart;
  /** The registry it was added from, once found listed there with this address. */
  registry?: { base: string; name: string };
  /** When the next automatic reconnect is due, while one is scheduled. */
  retryAt?: number;
  era?: 'modern' | 'legacy';
  /** `sse`: the server speaks only the old HTTP+SSE transport (protocol 2024-11-05). */
  transport?: 'sse';
  protocolVersion?: string;
  serverInfo?: Implementation;
  instructions?: string;
  /** The server offers `completion/complete` for prompt and template arguments. */
  completions?: true;
  /** The server can say when a resource changed (`resources.subscribe`). */
  subscribe?: true;
  /** The server's sign-in, when it has one: never token values. */
  auth?: AuthStatus;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplateView[];
  prompts: Prompt[];
  /** The server's skills (SEP-2640), when it declares the extension; each read on demand, verified. */
  skills?: SkillView[];
  /** Why `skills/list` failed on the last connect, when it did (the server stays connected). */
  skillsProblem?: string;
  /** What of the server's lists and instructions was cut to fit the panel, in words. */
  cuts?: string[];
  /** The server's latest log messages, oldest first. */
  logs?: ServerLogEntry[];
  /** How many of its notifications were dropped since it connected: it sent more than its budget (lib/mcp/inboundBudget.ts). */
  dropped?: number;
}

/** What a completion is for: a prompt's argument, or a resource template's variable (spec `completion/complete`). */
export type CompleteRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

export interface ResourceTemplateView extends ResourceTemplateType {
  /** The template's variables, parsed in the worker so the panel needs no URI-template code. */
  variables: string[];
}

export type ActivityStatus = 'running' | 'done' | 'failed' | 'cancelled';

interface ActivityBase {
  id: string;
  serverId: string;
  startedAt: number;
  endedAt?: number;
  status: ActivityStatus;
  error?: string;
  /** The server's latest progress notification, while running. */
  progress?: Progress;
  /** What of the server's answer was cut to fit the panel (lib/panelBounds.ts), in words. */
  cuts?: string[];
  /** What the server logged while this ran (and it alone ran on that server), oldest first. */
  logs?: ServerLogEntry[];
}

export interface CallView extends ActivityBase {
  kind: 'tool';
  tool: string;
  args: Record<string, unknown>;
  result?: CallToolResult;
  /** The tool's MCP App (its interface, shown with the result), or why it cannot be shown. */
  app?: AppRef;
  /** The call was made by the app of this activity, not by the person. */
  appOf?: string;
  /** The server runs the call as a task (2025-11-25 tasks): its id, and its latest status and message. */
  task?: TaskView;
}

/** A call's task as the panel shows it. */
export interface TaskView {
  id: string;
  status: TaskStatus;
  statusMessage?: string;
}

export interface ResourceReadView extends ActivityBase {
  kind: 'resource';
  uri: string;
  /** Read as a file of this skill (its SKILL.md URI), verified against the skill's digests. */
  skill?: string;
  result?: ReadResourceResult;
  /** Watched: read again whenever the server says the resource changed. */
  live?: {
    since: number;
    /** When it was last read again. */
    updatedAt?: number;
    /** Why the last reading again failed (the content shown is the one before). */
    failed?: string;
    /** Why the watch ended, if the server or the connection ended it. */
    ended?: string;
  };
}

export interface PromptView extends ActivityBase {
  kind: 'prompt';
  prompt: string;
  args: Record<string, string>;
  result?: GetPromptResult;
}

export type ActivityView = CallView | ResourceReadView | PromptView;

export interface Settings {
  /** How long a Request waits for the person before it is answered `cancel`. */
  requestTimeoutMinutes: number;
  /**
   * Where toolnexus publishes its OAuth Client ID Metadata Document, if anywhere;
   * authorization servers that support CIMD then need no registration.
   */
  clientMetadataUrl?: string;
  /** Record each server's protocol log (in memory, redacted); on unless turned off. Takes effect on the next connect. */
  protocolLog?: boolean;
  /** The MCP Registry the panel searches (its base URL); unset, the official one. */
  registryUrl?: string;
}

/** A pending Request as the panel shows it; URL Requests carry what the worker found in the URL. */
export interface InboxItem extends PendingRequest {
  analysis?: UrlAnalysis;
}

export type OpenMode = 'window' | 'tab';

/** A URL the person agreed to open and is still working in. */
export interface VisitView {
  requestId: string;
  serverId: string;
  serverName: string;
  prompt: string;
  url: string;
  domain: string | null;
  mode: OpenMode;
  openedAt: number;
}

/**
 * Something the person should know about a Request they did not get to answer:
 * `refused` — a URL no one should open (e.g. `javascript:`), declined without asking;
 * `withdrawn` — its server went away, so an answer can no longer be sent;
 * `lost` — the background worker was stopped while it waited;
 * `unsaved` — it was answered, but History could not save the answer (storage full).
 */
export interface NoticeView {
  id: string;
  kind: 'refused' | 'withdrawn' | 'lost' | 'unsaved';
  serverId: string;
  serverName: string;
  prompt: string;
  url: string;
  reason: string;
  at: number;
}

/**
 * Everything the panel shows. The worker replaces a value to change it and never edits one it
 * has sent: patches find changes by identity.
 */
export interface HubState {
  servers: ServerView[];
  inbox: InboxItem[];
  visits: VisitView[];
  notices: NoticeView[];
  /** Newest first. */
  activities: ActivityView[];
  /** How many finished results the list's bound dropped since the last Clear (the panel says so). */
  activitiesDropped?: number;
  /** Newest first. */
  history: HistoryEntry[];
  /** Oldest first. */
  savedCalls: SavedCall[];
  /** Tools the person keeps at the top of the Tools tab, by server URL; oldest pin first. */
  pinnedTools: readonly PinnedTool[];
  settings: Settings;
  /** The organisation's policy in force (lib/policy/view.ts). */
  policy: PolicyView;
  /** Whether this browser syncs, and what sync could not do. */
  sync?: SyncView;
}
