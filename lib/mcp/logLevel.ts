/**
 * The least severe log level the person wants from a server. 2025-11-25: `logging/setLevel`,
 * where the server offers logging. 2026-07-28, where setLevel is deprecated: the level rides
 * on each request (`_meta`).
 */
import { type Client, LOG_LEVEL_META_KEY, type LoggingLevel } from '@modelcontextprotocol/client';

export interface LogLevel {
  /** `params` as a request carries them: with the level in `_meta` on 2026-07-28. */
  withLevel<T extends object>(params: T): T;
  set(level: LoggingLevel): Promise<void>;
}

type Logged = Pick<Client, 'getProtocolEra' | 'getServerCapabilities' | 'setLoggingLevel'>;

/** The level of a connected client, set to `chosen` (a level the person chose earlier) when given; a server that will not take it is left as it is. */
export async function logLevel(client: Logged, chosen: LoggingLevel | undefined): Promise<LogLevel> {
  let level = chosen;
  const modern = client.getProtocolEra() === 'modern';
  const logs: LogLevel = {
    withLevel: (params) => (modern && level ? { ...params, _meta: { [LOG_LEVEL_META_KEY]: level } } : params),
    async set(next) {
      level = next;
      if (!modern && client.getServerCapabilities()?.logging) await client.setLoggingLevel(next);
    },
  };
  if (level) await logs.set(level).catch(() => {});
  return logs;
}
