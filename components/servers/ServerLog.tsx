import type { LoggingLevel } from '@modelcontextprotocol/client';
import type { ServerLogEntry } from '@/lib/state';
import { LogEntries } from '../content/LogEntries';
import { useActions } from '../shared/actions';

/** MCP's log levels, least severe first (RFC 5424 severities). */
export const LOG_LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

export interface ServerLogProps {
  serverId: string;
  serverName: string;
  logs: ServerLogEntry[] | undefined;
  level: LoggingLevel | undefined;
}

/** A server's log on its card: what it logged lately, and from which level up it should log. */
export function ServerLog({ serverId, serverName, logs = [], level }: ServerLogProps) {
  const { updateServer } = useActions();
  return (
    <details class="server-log">
      <summary>Server log ({logs.length})</summary>
      <label class="log-level-choice">
        Log from{' '}
        <select value={level ?? ''} onChange={(event) => updateServer(serverId, { logLevel: event.currentTarget.value as LoggingLevel })}>
          {!level && <option value="">the server's default</option>}
          {LOG_LEVELS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>{' '}
        up
      </label>
      {logs.length === 0 ? <p class="muted">Nothing logged yet.</p> : <LogEntries entries={logs} label={`Log of ${serverName}`} />}
    </details>
  );
}
