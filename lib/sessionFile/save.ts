/**
 * Saving a session, the worker's half: what the hub holds of one server (or of every server),
 * gathered for the panel, which writes the file (write.ts, in a chunk it loads when asked) and
 * decides what is written and redacts. The secrets it must keep out travel with it, over the
 * port, to the extension's own page only; they are never written anywhere.
 */
import type { ServerRecord } from '../auth/record';
import { t } from '../i18n';
import type { TraceAttempt } from '../auth/trace';
import type { ProtocolLogEntry } from '../mcp/protocolLog';
import type { ActivityView, ServerSettings, ServerView } from '../state';
import type { SessionInput } from './write';

export interface SessionSources {
  servers: { ids(): string[]; view(serverId: string): ServerView | undefined; saved(serverId: string): ServerSettings | undefined };
  /** The capabilities the server declared on its current connection, if it has one. */
  capabilities: (serverId: string) => unknown;
  records: { list(serverId: string): ProtocolLogEntry[]; signInTrace(serverId: string): TraceAttempt[] };
  activities: () => ActivityView[];
  /** What is kept of a server's sign-ins (tokens, registered clients): their values are kept out of the file. */
  signInRecord?: (serverId: string) => Promise<ServerRecord>;
  about: () => { product: { name: string; version: string }; browser: string };
}

/** The credential values kept for a server's sign-ins. */
function signInSecrets(record: ServerRecord): string[] {
  const tokens = Object.values(record.tokens ?? {}).flatMap(({ tokens }) => [tokens?.access_token, tokens?.refresh_token, tokens?.id_token]);
  const clients = Object.values(record.clients ?? {}).map((client) => client?.client_secret);
  return [...tokens, ...clients].filter((value): value is string => typeof value === 'string');
}

/** A header value the person set, and its credential alone when it is one after a scheme (`Bearer …`). */
const headerSecrets = (value: string) => [value, ...(/^\S+\s+(\S{6,})$/.exec(value.trim())?.slice(1) ?? [])];

export class SessionSaver {
  readonly #sources: SessionSources;

  constructor(sources: SessionSources) {
    this.#sources = sources;
  }

  /**
   * What the session file of `serverId` (of every server when it is omitted) is written from.
   * @throws Error when that server is no longer there.
   */
  async sources(serverId?: string | null): Promise<Omit<SessionInput, 'savedAt'>> {
    const { servers, capabilities, records, activities, signInRecord, about } = this.#sources;
    // null too: an omitted argument crosses the port as JSON, where undefined in a list is null.
    const ids = serverId == null ? servers.ids() : [serverId];
    const all = activities();
    const included = ids.map((id) => {
      const view = servers.view(id);
      if (!view) throw new Error(t('sessionFile.serverRemoved'));
      return {
        view,
        capabilities: capabilities(id),
        protocolLog: records.list(id),
        signIn: records.signInTrace(id),
        activities: all.filter((activity) => activity.serverId === id),
      };
    });
    // Every server's secrets, not only those saved: a server may echo another's header.
    const secrets: string[] = [];
    for (const id of servers.ids()) {
      const saved = servers.saved(id);
      for (const value of Object.values(saved?.headers ?? {})) secrets.push(...headerSecrets(value));
      if (saved?.oauthClientSecret) secrets.push(saved.oauthClientSecret);
      if (signInRecord) secrets.push(...signInSecrets(await signInRecord(id)));
    }
    return { ...about(), servers: included, secrets };
  }
}
