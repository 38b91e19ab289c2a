/**
 * The typed protocol between the background worker and the side panel, over one
 * `runtime.connect` port. The worker owns all state: it sends it whole when the port opens,
 * then a patch of what changed (lib/statePatch.ts) after each change; the panel only renders
 * it and sends the person's intents back.
 */
import type { Problem } from './forms/validate';
import type { ExportFormat, ImportResult } from './mcpJson';
import type { Answer } from './request';
import type { HubState, OpenMode, ServerSettings, Settings } from './state';
import type { StatePatch } from './statePatch';

export const PANEL_PORT = 'toolnexus-panel';

export type PanelMessage =
  | { type: 'add-server'; server: Omit<ServerSettings, 'enabled'> & { enabled?: boolean } }
  | { type: 'update-server'; serverId: string; server: Partial<ServerSettings> }
  | { type: 'remove-server'; serverId: string }
  | { type: 'reconnect'; serverId: string }
  | { type: 'sign-in'; serverId: string }
  | { type: 'sign-out'; serverId: string }
  | { type: 'import-servers'; text: string }
  | { type: 'export-servers'; format: ExportFormat }
  | { type: 'call-tool'; serverId: string; tool: string; args: Record<string, unknown> }
  | { type: 'read-resource'; serverId: string; uri: string }
  | { type: 'read-template'; serverId: string; uriTemplate: string; values: Record<string, unknown> }
  | { type: 'get-prompt'; serverId: string; prompt: string; args: Record<string, string> }
  | { type: 'cancel-activity'; activityId: string }
  | { type: 'clear-activities' }
  | { type: 'answer'; answer: Answer }
  /** Consent to a URL Request: the worker answers `accept` and opens it where it cannot be read. */
  | { type: 'open-url'; requestId: string; mode: OpenMode }
  /** The person is done with an opened URL (or wants the server to try again now). */
  | { type: 'finish-flow'; requestId: string }
  | { type: 'dismiss-notice'; id: string }
  | { type: 'clear-history'; serverId?: string }
  | { type: 'update-settings'; settings: Partial<Settings> };

export type WorkerMessage =
  /** The whole state: the first message on every port. */
  | { type: 'state'; state: HubState }
  /** What changed since the last `state` or `patch` on this port. */
  | { type: 'patch'; patch: StatePatch }
  /** An Answer the inbox refused; the Request is still pending unless it is gone. */
  | { type: 'answer-refused'; requestId: string; message: string; problems: Problem[] }
  | { type: 'imported'; result: ImportResult }
  | { type: 'exported'; format: ExportFormat; text: string }
  /** Bring this Request into view and focus it (e.g. its notification was clicked). */
  | { type: 'focus-request'; requestId: string }
  | { type: 'error'; message: string };
