/**
 * The session file (docs/session-file.md): "Save this session" writes one redacted file of a
 * server's (or every server's) session; "Open a session file" reads one back into a model the
 * panel shows read-only, with no server. The hub makes one `SessionSaver` (lib/hub/wire.ts);
 * the panel reads files itself (`readSessionFile`), with no trip to the worker.
 */
export { readSessionFile } from './read';
export { SessionSaver } from './save';
