/**
 * The Servers tab's own lazy parts, as one lazy import and so one chunk (components/shell/parts.ts
 * says why: small files pack badly). The tab's first server card with a log asks for them, so
 * they arrive together soon after the tab anyway. Carry (sync, backups, session files) is drawn at
 * the tab's end and reuses the log's and the trace's parts, so it rides in the same chunk.
 */
export { Carry } from '../carry/Carry';
export { FindServers } from './registry/FindServers';
export { ProtocolLog } from './ProtocolLog';
export { ServerLog } from './ServerLog';
export { SignInTrace } from './SignInTrace';
