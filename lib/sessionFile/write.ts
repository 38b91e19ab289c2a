/**
 * Writing a session file: the servers' views, protocol logs, sign-in traces and activities,
 * redacted the protocol log's way (lib/redact.ts: by name, and bearer strings anywhere), then
 * every literal secret this browser knows (its secret header values, client secrets, tokens)
 * replaced wherever it is, and bounded so the reader takes it. Pure.
 */
import type { TraceAttempt } from '../auth/trace';
import { t, tn } from '../i18n';
import type { ProtocolLogEntry } from '../mcp/protocolLog';
import { boundForPanel, type PanelBounds } from '../panelBounds';
import { REDACTED, redactJson } from '../redact';
import type { ActivityView, ServerView } from '../state';
import { MAX_SESSION_CHARS, SESSION_FORMAT, SESSION_VERSION, type SessionFile, type SessionServer } from './format';

export interface SessionServerInput {
  view: ServerView;
  capabilities?: unknown;
  protocolLog: ProtocolLogEntry[];
  signIn: TraceAttempt[];
  activities: ActivityView[];
}

export interface SessionInput {
  product: { name: string; version: string };
  browser: string;
  savedAt: Date;
  servers: SessionServerInput[];
  /** Values that must not appear anywhere in the file: this browser's secret header values, client secrets and tokens. */
  secrets: string[];
}

/** What is redacted (the file's `redaction`), in the language of whoever saves it: the words go with the file. */
const redactionWords = (): string => t('sessionFile.redactionWords', { marker: REDACTED });

/** Below the file's own levels, what one record, result or trace may hold: the panel's bounds, but for depth. */
const ITEM_BOUNDS: PanelBounds = { maxString: 200_000, maxItems: 2_000, maxKeys: 1_000, maxDepth: 32, maxTotal: 500_000 };
/** Shorter values are no credential, and replacing them would blot out ordinary words. */
const MIN_SECRET = 6;

const bounded = <T>(value: T): T => boundForPanel(value, ITEM_BOUNDS).value;

function serverOf({ view, capabilities, protocolLog, signIn, activities }: SessionServerInput): SessionServer {
  const server: SessionServer = {
    name: view.displayName,
    url: view.url,
    status: view.status,
    protocolLog: protocolLog.map(bounded),
    signIn: signIn.map(bounded),
    activities: activities.map(bounded),
  };
  const optional = {
    error: view.error,
    era: view.era,
    transport: view.transport,
    protocolVersion: view.protocolVersion,
    serverInfo: view.serverInfo && bounded(view.serverInfo),
    capabilities: capabilities && bounded(capabilities),
    instructions: view.instructions,
    headerNames: view.headers ? Object.keys(view.headers) : undefined,
    auth: view.auth,
    logs: view.logs && bounded(view.logs),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) (server as unknown as Record<string, unknown>)[key] = value;
  return server;
}

/** Every string of `value` with each of `secrets` (and any bearer string, redactJson's rule) replaced: a copy. */
function scrub(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') {
    let text = redactJson(value) as string;
    for (const secret of secrets) if (text.includes(secret)) text = text.split(secret).join(REDACTED);
    return text;
  }
  if (typeof value !== 'object' || value === null || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [scrub(key, secrets, depth + 1) as string, scrub(item, secrets, depth + 1)]));
}

/** The longest logs lose their oldest records until the file fits; says so. */
function withinBounds(file: SessionFile, maxChars: number): SessionFile {
  let text = JSON.stringify(file);
  const cuts: string[] = [];
  while (text.length > maxChars) {
    const longest = file.servers.reduce((a, b) => (a.protocolLog.length >= b.protocolLog.length ? a : b));
    if (longest.protocolLog.length === 0) break;
    const dropped = Math.ceil(longest.protocolLog.length / 4);
    longest.protocolLog = longest.protocolLog.slice(dropped);
    cuts.push(tn('sessionFile.dropped', dropped, { server: longest.name, max: String(Math.round(maxChars / 1024 / 1024)) }));
    file.cuts = cuts;
    text = JSON.stringify(file);
  }
  return file;
}

/** The session file of `input`'s servers: its name and text. */
export function sessionFile(input: SessionInput, maxChars = MAX_SESSION_CHARS): { name: string; text: string } {
  const secrets = [...new Set(input.secrets.filter((secret) => secret.length >= MIN_SECRET))].sort((a, b) => b.length - a.length);
  const servers = input.servers.map(serverOf);
  const redacted = scrub(redactJson(servers), secrets) as SessionServer[];
  const file = withinBounds(
    {
      format: SESSION_FORMAT,
      version: SESSION_VERSION,
      savedAt: input.savedAt.toISOString(),
      product: input.product,
      browser: input.browser,
      redaction: redactionWords(),
      servers: redacted,
    },
    maxChars,
  );
  const subject = servers.length === 1 ? servers[0]!.name.replace(/[^\w.-]+/g, '-').slice(0, 60) : 'all-servers';
  return { name: `${subject}-session-${file.savedAt.slice(0, 10)}.json`, text: `${JSON.stringify(file, null, 1)}\n` };
}
