/**
 * The typed protocol between the background worker and the side panel, over one
 * `runtime.connect` port. The worker owns all state and sends it whole on every change;
 * the panel only renders it and sends the person's intents back.
 */
import type { CallToolResult, Implementation, Tool } from '@modelcontextprotocol/client';
import type { Problem } from './forms/validate';
import type { PendingRequest } from './inbox';
import type { Answer } from './request';

export const PANEL_PORT = 'toolnexus-panel';

export type ServerStatus = 'connecting' | 'connected' | 'error';

export interface ServerView {
  id: string;
  /** The person's name for it, else the server's own, else the URL's host. */
  name: string;
  url: string;
  status: ServerStatus;
  /** The server's or the network's own words, when `status` is `error`. */
  error?: string;
  era?: 'modern' | 'legacy';
  protocolVersion?: string;
  serverInfo?: Implementation;
  tools: Tool[];
}

export interface CallView {
  id: string;
  serverId: string;
  tool: string;
  startedAt: number;
  status: 'running' | 'done' | 'failed';
  result?: CallToolResult;
  error?: string;
}

export interface HubState {
  servers: ServerView[];
  inbox: PendingRequest[];
  calls: CallView[];
}

export type PanelMessage =
  | { type: 'add-server'; url: string; name?: string }
  | { type: 'remove-server'; serverId: string }
  | { type: 'reconnect'; serverId: string }
  | { type: 'call-tool'; serverId: string; tool: string; args: Record<string, unknown> }
  | { type: 'answer'; answer: Answer }
  /** Consent to a URL Request: the worker answers `accept` and opens it where it cannot be read. */
  | { type: 'open-url'; requestId: string };

export type WorkerMessage =
  | { type: 'state'; state: HubState }
  /** An Answer the inbox refused; the Request is still pending unless it is gone. */
  | { type: 'answer-refused'; requestId: string; message: string; problems: Problem[] }
  | { type: 'error'; message: string };
