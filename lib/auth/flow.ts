/**
 * Signing a person in to one MCP server, end to end, on top of the SDK's `auth()`, as spec
 * 2026-07-28 basic/authorization has it (which keeps 2025-11-25's flow and adds RFC 9207 `iss`,
 * issuer-bound credentials, `application_type` and the `offline_access` rule):
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
 * Every sign-in is one attempt of a trace (lib/auth/trace.ts): each step, each request (made
 * through lib/auth/guardedFetch.ts, so none hangs or floods), and when it fails, why in words
 * (lib/auth/explain.ts), which is also what the caller's error says.
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
import { t } from '../i18n';
import { AuthorizationError } from './errors';
import { explainFailure, unansweredStep } from './explain';
import { guardedFetch } from './guardedFetch';
import { type Authorize, type Consent, signInWithPerson } from './interactive';
import { createOAuthProvider, type OAuthProviderOptions } from './provider';
import type { AuthStatus } from './record';
import { withoutOfflineAccess } from './scopes';
import { challengeStep, clientStep, stepUpStep } from './signInSteps';
import { withStepUp } from './stepUp';
import { TraceRecorder, type TraceAttempt } from './trace';
import { tracedFetch } from './traceFetch';

/** The sign-in under way for a server, shared by its connections and its Sign in button so they join one. */
export interface SharedSignIn {
  inFlight?: Promise<void>;
}

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
  /** Handed each sign-in attempt as it starts; it is written to as it goes (lib/hub/signInTraces.ts keeps them). */
  trace?: (attempt: TraceAttempt) => void;
  /** One per server; without it, each authorization runs its own sign-ins. */
  shared?: SharedSignIn;
  /** Told after each sign-in that ended with tokens (a refresh, a step-up, another authorization server): what may be shown of it changed. */
  onSignedIn?: () => void;
  /** How long a request to an authorization server may take; lib/auth/guardedFetch.ts's default otherwise. */
  requestTimeoutMs?: number;
}

/**
 * Everything but the server and the connection's own hook: what the composition root
 * knows (storage, redirect URL, consent, authorize) and hands to each `load()`.
 */
export type { Authorize, Consent };

export type AuthorizationSetup = Omit<ServerAuthorizationOptions, 'server' | 'onInteraction' | 'onClient'>;

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

/** The token a sign-in has just obtained, until the server has taken it or refused it. */
interface FreshToken {
  token: string;
  trace: TraceRecorder;
}

/**
 * A server that refuses the token its own authorization server just issued (for another
 * audience, most often) would otherwise fail as "401 after re-authentication": say so, in the
 * attempt that got the token, and as the error.
 */
function refusingFreshTokens(server: { name: string; url: string }, fresh: { token?: FreshToken }, base: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const sent = fresh.token && new Headers(init?.headers).get('authorization') === `Bearer ${fresh.token.token}` ? fresh.token : undefined;
    if (!sent) return response;
    fresh.token = undefined;
    if (response.status !== 401) return response;
    const { error, errorDescription } = extractWWWAuthenticateParams(response);
    await response.body?.cancel().catch(() => {});
    const said = `401${error ? ` ${error}` : ''}${errorDescription ? `: ${errorDescription}` : ''}`;
    const words = t('auth.tokenRefused', { server: server.name, said, url: server.url });
    challengeStep(sent.trace, server, response);
    sent.trace.attempt.steps.at(-1)!.outcome = 'failed';
    sent.trace.failAfter({ step: 'challenge', words, fix: { kind: 'sign-in' } });
    throw new AuthorizationError('token-refused', words);
  };
}

/**
 * One server's sign-in, for one connection: create it in `load()` and keep it for the
 * connection's life (it remembers the scopes asked for). Concurrent sign-ins are joined (per
 * server, given `shared`). All lasting state is in storage, so a new connection picks up where
 * the last one left off.
 */
export function createServerAuthorization(options: ServerAuthorizationOptions): ServerAuthorization {
  const { maxStepUps = DEFAULT_MAX_STEP_UPS } = options;
  const shared = options.shared ?? {};
  // The attempt under way here, whose requests the trace records, and the resource_metadata its challenge named.
  let recorder: TraceRecorder | undefined;
  let challengeUrl: string | undefined;
  const network: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const guarded = guardedFetch(network, { timeoutMs: options.requestTimeoutMs, resourceMetadataUrl: () => challengeUrl });
  const oauthFetch = tracedFetch(
    guarded,
    () => recorder,
    () => challengeUrl,
  );
  const provider = createOAuthProvider({ ...options, onClient: (...chosen) => recorder && clientStep(recorder, ...chosen) });
  const { server } = provider;
  // Scopes asked for through sign-ins in this worker's lifetime, so a step-up never drops one.
  let requestedScope: string | undefined;
  const fresh: { token?: FreshToken } = {};

  const interaction = {
    provider,
    consent: options.consent,
    authorize: options.authorize,
    redirectUrl: options.redirectUrl,
    oauthFetch,
    async withPerson<T>(work: () => Promise<T>): Promise<T> {
      options.onInteraction?.(true);
      try {
        return await work();
      } finally {
        options.onInteraction?.(false);
      }
    },
  };

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

  async function obtain(challenge: Challenge, trace: TraceRecorder): Promise<void> {
    // Discovery is read afresh for each sign-in, so a server that now names another
    // authorization server is seen to (SEP-2352): no refresh or token goes to the last one.
    await provider.invalidateCredentials('discovery');
    await dropNarrowRegistration(challenge.scope);
    const result = await auth(provider, {
      serverUrl: server.url,
      resourceMetadataUrl: challenge.resourceMetadataUrl,
      scope: challenge.scope,
      forceReauthorization: challenge.forceReauthorization,
      fetchFn: oauthFetch,
    });
    // AUTHORIZED without the person: a refresh token did it (spec: tokens are refreshed silently).
    if (result !== 'REDIRECT') return;
    const asked = await signInWithPerson(interaction, trace, challenge.resourceMetadataUrl);
    requestedScope = computeScopeUnion(requestedScope, withoutOfflineAccess(asked));
  }

  /** One traced attempt; a failure is thrown in the words the trace gives it. */
  async function attempt(reason: string, challenge: Challenge, first?: (trace: TraceRecorder) => void): Promise<void> {
    const trace = new TraceRecorder(reason);
    recorder = trace;
    challengeUrl = challenge.resourceMetadataUrl?.href;
    options.trace?.(trace.attempt);
    first?.(trace);
    try {
      await obtain(challenge, trace);
      trace.end('signed-in');
      const token = (await provider.tokens())?.access_token;
      fresh.token = token ? { token, trace } : undefined;
      options.onSignedIn?.();
    } catch (error) {
      const failure = explainFailure(error, trace.attempt, {
        serverName: server.name,
        serverUrl: server.url,
        redirectUrl: options.redirectUrl,
        preRegistered: options.preRegistered !== undefined,
      });
      trace.end('failed', failure);
      const code = unansweredStep(trace.attempt) ? 'unreachable' : error instanceof AuthorizationError ? error.code : 'failed';
      throw new AuthorizationError(code, failure.words, { cause: error });
    } finally {
      if (recorder === trace) recorder = undefined;
    }
  }

  /** Runs one sign-in, or joins the one already running for this server. */
  function signInOnce(reason: string, challenge: Challenge, first?: (trace: TraceRecorder) => void): Promise<void> {
    shared.inFlight ??= attempt(reason, challenge, first).finally(() => {
      shared.inFlight = undefined;
    });
    return shared.inFlight;
  }

  /**
   * spec 2026-07-28 basic/authorization, Step-Up Authorization Flow: ask again for the union
   * of what was asked before, what is held, and what the server now names, so earlier
   * permissions are not lost; refresh cannot widen a grant (RFC 6749 §6), so a wider union
   * forces a new authorization.
   */
  async function stepUp(response: Response): Promise<void> {
    const { scope, resourceMetadataUrl } = extractWWWAuthenticateParams(response);
    const held = withoutOfflineAccess((await provider.tokens())?.scope);
    const union = computeScopeUnion(requestedScope, held, withoutOfflineAccess(scope));
    const forceReauthorization = isStrictScopeSuperset(union, held);
    await signInOnce(
      t('auth.steps.answeredInsufficientScope', { server: server.name }),
      { scope: union, resourceMetadataUrl, forceReauthorization },
      (trace) => {
        challengeStep(trace, server, response);
        stepUpStep(trace, server.name, response, held, union, forceReauthorization);
      },
    );
  }

  const authProvider: AuthProvider = {
    token: async () => (await provider.tokens())?.access_token,
    onUnauthorized: async ({ response }) => {
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
      await signInOnce(
        t('auth.steps.answered', { server: server.name, status: String(response.status) }),
        { resourceMetadataUrl, scope: computeScopeUnion(requestedScope, withoutOfflineAccess(scope)) },
        (trace) => challengeStep(trace, server, response),
      );
    },
  };

  return {
    transportOptions: (fetchForServer) => ({
      authProvider,
      fetch: refusingFreshTokens(
        server,
        fresh,
        withStepUp(fetchForServer ?? ((url, init) => fetch(url, init)), {
          serverName: server.name,
          maxStepUps,
          stepUp,
          token: async () => (await provider.tokens())?.access_token,
        }),
      ),
    }),
    signIn: async () => {
      await provider.pauseAsking(false);
      await signInOnce(t('auth.steps.choseSignIn'), { scope: requestedScope });
    },
    status: () => provider.status(),
  };
}
