/**
 * What is kept of one server's sign-ins, and what may be read of it without a sign-in running:
 * the storage keys, the record in `local` (clients and tokens per issuer), its status for
 * display and the authorization context it names. Layout (one `local` record per server, maps
 * inside keyed by authorization-server issuer, because a client id or token is only meaningful
 * at the issuer that minted it, SEP-2352):
 *
 *   local   `auth:<serverId>`            { issuer, clients: {<issuer>: …}, tokens: {<issuer>: …}, preRegistered? }
 *   session `auth:<serverId>:state`      the `state` of the sign-in in progress
 *   session `auth:<serverId>:verifier`   its PKCE code verifier
 *   session `auth:<serverId>:discovery`  PRM + AS metadata of that sign-in (the SDK requires
 *                                        it to live as long as the verifier)
 *   session `auth:<serverId>:paused`     set after the person said no: ask again only when
 *                                        they choose to sign in (survives worker restarts)
 */
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { AuthStorage } from './storage';

/** What may be shown about a server's sign-in. Deliberately holds no token values. */
export interface AuthStatus {
  signedIn: boolean;
  /** The authorization server that issued the current tokens. */
  issuer: string | null;
  /** Scopes the authorization server says it granted. */
  scopes: string[];
  /** When the access token stops working (ms since epoch); `null` when unknown. A refresh token may outlive it. */
  expiresAt: number | null;
}

export interface TokenRecord {
  tokens: StoredOAuthTokens;
  receivedAt: number;
}

export interface ServerRecord {
  /**
   * The issuer whose tokens are sent with requests: the one that last saved tokens, or the one
   * the server last named, whichever came later (spec 2026-07-28 Token Handling: "MUST NOT send
   * tokens … other than ones issued by the MCP server's authorization server").
   */
  issuer: string | null;
  clients: Record<string, StoredOAuthClientInformation>;
  tokens: Record<string, TokenRecord>;
  /**
   * The authorization server the person's pre-registered client was first used with, when they
   * gave none: it is offered to no other (spec 2026-07-28 client-registration, Authorization
   * Server Binding, SEP-2352).
   */
  preRegistered?: { clientId: string; issuer: string };
}

const emptyRecord = (): ServerRecord => ({ issuer: null, clients: {}, tokens: {} });

export const storageKeys = (serverId: string) => ({
  record: `auth:${serverId}`,
  state: `auth:${serverId}:state`,
  verifier: `auth:${serverId}:verifier`,
  discovery: `auth:${serverId}:discovery`,
  paused: `auth:${serverId}:paused`,
});

export async function readRecord(storage: AuthStorage, serverId: string): Promise<ServerRecord> {
  const stored = await storage.local.get(storageKeys(serverId).record);
  return typeof stored === 'object' && stored !== null ? (stored as ServerRecord) : emptyRecord();
}

/**
 * Forgets everything kept of a server's sign-ins: its tokens, clients and any sign-in under
 * way. For a server the person removed; revoking needs the record, so Sign out comes first
 * when the tokens should also end at the authorization server.
 */
export async function forgetRecord(storage: AuthStorage, serverId: string): Promise<void> {
  const { record, ...session } = storageKeys(serverId);
  await storage.local.remove(record);
  await Promise.all(Object.values(session).map((key) => storage.session.remove(key)));
}

function statusOf(record: ServerRecord): AuthStatus {
  const current = record.issuer ? record.tokens[record.issuer] : undefined;
  if (!current) return { signedIn: false, issuer: record.issuer, scopes: [], expiresAt: null };
  const { tokens, receivedAt } = current;
  const expiresAt = tokens.expires_in === undefined ? null : receivedAt + tokens.expires_in * 1000;
  return {
    signedIn: true,
    issuer: record.issuer,
    scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
    expiresAt,
  };
}

/** A server's sign-in status for display, read straight from storage (no provider needed). */
export async function authStatus(storage: AuthStorage, serverId: string): Promise<AuthStatus> {
  return statusOf(await readRecord(storage, serverId));
}

/**
 * Names the authorization context requests to a server are made in, with nothing secret in
 * it: empty while no token is held, else the issuer and when its current token was saved. A
 * new token (a sign-in, a refresh, another account) is a new context, as spec 2026-07-28
 * server/utilities/caching has it: "a different access token requires a different cache".
 */
export async function authorizationContext(storage: AuthStorage, serverId: string): Promise<string> {
  const record = await readRecord(storage, serverId);
  const current = record.issuer ? record.tokens[record.issuer] : undefined;
  return current ? `${record.issuer} ${current.receivedAt}` : '';
}
