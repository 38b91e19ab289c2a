/**
 * Reading a session file back, with no server: checked before anything is taken from it (its
 * size and depth first, lib/json.ts, then each part's shape) into a read-only model the panel
 * draws as it draws a live server: the protocol log's records (its filters apply as they are),
 * the sign-in attempts, the activities with their results. What cannot be read is left out and
 * said; strings stay text, whatever they hold. Pure.
 */
import type { TraceAttempt } from '../auth/trace';
import { parseBoundedJson } from '../boundedJson';
import { t, tn } from '../i18n';
import { isRecord } from '../json';
import type { ProtocolLogEntry, ProtocolRecord } from '../mcp/protocolLog';
import { boundForPanel } from '../panelBounds';
import type { ActivityView, ServerLogEntry, ServerStatus } from '../state';
import { MAX_SESSION_CHARS, MAX_SESSION_DEPTH, SESSION_FORMAT, SESSION_VERSION, type SessionServer } from './format';

/** A session file as the panel shows it: everything in it as it was written, and what was left out. */
export interface SessionModel {
  savedAt: string;
  product: { name: string; version: string };
  browser: string;
  redaction: string;
  servers: SessionServer[];
  /** What the file or this reader left out, in words. */
  cuts: string[];
}

export type SessionProblem = 'not-a-session' | 'newer-version' | 'damaged' | 'too-large' | 'too-deep';
export type ReadSession = { ok: true; session: SessionModel } | { ok: false; problem: SessionProblem; message: string };

/** How much of a file the model keeps: as much as a live server's panel holds. */
const MAX_SERVERS = 200;
const MAX_RECORDS = 1_000;
const MAX_ATTEMPTS = 20;
const MAX_ACTIVITIES = 200;
const MAX_LOGS = 500;
const STATUSES = new Set<ServerStatus>(['disabled', 'connecting', 'connected', 'needs-permission', 'needs-authorization', 'error']);

const refused = (problem: SessionProblem, message: string): ReadSession => ({ ok: false, problem, message });
const str = (value: unknown, max = 2_000): string | undefined => (typeof value === 'string' ? value.slice(0, max) : undefined);
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const stringMap = (value: unknown) =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : undefined;

/** What is left out, one whole message for each kind of item: `left` of them, `max` kept at most. */
type LeftOut = (left: number, max: number) => string;

/** Reads each item of `list` (the newest `max`), counting those it cannot. */
function each<T>(list: unknown, max: number, read: (item: unknown) => T | undefined, leftOut: LeftOut, cuts: string[]): T[] {
  const items = Array.isArray(list) ? list : [];
  const kept = items.slice(-max).flatMap((item) => read(item) ?? []);
  const left = items.length - kept.length;
  if (left > 0) cuts.push(leftOut(left, max));
  return kept;
}

function readRecord(value: unknown): ProtocolLogEntry | undefined {
  if (isRecord(value) && value.kind === 'dropped' && num(value.count) && num(value.at)) return { kind: 'dropped', at: value.at, count: value.count };
  if (!isRecord(value) || !num(value.exchange) || !num(value.at)) return undefined;
  if (value.kind === 'message' && (value.direction === 'in' || value.direction === 'out')) {
    return { kind: 'message', exchange: value.exchange, at: value.at, direction: value.direction, message: boundForPanel(value.message).value };
  }
  if (value.kind !== 'http' || typeof value.method !== 'string' || typeof value.url !== 'string') return undefined;
  const record: ProtocolRecord = {
    kind: 'http',
    exchange: value.exchange,
    at: value.at,
    method: str(value.method, 20)!,
    url: str(value.url, 8_000)!,
    requestHeaders: stringMap(value.requestHeaders) ?? {},
  };
  if (num(value.status)) record.status = value.status;
  if (num(value.durationMs)) record.durationMs = value.durationMs;
  if (typeof value.error === 'string') record.error = str(value.error);
  const response = stringMap(value.responseHeaders);
  if (response) record.responseHeaders = response;
  return record;
}

function readAttempt(value: unknown): TraceAttempt | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || !num(value.at) || typeof value.reason !== 'string' || !Array.isArray(value.steps))
    return undefined;
  if (!['running', 'signed-in', 'failed', 'signed-out'].includes(value.outcome as string)) return undefined;
  const steps = value.steps.filter((step) => isRecord(step) && typeof step.kind === 'string' && num(step.at) && typeof step.summary === 'string');
  const attempt = boundForPanel({ ...value, steps: steps.map((step) => ({ facts: [], exchanges: [], outcome: 'info', ...step })) }).value;
  return attempt as unknown as TraceAttempt;
}

function readActivity(value: unknown): ActivityView | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || !num(value.startedAt)) return undefined;
  if (!['tool', 'resource', 'prompt'].includes(value.kind as string) || !['running', 'done', 'failed', 'cancelled'].includes(value.status as string))
    return undefined;
  return boundForPanel(value).value as unknown as ActivityView;
}

function readLog(value: unknown): ServerLogEntry | undefined {
  if (!isRecord(value) || !num(value.at) || typeof value.level !== 'string' || typeof value.text !== 'string') return undefined;
  return {
    at: value.at,
    level: value.level as ServerLogEntry['level'],
    text: str(value.text, 20_000)!,
    ...(typeof value.logger === 'string' ? { logger: str(value.logger, 200) } : {}),
  };
}

function readServer(value: unknown, cuts: string[]): SessionServer | undefined {
  if (!isRecord(value) || typeof value.url !== 'string') return undefined;
  const name = str(value.name, 200) || value.url.slice(0, 200);
  const server: SessionServer = {
    name,
    url: value.url.slice(0, 8_000),
    status: STATUSES.has(value.status as ServerStatus) ? (value.status as ServerStatus) : 'error',
    protocolLog: each(
      value.protocolLog,
      MAX_RECORDS,
      readRecord,
      (left, max) => tn('sessionFile.leftOut.records', left, { server: name, max }),
      cuts,
    ),
    signIn: each(value.signIn, MAX_ATTEMPTS, readAttempt, (left, max) => tn('sessionFile.leftOut.attempts', left, { server: name, max }), cuts),
    activities: each(
      value.activities,
      MAX_ACTIVITIES,
      readActivity,
      (left, max) => tn('sessionFile.leftOut.activities', left, { server: name, max }),
      cuts,
    ),
  };
  const words = { error: str(value.error, 20_000), protocolVersion: str(value.protocolVersion, 100), instructions: str(value.instructions, 200_000) };
  for (const [key, text] of Object.entries(words)) if (text !== undefined) (server as unknown as Record<string, unknown>)[key] = text;
  if (value.era === 'modern' || value.era === 'legacy') server.era = value.era;
  if (value.transport === 'sse') server.transport = 'sse';
  if (isRecord(value.serverInfo)) server.serverInfo = boundForPanel(value.serverInfo).value;
  if (isRecord(value.capabilities)) server.capabilities = boundForPanel(value.capabilities).value;
  if (Array.isArray(value.headerNames))
    server.headerNames = value.headerNames.filter((item): item is string => typeof item === 'string').slice(0, 100);
  const { auth } = value;
  if (isRecord(auth) && typeof auth.signedIn === 'boolean') {
    const scopes = Array.isArray(auth.scopes) ? auth.scopes.filter((scope): scope is string => typeof scope === 'string').slice(0, 100) : [];
    server.auth = { signedIn: auth.signedIn, issuer: str(auth.issuer) ?? null, scopes, expiresAt: num(auth.expiresAt) ? auth.expiresAt : null };
  }
  if (Array.isArray(value.logs))
    server.logs = each(value.logs, MAX_LOGS, readLog, (left, max) => tn('sessionFile.leftOut.logs', left, { server: name, max }), cuts);
  return server;
}

/** A file's text as a session, or why it is none; the size and nesting are checked before anything is parsed. */
export function readSessionFile(text: string): ReadSession {
  const parsed = parseBoundedJson(text, { maxChars: MAX_SESSION_CHARS, maxDepth: MAX_SESSION_DEPTH });
  if ('refused' in parsed) {
    if (parsed.refused === 'too-large') {
      return refused(
        'too-large',
        t('sessionFile.tooLargeMb', { size: (text.length / 1024 / 1024).toFixed(0), max: String(MAX_SESSION_CHARS / 1024 / 1024) }),
      );
    }
    if (parsed.refused === 'too-deep') return refused('too-deep', t('sessionFile.tooDeep', { max: String(parsed.max) }));
    return refused('not-a-session', t('sessionFile.notJson'));
  }
  const file = parsed.value;
  if (!isRecord(file) || file.format !== SESSION_FORMAT) return refused('not-a-session', t('sessionFile.problemNotASession'));
  if (!num(file.version) || file.version > SESSION_VERSION) {
    return refused('newer-version', t('sessionFile.newerFormat', { format: String(file.version) }));
  }
  if (!Array.isArray(file.servers)) return refused('damaged', t('sessionFile.problemDamaged'));
  const cuts = Array.isArray(file.cuts) ? file.cuts.filter((cut): cut is string => typeof cut === 'string').slice(0, 50) : [];
  const servers = each(
    file.servers,
    MAX_SERVERS,
    (server) => readServer(server, cuts),
    (left, max) => tn('sessionFile.leftOut.servers', left, { max }),
    cuts,
  );
  const product = isRecord(file.product)
    ? { name: str(file.product.name, 100) ?? '', version: str(file.product.version, 100) ?? '' }
    : { name: '', version: '' };
  return {
    ok: true,
    session: {
      savedAt: str(file.savedAt, 100) ?? '',
      product,
      browser: str(file.browser, 1_000) ?? '',
      redaction: str(file.redaction, 2_000) ?? '',
      servers,
      cuts,
    },
  };
}
