/**
 * Signing a person in to one MCP server, end to end, on top of the SDK's `auth()`:
 *
 *   401 → auth(): PRM → AS metadata → registration → (refresh, or an authorization URL)
 *       → consent Request (the person sees server, issuer, scopes, the full URL)
 *       → authorize(url) (launchWebAuthFlow in the extension) → check state, iss
 *       → auth(code): token request with PKCE verifier and `resource` → retry
 *   403 insufficient_scope → the same, with the union of scopes (step-up), bounded.
 *
 * It plugs into `StreamableHTTPClientTransport` as an `AuthProvider` (the 401 seam, which
 * the transport retries once) plus a fetch wrapper (the 403 seam), so a connect or a tool
 * call that needs the person simply waits for them and then succeeds; the caller never
 * sees `UnauthorizedError` or has to call `finishAuth`.
 *
 * Why not hand the transport the `OAuthClientProvider` itself: the SDK then ends every
 * interactive leg by throwing `UnauthorizedError` and expects the app to navigate, come
 * back, `finishAuth` and reconnect. Here the browser returns the callback URL to the same
 * running code, so the flow can finish in place.
 */
import {
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  isStrictScopeSuperset,
  type AuthProvider,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { nextRequestId, type Answer, type Request } from '../request';
import { analyzeUrl } from '../urls';
import { readCallback } from './callback';
import { AuthorizationError } from './errors';
import { describeScopes } from './scopes';
import { withStepUp } from './stepUp';
import { createOAuthProvider, type AuthStatus, type OAuthProviderOptions, type StoredOAuthProvider } from './provider';

/** Puts a Request of kind `authorization` in front of the person (in the extension, `inbox.ask`). */
export type Consent = (request: Request) => Promise<Answer>;

/**
 * Opens the authorization URL where the client cannot read the page and resolves with the
 * URL the browser was finally sent to under the redirect URL (in the extension,
 * `browser.identity.launchWebAuthFlow({ url, interactive: true })`).
 */
export type Authorize = (authorizationUrl: URL) => Promise<string>;

export interface ServerAuthorizationOptions extends OAuthProviderOptions {
  consent: Consent;
  authorize: Authorize;
  /** Used for every request to the authorization server; defaults to `fetch`. */
  fetch?: FetchLike;
  /**
   * How many step-up sign-ins one request may cause before it fails. spec 2025-11-25
   * basic/authorization, Step-Up Authorization Flow: clients SHOULD implement retry limits.
   */
  maxStepUps?: number;
  /**
   * Told `true` when the flow starts waiting on the person (consent card, then sign-in
   * window) and `false` when it stops. The SDK's request timers keep running meanwhile, so
   * callers pause their own idle timeouts here and give `connect` a timeout long enough
   * for a person.
   */
  onInteraction?: (waiting: boolean) => void;
}

/**
 * Everything but the server and the connection's own hook: what the composition root
 * knows (storage, redirect URL, consent, authorize) and hands to each `load()`.
 */
export type AuthorizationSetup = Omit<ServerAuthorizationOptions, 'server' | 'onInteraction'>;

/** What to pass to `new StreamableHTTPClientTransport(url, { ...these })`. */
export interface AuthorizedTransportOptions {
  authProvider: AuthProvider;
  fetch: FetchLike;
}

export interface ServerAuthorization {
  /** Transport options that make requests carry the token and sign in when the server asks. */
  transportOptions(fetch?: FetchLike): AuthorizedTransportOptions;
  /** Signs in now (a "Sign in" button), without waiting for a 401; re-allows asking after a no. */
  signIn(): Promise<void>;
  status(): Promise<AuthStatus>;
}

interface Challenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  forceReauthorization?: boolean;
}

/**
 * Step-up sign-ins one request may cause: with the sign-in that started it, three
 * authorization requests in all, the bound the MCP conformance suite holds clients to
 * (auth/scope-retry-limit: "3 or fewer").
 */
const DEFAULT_MAX_STEP_UPS = 2;

function authorizationRequest(provider: StoredOAuthProvider, issuer: string, url: URL): Request {
  return {
    id: nextRequestId(),
    kind: 'authorization',
    prompt: `${provider.server.name} needs you to sign in. Its authorization server, ${issuer}, will ask you to grant: ${describeScopes(url.searchParams.get('scope'))}.`,
    url: url.href,
    data: null,
  };
}

/**
 * One server's sign-in, for one connection: create it in `load()` and keep it for the
 * connection's life (it remembers granted scopes and joins concurrent sign-ins). All
 * lasting state is in storage, so a new connection picks up where the last one left off.
 */
export function createServerAuthorization(options: ServerAuthorizationOptions): ServerAuthorization {
  const { consent, authorize, maxStepUps = DEFAULT_MAX_STEP_UPS } = options;
  const oauthFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const provider = createOAuthProvider(options);
  const { server } = provider;
  // Scopes granted through sign-ins in this worker's lifetime, so a step-up never drops one.
  let requestedScope: string | undefined;
  // One sign-in at a time: concurrent 401s (a GET stream and a POST) share one consent card.
  let inFlight: Promise<void> | undefined;

  async function withPerson<T>(work: () => Promise<T>): Promise<T> {
    options.onInteraction?.(true);
    try {
      return await work();
    } finally {
      options.onInteraction?.(false);
    }
  }

  /** Asks the person, opens the URL, and exchanges the code; throws before any exchange on a bad callback. */
  async function finishInteractively(challenge: Challenge): Promise<void> {
    const url = provider.takeAuthorizationUrl();
    if (!url) throw new Error(`The SDK asked to sign in to ${server.name} without producing an authorization URL.`);
    try {
      // After a no, a reconnect or a ping must not put another card in front of the person:
      // only `signIn()` asks again. Silent refreshes never get here, so they go on.
      if (await provider.askingPaused()) {
        throw new AuthorizationError(
          'needs-authorization',
          `${server.name} needs you to sign in, and the last sign-in was declined or not finished; choose Sign in to try again.`,
        );
      }
      const refused = analyzeUrl(url.href).refused;
      if (refused) throw new AuthorizationError('unsafe-url', refused);
      const issuer = (await provider.discoveryState())?.authorizationServerMetadata?.issuer ?? url.origin;

      const landed = await withPerson(async () => {
        const answer = await consent(authorizationRequest(provider, issuer, url));
        if (!answer.ok) {
          await provider.pauseAsking(true);
          throw answer.reason === 'declined'
            ? new AuthorizationError('declined', `You declined to sign in to ${server.name}; it stays signed out until you choose Sign in.`)
            : new AuthorizationError('cancelled', `The sign-in to ${server.name} was not answered (${answer.reason ?? 'cancelled'}).`);
        }
        try {
          return await authorize(url);
        } catch (error) {
          await provider.pauseAsking(true);
          throw new AuthorizationError('cancelled', `The sign-in window for ${server.name} closed before it finished.`, { cause: error });
        }
      });
      const { code, iss } = readCallback(landed, {
        redirectUrl: options.redirectUrl,
        state: await provider.expectedState(),
        metadata: (await provider.discoveryState())?.authorizationServerMetadata,
        serverName: server.name,
      });
      const result = await auth(provider, {
        serverUrl: server.url,
        resourceMetadataUrl: challenge.resourceMetadataUrl,
        authorizationCode: code,
        iss,
        fetchFn: oauthFetch,
      });
      if (result !== 'AUTHORIZED') throw new Error(`Exchanging the code for ${server.name} ended in ${result}.`);
      requestedScope = computeScopeUnion(requestedScope, url.searchParams.get('scope') ?? undefined);
    } finally {
      // A verifier or state outliving its sign-in could only ever serve a replay.
      await provider.endSignIn();
    }
  }

  /**
   * The SDK registers a client (RFC 7591) for the scopes of its first sign-in, and an
   * authorization server may hold it to them (oidc-provider answers `invalid_scope`). A
   * registration too narrow for `scope` is dropped so auth() registers afresh, rather than
   * sending the person to a sign-in that can only fail. Metadata-document and pre-registered
   * clients carry no `scope` and are kept.
   */
  async function dropNarrowRegistration(scope: string | undefined): Promise<void> {
    const registered = await provider.clientInformation();
    if (registered && 'scope' in registered && typeof registered.scope === 'string' && isStrictScopeSuperset(scope, registered.scope)) {
      await provider.invalidateCredentials('client');
    }
  }

  async function obtain(challenge: Challenge): Promise<void> {
    await dropNarrowRegistration(challenge.scope);
    const result = await auth(provider, {
      serverUrl: server.url,
      resourceMetadataUrl: challenge.resourceMetadataUrl,
      scope: challenge.scope,
      forceReauthorization: challenge.forceReauthorization,
      fetchFn: oauthFetch,
    });
    // AUTHORIZED without the person: a refresh token did it (spec: tokens are refreshed silently).
    if (result === 'REDIRECT') await finishInteractively(challenge);
  }

  /** Runs one sign-in, or joins the one already running. */
  function signInOnce(challenge: Challenge): Promise<void> {
    inFlight ??= obtain(challenge).finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  /**
   * spec 2025-11-25 basic/authorization, Step-Up Authorization Flow: ask again for the
   * union of what was asked before, what was granted, and what the server now names, so
   * earlier permissions are not lost; refresh cannot widen a grant (RFC 6749 §6), so a
   * wider union forces a new authorization.
   */
  async function stepUp(response: Response): Promise<void> {
    const { scope, resourceMetadataUrl } = extractWWWAuthenticateParams(response);
    const granted = (await provider.tokens())?.scope;
    const union = computeScopeUnion(requestedScope, granted, scope);
    await signInOnce({ scope: union, resourceMetadataUrl, forceReauthorization: isStrictScopeSuperset(union, granted) });
  }

  const authProvider: AuthProvider = {
    token: async () => (await provider.tokens())?.access_token,
    onUnauthorized: async ({ response }) => {
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
      await signInOnce({ resourceMetadataUrl, scope: computeScopeUnion(requestedScope, scope) });
    },
  };

  return {
    transportOptions: (fetchForServer) => ({
      authProvider,
      fetch: withStepUp(fetchForServer ?? ((url, init) => fetch(url, init)), {
        serverName: server.name,
        maxStepUps,
        stepUp,
        token: async () => (await provider.tokens())?.access_token,
      }),
    }),
    signIn: async () => {
      await provider.pauseAsking(false);
      await signInOnce({ scope: requestedScope });
    },
    status: () => provider.status(),
  };
}
