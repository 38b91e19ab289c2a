/**
 * A session file (docs/session-file.md): one or every server's session as this browser saw it,
 * redacted, for the server's author to read in their own toolnexus with no server running.
 * Types and bounds only; write.ts writes one, read.ts reads one back.
 */
import type { TraceAttempt } from '../auth/trace';
import type { AuthStatus } from '../auth/record';
import type { ProtocolLogEntry } from '../mcp/protocolLog';
import type { ActivityView, ServerLogEntry, ServerStatus } from '../state';

export const SESSION_FORMAT = 'toolnexus-session';
export const SESSION_VERSION = 1;
/** A file past this is no session toolnexus wrote: 64 MiB holds 20 servers' full protocol logs (1,000 records of at most 8,000 characters each). */
export const MAX_SESSION_CHARS = 64 * 1024 * 1024;
/** The file's own nesting (8 levels to a record's message) and what a record or result may hold below it (32, lib/panelBounds.ts). */
export const MAX_SESSION_DEPTH = 48;

/** One server as the session file holds it. */
export interface SessionServer {
  name: string;
  url: string;
  status: ServerStatus;
  /** Why it could not be connected, in words (lib/diagnosis.ts), when it could not. */
  error?: string;
  era?: 'modern' | 'legacy';
  transport?: 'sse';
  protocolVersion?: string;
  serverInfo?: unknown;
  /** The capabilities it declared, as negotiated. */
  capabilities?: unknown;
  instructions?: string;
  /** The names of the headers the person set (their values are in the log, redacted where secret). */
  headerNames?: string[];
  auth?: AuthStatus;
  /** Its records, oldest first; a note of those the hub had already dropped heads it. */
  protocolLog: ProtocolLogEntry[];
  signIn: TraceAttempt[];
  /** The calls, reads and prompts made, with their results, newest first. */
  activities: ActivityView[];
  logs?: ServerLogEntry[];
}

export interface SessionFile {
  format: typeof SESSION_FORMAT;
  version: number;
  savedAt: string;
  product: { name: string; version: string };
  browser: string;
  /** What was redacted, in words, for whoever reads the file. */
  redaction: string;
  /** What was left out to keep the file within its bounds, in words. */
  cuts?: string[];
  servers: SessionServer[];
}
