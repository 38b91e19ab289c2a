/**
 * Why a sign-in failed, in words the person can act on, and which step it was: read from what
 * was thrown and from the attempt's own steps (which URL answered what), so the words name
 * the document, the server and the status rather than a library's message. Pure.
 */
import { InsecureTokenEndpointError, IssuerMismatchError, OAuthError } from '@modelcontextprotocol/client';
import { errorMessage } from '../errorMessage';
import { t } from '../i18n';
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
      words: t('auth.explain.noResourceMetadata', { server: context.serverName, summary: resource!.summary, origin }),
    };
  }
  if (failed(server)) {
    return {
      step: 'authorization-server-metadata',
      words: t('auth.explain.serverMetadataUnreadable', { server: context.serverName, summary: server!.summary }),
    };
  }
  return undefined;
}

/** A step made of exchanges that failed last: registration, the token endpoint, anything else. */
function exchangeStep(attempt: TraceAttempt, context: ExplainContext): TraceFailure | undefined {
  const step = attempt.steps.findLast((candidate) => candidate.exchanges.length > 0);
  if (!failed(step)) return undefined;
  const issuer = issuerOf(attempt);
  const summary = step!.summary;
  switch (step!.kind) {
    case 'client':
      return {
        step: 'client',
        words: issuer
          ? t('auth.explain.clientNotAllowed', { summary, issuer, redirect: context.redirectUrl })
          : t('auth.explain.clientNotAllowedNoIssuer', { summary, redirect: context.redirectUrl }),
        fix: fixOf('client-id', issuer),
      };
    case 'token':
    case 'refresh': {
      const body = step!.exchanges.at(-1)?.responseBody as { error?: unknown } | undefined;
      const clientRefused = body?.error === 'invalid_client' || body?.error === 'unauthorized_client';
      if (clientRefused && context.preRegistered) {
        return {
          step: step!.kind,
          words: issuer ? t('auth.explain.clientRefused', { summary, issuer }) : t('auth.explain.clientRefusedNoIssuer', { summary }),
          fix: fixOf('client-id', issuer),
        };
      }
      return {
        step: step!.kind,
        words: issuer ? t('auth.explain.tokenFailed', { summary, issuer }) : t('auth.explain.tokenFailedNoIssuer', { summary }),
        fix: { kind: 'sign-in' },
      };
    }
    default:
      return { step: step!.kind, words: summary, fix: { kind: 'sign-in' } };
  }
}

/** Errors the SDK throws that no step of the trace explains by itself. */
function sdkError(error: unknown, context: ExplainContext): TraceFailure | undefined {
  if (error instanceof IssuerMismatchError && error.kind === 'metadata') {
    return {
      step: 'authorization-server-metadata',
      words: t('auth.explain.issuerMismatch', { expected: String(error.expected), received: String(error.received) }),
    };
  }
  if (error instanceof InsecureTokenEndpointError) {
    return {
      step: 'authorization-server-metadata',
      words: t('auth.explain.insecureTokenEndpoint', { server: context.serverName, endpoint: error.tokenEndpoint }),
    };
  }
  const message = error instanceof Error ? error.message : '';
  const resource = /^Protected resource (\S+) does not match expected (\S+)/.exec(message);
  if (resource) {
    return {
      step: 'resource-metadata',
      words: t('auth.explain.resourceMismatch', { server: context.serverName, resource: resource[1]!, url: context.serverUrl }),
    };
  }
  if (error instanceof OAuthError) {
    return {
      step: 'token',
      words: error.message
        ? t('auth.explain.refusedSaying', { code: error.code, message: error.message })
        : t('auth.explain.refused', { code: error.code }),
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
      words: t('auth.explain.unreachable', { server: context.serverName, summary: unanswered.summary }),
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
  return {
    step: attempt.steps.at(-1)?.kind ?? 'other',
    words: t('auth.explain.stopped', { server: context.serverName, error: words }),
    fix: { kind: 'sign-in' },
  };
}
