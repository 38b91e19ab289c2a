/**
 * The SDK's `OAuthClientProvider`, backed by injected storage: the SDK's `auth()` runs
 * discovery, registration, PKCE, token exchange and refresh, and calls back here to read
 * and write what it learns. Nothing here talks to the network.
 *
 * What is stored, and where, is lib/auth/record.ts.
 */
import {
  assertSecureTokenEndpoint,
  validateClientMetadataUrl,
  type AuthorizationServerMetadata,
  type OAuthClientInformationContext,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { clientMetadataFor, noRegistration, type PreRegisteredClient, preRegisteredAt } from './clients';
import { AuthorizationError } from './errors';
import { type AuthStatus, authStatus, readRecord, type ServerRecord, storageKeys } from './record';
import type { ClientChoice } from './signInSteps';
import type { AuthStorage } from './storage';

/** The server being authorized, as the rest of toolnexus names it (a `ServerConfig` fits). */
export interface AuthServer {
  /** Stable local id: the storage key. */
  id: string;
  /** Shown to the person on the consent card. */
  name: string;
  url: string;
}

export interface OAuthProviderOptions {
  server: AuthServer;
  storage: AuthStorage;
  /** Where the authorization server sends the person back; in the extension `browser.identity.getRedirectURL()`. */
  redirectUrl: string;
  preRegistered?: PreRegisteredClient;
  /**
   * An https URL serving toolnexus's Client ID Metadata Document. Used when the
   * authorization server advertises `client_id_metadata_document_supported`; otherwise
   * the SDK falls back to Dynamic Client Registration.
   */
  clientMetadataUrl?: string;
  clientName?: string;
  now?: () => number;
  /** Told which client a sign-in uses when no registration is seen happening (for its trace). */
  onClient?: (how: ClientChoice, clientId: string, issuer: string, withSecret: boolean) => void;
  /** Why a sign-in may not go to this authorization server (the organisation's policy), or undefined. */
  refuseIssuer?: (issuer: string) => string | undefined;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Why a discovered authorization server must not be used, or `null` if it may.
 * spec 2025-11-25 basic/authorization, Authorization Code Protection: when
 * `code_challenge_methods_supported` is absent the server "does not support PKCE and MCP
 * clients MUST refuse to proceed"; S256 is the method we use. The SDK only refuses when the
 * list is present without S256, so the absent case is ours.
 */
export function pkceProblem(serverName: string, issuer: string, metadata: AuthorizationServerMetadata | undefined): string | null {
  if (!metadata) {
    return t('auth.clients.noMetadata', { server: serverName, issuer });
  }
  if (!metadata.code_challenge_methods_supported?.includes('S256')) {
    return t('auth.clients.noPkce', { server: serverName, issuer: metadata.issuer });
  }
  return null;
}

/**
 * Refuses the authorization server a sign-in discovered, before anything is sent to it: the SDK
 * saves discovery before it registers a client, so a refused one never sees a registration and
 * the person never sees a card. First the organisation's policy, then PKCE, then the token
 * endpoint (the SDK refuses a plain-http one only when it is about to send the code: by then the
 * person has signed in for nothing). Returns the issuer.
 */
function refuseDiscovered(options: OAuthProviderOptions, state: OAuthDiscoveryState): string {
  const issuer = state.authorizationServerMetadata?.issuer ?? state.authorizationServerUrl;
  const refused = options.refuseIssuer?.(issuer);
  if (refused) throw new AuthorizationError('organisation', refused);
  const problem = pkceProblem(options.server.name, state.authorizationServerUrl, state.authorizationServerMetadata);
  if (problem) throw new AuthorizationError('pkce-unsupported', problem);
  const tokenEndpoint = state.authorizationServerMetadata?.token_endpoint;
  if (tokenEndpoint) assertSecureTokenEndpoint(tokenEndpoint);
  return issuer;
}

export interface StoredOAuthProvider extends OAuthClientProvider {
  readonly server: AuthServer;
  /** The authorization URL the SDK produced on its last `REDIRECT`, handed over once. */
  takeAuthorizationUrl(): URL | undefined;
  discoveryState(): Promise<OAuthDiscoveryState | undefined>;
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void>;
  /** The `state` sent with the sign-in in progress. */
  expectedState(): Promise<string | undefined>;
  /** Forgets the verifier and `state` once a sign-in has finished, either way. */
  endSignIn(): Promise<void>;
  /** Whether the person said no and nothing should ask them again unprompted. */
  askingPaused(): Promise<boolean>;
  pauseAsking(paused: boolean): Promise<void>;
  status(): Promise<AuthStatus>;
}

/**
 * The client a sign-in at `issuer` uses, or `undefined` for the SDK to get one (a metadata
 * document or a registration), after checking that it can (lib/auth/clients.ts).
 */
async function clientAt(
  options: OAuthProviderOptions & { onClient: NonNullable<OAuthProviderOptions['onClient']> },
  record: ServerRecord,
  issuer: string,
  update: (change: (record: ServerRecord) => void) => Promise<void>,
): Promise<StoredOAuthClientInformation | undefined> {
  const { server, preRegistered, clientMetadataUrl, onClient, storage } = options;
  if (preRegistered) {
    const client = preRegisteredAt(server.name, preRegistered, record, issuer);
    if (record.preRegistered?.clientId !== preRegistered.clientId) {
      await update((next) => {
        next.preRegistered = { clientId: preRegistered.clientId, issuer };
      });
    }
    onClient('pre-registered', client.client_id, issuer, client.client_secret !== undefined);
    return client;
  }
  const stored = record.clients[issuer];
  if (stored) {
    onClient(stored.client_id === clientMetadataUrl ? 'metadata-document' : 'stored', stored.client_id, issuer, false);
    return stored;
  }
  const discovery = (await storage.session.get(storageKeys(server.id).discovery)) as OAuthDiscoveryState | undefined;
  const problem = noRegistration(server.name, issuer, discovery?.authorizationServerMetadata, clientMetadataUrl);
  if (problem) throw problem;
  return undefined;
}

/**
 * A storage-backed provider for one MCP server. Registration preference (spec: Client
 * Registration Approaches): a pre-registered client, then a Client ID Metadata Document
 * when the authorization server supports it, then Dynamic Client Registration; the SDK's
 * `auth()` applies the last two from what {@link clientInformation} returns.
 */
export function createOAuthProvider(options: OAuthProviderOptions): StoredOAuthProvider {
  const { server, storage, redirectUrl, clientMetadataUrl, clientName = 'toolnexus', now = Date.now } = options;
  // Fail at wiring time, not mid-sign-in: the SDK requires an https URL with a path.
  validateClientMetadataUrl(clientMetadataUrl);
  const keys = storageKeys(server.id);
  let pendingUrl: URL | undefined;
  // Read-modify-write of the one record must not interleave (a refresh racing a status write).
  let writes: Promise<unknown> = Promise.resolve();

  function update(change: (record: ServerRecord) => void): Promise<void> {
    const next = writes.then(async () => {
      const record = await readRecord(storage, server.id);
      change(record);
      await storage.local.set(keys.record, record);
    });
    writes = next.catch(() => undefined);
    return next;
  }

  const clientMetadata = clientMetadataFor(redirectUrl, clientName);
  const onClient = options.onClient ?? (() => {});

  return {
    server,
    redirectUrl,
    clientMetadataUrl,
    get clientMetadata() {
      return clientMetadata;
    },

    async state() {
      const state = randomState();
      await storage.session.set(keys.state, state);
      return state;
    },
    expectedState: async () => {
      const state = await storage.session.get(keys.state);
      return typeof state === 'string' ? state : undefined;
    },

    // spec 2026-07-28 client-registration priority: the person's own client first, then one
    // registered earlier; with none, the SDK uses a metadata document or registers.
    async clientInformation(ctx?: OAuthClientInformationContext) {
      const record = await readRecord(storage, server.id);
      const issuer = ctx?.issuer ?? record.issuer;
      if (!issuer) return undefined;
      // Without ctx it is a look at the record, not a sign-in choosing its client.
      if (!ctx) return record.clients[issuer];
      return clientAt({ ...options, onClient }, record, issuer, update);
    },
    async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext) {
      const issuer = ctx?.issuer ?? info.issuer;
      if (!issuer) throw new Error('The SDK saved client information without naming its authorization server.');
      if (info.client_id === clientMetadataUrl) onClient('metadata-document', info.client_id, issuer, false);
      await update((record) => {
        record.clients[issuer] = { ...info, issuer };
      });
    },

    async tokens(ctx?: OAuthClientInformationContext) {
      const record = await readRecord(storage, server.id);
      // No ctx: the transport's per-request read, which wants the tokens last saved.
      const issuer = ctx?.issuer ?? record.issuer;
      // Tokens of an authorization server the organisation no longer allows are kept, not sent.
      if (!issuer || options.refuseIssuer?.(issuer)) return undefined;
      return record.tokens[issuer]?.tokens;
    },
    async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext) {
      const issuer = ctx?.issuer ?? tokens.issuer;
      if (!issuer) throw new Error('The SDK saved tokens without naming their authorization server.');
      const receivedAt = now();
      await update((record) => {
        record.issuer = issuer;
        record.tokens[issuer] = { tokens: { ...tokens, issuer }, receivedAt };
      });
    },

    redirectToAuthorization(authorizationUrl: URL) {
      // The flow driver asks the person first; nothing is opened from here.
      pendingUrl = authorizationUrl;
    },
    takeAuthorizationUrl() {
      const url = pendingUrl;
      pendingUrl = undefined;
      return url;
    },

    async saveCodeVerifier(codeVerifier: string) {
      await storage.session.set(keys.verifier, codeVerifier);
    },
    async codeVerifier() {
      const verifier = await storage.session.get(keys.verifier);
      if (typeof verifier !== 'string') {
        throw new Error(t('auth.clients.verifierGone', { server: server.name }));
      }
      return verifier;
    },

    async saveDiscoveryState(state: OAuthDiscoveryState) {
      const issuer = refuseDiscovered(options, state);
      await storage.session.set(keys.discovery, state);
      // The server names its authorization server anew at each sign-in: once it names another,
      // the last one's tokens are no longer sent to it, signed in there or not (SEP-2352).
      const current = (await readRecord(storage, server.id)).issuer;
      if (current !== null && current !== issuer) {
        await update((record) => {
          record.issuer = issuer;
        });
      }
    },
    async discoveryState() {
      const state = await storage.session.get(keys.discovery);
      return typeof state === 'object' && state !== null ? (state as OAuthDiscoveryState) : undefined;
    },

    async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
      if (scope === 'all' || scope === 'client' || scope === 'tokens') {
        await update((record) => {
          if (scope !== 'tokens') record.clients = {};
          if (scope !== 'client') record.tokens = {};
        });
      }
      if (scope === 'all' || scope === 'verifier') {
        await storage.session.remove(keys.verifier);
        await storage.session.remove(keys.state);
      }
      if (scope === 'all' || scope === 'discovery') await storage.session.remove(keys.discovery);
    },

    async endSignIn() {
      await storage.session.remove(keys.verifier);
      await storage.session.remove(keys.state);
    },

    askingPaused: async () => (await storage.session.get(keys.paused)) === true,
    pauseAsking: (paused) => (paused ? storage.session.set(keys.paused, true) : storage.session.remove(keys.paused)),

    status: () => authStatus(storage, server.id),
  };
}
