/**
 * A server's log messages (`notifications/message`): kept per server, the newest
 * `SERVER_LOG_LENGTH`, each cut to words the panel can show; one that arrives while a single
 * request of that server runs is also kept with that request, as the server most likely
 * logged it for that one. (The SDK does not say which request a message came with.)
 */
import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import type { ServerLogEntry } from '../state';

export const SERVER_LOG_LENGTH = 200;
export const ACTIVITY_LOG_LENGTH = 50;
const MAX_TEXT = 2_000;

export function logEntry({ level, logger, data }: LoggingMessageNotificationParams, at = Date.now()): ServerLogEntry {
  let text: string;
  try {
    text = typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
  } catch {
    text = String(data);
  }
  return {
    at,
    level,
    ...(typeof logger === 'string' && logger && { logger: logger.slice(0, 100) }),
    text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text,
  };
}

/** `list` with `entry` added, the oldest dropped past `max`; a new array, as views change by replacement. */
export function appended(list: ServerLogEntry[] | undefined, entry: ServerLogEntry, max: number): ServerLogEntry[] {
  const next = [...(list ?? []), entry];
  return next.length > max ? next.slice(next.length - max) : next;
}
