/**
 * A server's log messages (`notifications/message`): kept per server, the newest
 * `SERVER_LOG_LENGTH`, each cut to words the panel can show; one that arrives while a single
 * request of that server runs is also kept with that request, as the server most likely
 * logged it for that one. (The SDK does not say which request a message came with.)
 */
import type { LoggingMessageNotificationParams } from '@modelcontextprotocol/client';
import type { ServerLogEntry } from '../state';
import type { Activities } from './activities';
import type { Servers } from './servers';

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

/** Where a server's log messages are kept: its card, and the requests of it that run. */
export interface ServerLogPlaces {
  servers: Pick<Servers, 'view' | 'update'>;
  activities: Pick<Activities, 'list' | 'patch'>;
}

/** Keeps each log message of a server on its card, and with the one request of it that runs, if one alone does. */
export function routeServerLogs({ servers, activities }: ServerLogPlaces): (serverId: string, params: LoggingMessageNotificationParams) => void {
  return (serverId, params) => {
    const entry = logEntry(params);
    const view = servers.view(serverId);
    if (!view) return;
    servers.update(serverId, { logs: appended(view.logs, entry, SERVER_LOG_LENGTH) });
    const running = activities.list().filter((activity) => activity.serverId === serverId && activity.status === 'running');
    if (running.length === 1) activities.patch(running[0]!, { logs: appended(running[0]!.logs, entry, ACTIVITY_LOG_LENGTH) });
  };
}
