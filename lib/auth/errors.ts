/**
 * Why a server could not be authorized, as a value the UI can branch on. Messages name the
 * server and say what the person can do; they never contain token values, and never echo
 * text from an authorization response whose issuer was not verified (RFC 9207 §4: a mix-up
 * attacker controls it).
 */
export type AuthorizationErrorCode =
  /** The person said no on the consent card; the server stays "needs authorization". */
  | 'declined'
  /** The sign-in window was closed, or the consent card withdrawn, before it finished. */
  | 'cancelled'
  /** A sign-in was declined or abandoned earlier; nothing asks again until the person chooses to sign in. */
  | 'needs-authorization'
  /** The authorization server does not advertise PKCE with S256 (spec: Authorization Code Protection). */
  | 'pkce-unsupported'
  /** The authorization URL itself is not safe to open (see `analyzeUrl`). */
  | 'unsafe-url'
  /** The sign-in came back to an address other than our redirect URL. */
  | 'redirect-mismatch'
  /** The callback's `state` is not the one we sent: a forged or replayed response. */
  | 'state-mismatch'
  /** The callback's `iss` names another authorization server (RFC 9207 mix-up defense). */
  | 'issuer-mismatch'
  /** The authorization server answered with an OAuth error (e.g. `access_denied`). */
  | 'denied'
  /** The callback carried neither a code nor an error. */
  | 'invalid-callback'
  /** The server still wants more scope after the allowed number of step-up sign-ins. */
  | 'insufficient-scope'
  /** No client to sign in with: nothing pre-registered, and the authorization server offers no registration. */
  | 'no-registration'
  /** The client id the person entered belongs to another authorization server than the one the server now names (SEP-2352). */
  | 'client-elsewhere'
  /** The server refused the token its authorization server had just issued. */
  | 'token-refused'
  /** No authorization server answered, and no one had been asked yet: tried again by itself (lib/hub/connections.ts). */
  | 'unreachable'
  /** The organisation's policy does not allow signing in at this authorization server (lib/policy). */
  | 'organisation'
  /** Any other failure of a sign-in, in the words of lib/auth/explain.ts. */
  | 'failed';

export class AuthorizationError extends Error {
  constructor(
    readonly code: AuthorizationErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AuthorizationError';
  }
}

/**
 * The sign-in failure behind `error`, if there is one: itself, or the cause of an error that
 * wraps it (the SDK's version probe reports what went wrong in its request as
 * "Version negotiation probe failed", the failure as its cause).
 */
export function authorizationFailure(error: unknown): AuthorizationError | undefined {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof AuthorizationError) return current;
    current = current.cause;
  }
  return undefined;
}
