import type { LoggingLevel } from '@modelcontextprotocol/client';
import { t } from '@/lib/i18n';
import type { ServerLogEntry } from '@/lib/state';
import { LogEntries } from '../content/LogEntries';
import { useActions } from '../shared/actions';
import { Message } from '../shared/Message';

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
      <summary>{t('servers.log.summary', { count: logs.length })}</summary>
      <label class="log-level-choice" for={`log-level-${serverId}`}>
        <Message
          id="servers.log.levelFrom"
          values={{
            level: (
              <select
                id={`log-level-${serverId}`}
                value={level ?? ''}
                onChange={(event) => updateServer(serverId, { logLevel: event.currentTarget.value as LoggingLevel })}
              >
                {!level && <option value="">{t('servers.log.serverDefault')}</option>}
                {/* The levels are the protocol's words (RFC 5424 severities), shown as they are. */}
                {LOG_LEVELS.map((option) => (
                  <option key={option} value={option} translate={false}>
                    {option}
                  </option>
                ))}
              </select>
            ),
          }}
        />
      </label>
      {logs.length === 0 ? (
        <p class="muted">{t('servers.log.empty')}</p>
      ) : (
        <LogEntries entries={logs} label={t('servers.log.label', { server: serverName })} />
      )}
    </details>
  );
}
