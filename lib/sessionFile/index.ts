/**
 * The session file (docs/session-file.md): "Save this session" writes one redacted file of a
 * server's (or every server's) session; "Open a session file" reads one back into a model the
 * panel shows read-only, with no server. The hub makes one `SessionSaver` (lib/hub/wire.ts),
 * which gathers; the panel writes the file (`sessionFile`) and reads one (`readSessionFile`) in
 * its own lazy chunk, so the worker carries neither.
 */
export { readSessionFile, type SessionModel } from './read';
export { SessionSaver } from './save';
export { sessionFile } from './write';
