/**
 * The typed protocol between the background worker and the side panel, over one
 * `runtime.connect` port. The worker owns all state: it sends it whole when the port opens,
 * then a patch of what changed (lib/port/statePatch.ts) after each change; the panel only renders
 * it and sends the person's intents back as commands.
 */
import type { AnsweredMessage, AskMessage, CommandMessage } from './commands';
import type { Problem } from '../forms/validate';
import type { ExportFormat, ImportResult } from '../mcpJson';
import type { HubState } from '../state';
import type { StatePatch } from './statePatch';

export const PANEL_PORT = 'toolnexus-panel';

/** The manifest command (wxt.config.ts) that opens the panel on the newest Request. */
export const OPEN_INBOX_COMMAND = 'open-inbox';

/** What the panel sends: commands and asks, one table of them (lib/port/commands.ts). */
export type PanelMessage = CommandMessage | AskMessage;

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
  | { type: 'error'; message: string }
  | AnsweredMessage;
