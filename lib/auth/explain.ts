/**
 * Why a sign-in failed, in words the person can act on, and which step it was: read from what
 * was thrown and from the attempt's own steps (which URL answered what), so the words name
 * the document, the server and the status rather than a library's message. Pure.
 */
import { InsecureTokenEndpointError, IssuerMismatchError, OAuthError } from '@modelcontextprotocol/client';
import { errorMessage } from '../errorMessage';
import { AuthorizationError, type AuthorizationErrorCode } from './errors';
import type { TraceAttempt, TraceFailure, TraceFix, TraceStep, TraceStepKind } from './trace';
import { problemOf } from './traceFetch';

export interface ExplainContext {
  serverName: string;
  serverUrl: string;
  redirectUrl: string;
  /** The person gave a client id for this server (pre-registration). */
  preRegistered: boolean;
}

/** Errors of ours that say it all already, each with the step it belongs to and what the person can do next. */
const OWN: Partial<Record<AuthorizationErrorCode, { step: TraceStepKind; fix?: TraceFix['kind'] }>> = {
  declined: { step: 'consent', fix: 'sign-in' },
  cancelled: { step: 'authorization-request', fix: 'sign-in' },
  'needs-authorization': { step: 'consent', fix: 'sign-in' },
  'unsafe-url': { step: 'authorization-request' },
  'redirect-mismatch': { step: 'callback', fix: 'sign-in' },
  'state-mismatch': { step: 'callback', fix: 'sign-in' },
  'issuer-mismatch': { step: 'callback', fix: 'sign-in' },
  denied: { step: 'callback', fix: 'sign-in' },
  'invalid-callback': { step: 'callback', fix: 'sign-in' },
  'insufficient-scope': { step: 'step-up' },
  'no-registration': { step: 'client', fix: 'client-id' },
  'client-elsewhere': { step: 'client', fix: 'client-id' },
  'token-refused': { step: 'challenge', fix: 'sign-in' },
  'pkce-unsupported': { step: 'authorization-server-metadata' },
  organisation: { step: 'authorization-server-metadata' },
};

const lastOf = (attempt: TraceAttempt, kind: TraceStepKind) => attempt.steps.findLast((step) => step.kind === kind);

/** The steps that come with or after the person's part: past them, trying again would ask them again. */
const WITH_THE_PERSON: ReadonlySet<TraceStepKind> = new Set(['consent', 'authorization-request', 'callback', 'token']);

/**
 * The step an attempt stopped at when nothing answered it (down, refused, too slow: no status
 * at all) before anyone was asked. Trying that again needs no one, so it is tried again by
 * itself until an answer comes (`unreachable`), whatever the library made of the silence (in a
 * browser, the SDK goes on to refuse an authorization server whose metadata it could not read
 * as one without PKCE); any answer, or a person's part, leaves it to them.
 */
export function unansweredStep(attempt: TraceAttempt): TraceStep | undefined {
  if (attempt.steps.some((step) => WITH_THE_PERSON.has(step.kind))) return undefined;
  const step = attempt.steps.at(-1);
  const unanswered = step?.outcome === 'failed' && step.exchanges.length > 0 && step.exchanges.every((exchange) => exchange.status === undefined);
  return unanswered ? step : undefined;
}
const failed = (step: TraceStep | undefined) => step?.outcome === 'failed';
const issuerOf = (attempt: TraceAttempt) => lastOf(attempt, 'authorization-server-metadata')?.facts.find(([name]) => name === 'issuer')?.[1];
const fixOf = (kind: TraceFix['kind'] | undefined, issuer?: string): TraceFix | undefined =>
  kind === 'client-id' ? { kind, ...(issuer ? { issuer } : {}) } : kind ? { kind } : undefined;

/** The discovery steps, when they are what went wrong: nothing after them matters then. */
function discovery(attempt: TraceAttempt, context: ExplainContext): TraceFailure | undefined {
  const resource = lastOf(attempt, 'resource-metadata');
  const server = lastOf(attempt, 'authorization-server-metadata');
  if (failed(resource) && server?.outcome !== 'ok') {
    const origin = new URL(context.serverUrl).origin;
    return {
      step: 'resource-metadata',
      words: `${context.serverName} needs a sign-in but does not say where (its protected resource metadata, RFC 9728). ${resource!.summary} Without it, toolnexus looked for an authorization server at ${origin} itself and found none. Ask the server's owner to publish its protected resource metadata; if they gave you a token or API key, add it as a header instead (Edit → Name, headers and sign-in).`,
    };
  }
  if (failed(server)) {
    return {
      step: 'authorization-server-metadata',
      words: `${context.serverName}'s authorization server could not be read. ${server!.summary} Its owner has to publish OAuth authorization server metadata (RFC 8414) or OpenID Connect discovery there.`,
    };
  }
  return undefined;
}

/** A step made of exchanges that failed last: registration, the token endpoint, anything else. */
function exchangeStep(attempt: TraceAttempt, context: ExplainContext): TraceFailure | undefined {
  const step = attempt.steps.findLast((candidate) => candidate.exchanges.length > 0);
  if (!failed(step)) return undefined;
  const issuer = issuerOf(attempt);
  const at = issuer ?? 'its authorization server';
  switch (step!.kind) {
    case 'client':
      return {
        step: 'client',
        words: `${step!.summary} Enter a client id that the owner of ${at} registered for toolnexus (with the redirect URL ${context.redirectUrl}), or ask them to allow this registration.`,
        fix: fixOf('client-id', issuer),
      };
    case 'token':
    case 'refresh': {
      const body = step!.exchanges.at(-1)?.responseBody as { error?: unknown } | undefined;
      const clientRefused = body?.error === 'invalid_client' || body?.error === 'unauthorized_client';
      if (clientRefused && context.preRegistered) {
        return {
          step: step!.kind,
          words: `${step!.summary} The client id or secret you entered is not one ${at} accepts: check them with its owner.`,
          fix: fixOf('client-id', issuer),
        };
      }
      return {
        step: step!.kind,
        words: `${step!.summary} Sign in to try again; if it fails the same way, the owner of ${at} has to look at it.`,
        fix: { kind: 'sign-in' },
      };
    }
    default:
      return { step: step!.kind, words: `${step!.summary}`, fix: { kind: 'sign-in' } };
  }
}

/** Errors the SDK throws that no step of the trace explains by itself. */
function sdkError(error: unknown, context: ExplainContext): TraceFailure | undefined {
  if (error instanceof IssuerMismatchError && error.kind === 'metadata') {
    return {
      step: 'authorization-server-metadata',
      words: `The metadata found for ${error.expected} says its issuer is ${error.received}. toolnexus does not use it (RFC 8414 §3.3: another server's metadata could point the sign-in anywhere); the server's owner has to make them agree.`,
    };
  }
  if (error instanceof InsecureTokenEndpointError) {
    return {
      step: 'authorization-server-metadata',
      words: `${context.serverName}'s authorization server has its token endpoint at ${error.tokenEndpoint}, over plain http on a host that is not this computer: toolnexus does not send a code or token there (OAuth 2.1 §1.5). Its owner has to serve it over https.`,
    };
  }
  const message = error instanceof Error ? error.message : '';
  const resource = /^Protected resource (\S+) does not match expected (\S+)/.exec(message);
  if (resource) {
    return {
      step: 'resource-metadata',
      words: `${context.serverName}'s protected resource metadata is for ${resource[1]}, not for ${context.serverUrl}: a token asked for it would be for another server, so toolnexus stops here. The server's owner has to make its resource match the server's URL (RFC 9728 §3.3).`,
    };
  }
  if (error instanceof OAuthError) {
    return {
      step: 'token',
      words: `The authorization server refused: ${error.code}${error.message ? ` (${error.message})` : ''}.`,
      fix: { kind: 'sign-in' },
    };
  }
  return undefined;
}

/** What went wrong with a sign-in that threw `error`, for the trace and the server's card. */
export function explainFailure(error: unknown, attempt: TraceAttempt, context: ExplainContext): TraceFailure {
  const unanswered = unansweredStep(attempt);
  if (unanswered) {
    return {
      step: unanswered.kind,
      words: `${context.serverName}'s authorization server could not be reached. ${unanswered.summary} toolnexus tries again by itself until it answers; Try again does it now.`,
      fix: { kind: 'sign-in' },
    };
  }
  const own = error instanceof AuthorizationError ? OWN[error.code] : undefined;
  if (own && error instanceof AuthorizationError && error.code !== 'pkce-unsupported') {
    return { step: own.step, words: error.message, fix: fixOf(own.fix, issuerOf(attempt)) };
  }
  const found = discovery(attempt, context) ?? exchangeStep(attempt, context);
  if (found) return found;
  if (own && error instanceof AuthorizationError) return { step: own.step, words: error.message };
  const fromSdk = sdkError(error, context);
  if (fromSdk) return fromSdk;
  const words = error instanceof TypeError || (error instanceof Error && error.name === 'SignInFetchError') ? problemOf(error) : errorMessage(error);
  return { step: attempt.steps.at(-1)?.kind ?? 'other', words: `The sign-in to ${context.serverName} stopped: ${words}`, fix: { kind: 'sign-in' } };
}
