/**
 * What the panel writes when the person saves a protocol log or a sign-in trace: one lazy
 * import, so one chunk. The trace's file is built on the log's HAR (lib/auth/traceFile.ts), so
 * the one loads the other anyway, and two small files pack worse than one
 * (components/shell/parts.ts).
 */
export { protocolLogFile } from '@/lib/mcp/protocolHar';
export { signInTraceFile } from '@/lib/auth/traceFile';
