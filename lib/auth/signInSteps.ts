/**
 * The steps of a sign-in trace that the flow itself takes, not the network: the server's
 * challenge, the consent card, the authorization request, the callback's checks, a step-up,
 * the client chosen. Each writes what it saw into the attempt, in words, nothing secret.
 */
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { redactHeaders, redactUrl } from '../redact';
import { describeScopes } from './scopes';
import { type TraceRecorder, withoutState } from './trace';

const orNot = (value: string | undefined, otherwise: string) => value ?? otherwise;

/** The 401 or 403 that started a sign-in, and its `WWW-Authenticate` (RFC 6750 §3, RFC 9728 §5.1). */
export function challengeStep(trace: TraceRecorder, server: { name: string; url: string }, response: Response): void {
  const serverName = server.name;
  const { resourceMetadataUrl, scope, error, errorDescription } = extractWWWAuthenticateParams(response);
  const header = response.headers.get('www-authenticate');
  const said = error ? ` (${error}${errorDescription ? `: ${errorDescription}` : ''})` : '';
  trace.step(
    'challenge',
    'info',
    header
      ? t('auth.steps.challenge', { server: serverName, status: String(response.status), said })
      : t('auth.steps.challengeNoHeader', { server: serverName, status: String(response.status) }),
    [
      // A response rebuilt on its way (the protocol log's tee) no longer says where it came from.
      [t('auth.facts.request'), redactUrl(response.url || server.url)],
      ['WWW-Authenticate', header ? redactHeaders([['www-authenticate', header]])['www-authenticate']! : t('auth.steps.none')],
      ['resource_metadata', orNot(resourceMetadataUrl?.href, t('auth.steps.resourceMetadataNotGiven'))],
      ['scope', orNot(scope, t('auth.steps.scopeNotGiven'))],
    ],
  );
}

/** What the authorization request asks for, read from its URL; `state` is not kept. */
export function authorizationRequestStep(trace: TraceRecorder, url: URL): void {
  const params = url.searchParams;
  const facts: Array<[string, string]> = [['URL', withoutState(redactUrl(url.href))]];
  for (const name of ['client_id', 'scope', 'resource', 'redirect_uri', 'code_challenge_method', 'prompt']) {
    const value = params.get(name);
    if (value !== null) facts.push([name, value]);
  }
  trace.step('authorization-request', 'running', t('auth.steps.opened', { host: url.host }), facts);
}

export function consentStep(trace: TraceRecorder, issuer: string, url: URL): ReturnType<TraceRecorder['step']> {
  return trace.step('consent', 'running', t('auth.steps.consent', { issuer, scopes: describeScopes(url.searchParams.get('scope')) }));
}

/** The callback's checks, in order (spec 2026-07-28 Authorization Response Validation), as they passed. */
export function callbackStep(
  trace: TraceRecorder,
  landed: string,
  checks: { iss: string | undefined; issuer: string | undefined; issPromised: boolean },
): void {
  const { iss, issuer, issPromised } = checks;
  const issWords =
    iss !== undefined
      ? t('auth.steps.issChecked', { iss })
      : // A promised iss that is absent passed only because the metadata names no issuer to
        // check it against (the SDK's validateAuthorizationResponseIssuer refuses it otherwise).
        issPromised
        ? t('auth.steps.issAbsentPromised')
        : t('auth.steps.issAbsent', { issuer: issuer ?? t('auth.steps.theAuthorizationServer') });
  trace.step('callback', 'ok', t('auth.steps.callbackPassed'), [
    [t('auth.facts.returnedTo'), withoutState(redactUrl(landed))],
    [t('auth.facts.address'), t('auth.steps.sameRedirect')],
    ['state', t('auth.steps.sameState')],
    ['iss', issWords],
    ['code', t('auth.steps.codeReceived')],
  ]);
}

/** A callback that failed its checks: what came back, without what a mix-up attacker could have written (RFC 9207 §4). */
export function refusedCallbackStep(trace: TraceRecorder, landed: string, words: string, issuerMismatch: boolean): void {
  let shown = withoutState(redactUrl(landed));
  if (issuerMismatch && URL.canParse(shown)) {
    const url = new URL(shown);
    for (const name of ['error', 'error_description', 'error_uri']) url.searchParams.delete(name);
    shown = url.href;
  }
  trace.step('callback', 'failed', words, [[t('auth.facts.returnedTo'), shown]]);
}

export function stepUpStep(
  trace: TraceRecorder,
  serverName: string,
  refusal: Response,
  held: string | undefined,
  union: string | undefined,
  fresh: boolean,
): void {
  const { scope, errorDescription } = extractWWWAuthenticateParams(refusal);
  const said = { server: serverName, said: errorDescription ? ` (${errorDescription})` : '', scopes: describeScopes(scope) };
  trace.step('step-up', 'info', fresh ? t('auth.steps.stepUpFresh', said) : t('auth.steps.stepUp', said), [
    [t('auth.facts.requiredChallenge'), scope ?? t('auth.trace.notGiven')],
    [t('auth.facts.held'), held || t('auth.steps.none')],
    [t('auth.facts.askedForUnion'), union || t('auth.steps.none')],
  ]);
}

export type ClientChoice = 'pre-registered' | 'metadata-document' | 'stored';

/** Which client the sign-in uses, when it is not a registration the trace sees happen. */
export function clientStep(trace: TraceRecorder, how: ClientChoice, clientId: string, issuer: string, withSecret: boolean): void {
  if (trace.last('client')) return;
  const words = {
    'pre-registered': () =>
      withSecret ? t('auth.steps.preRegisteredWithSecret', { clientId, issuer }) : t('auth.steps.preRegistered', { clientId, issuer }),
    'metadata-document': () => t('auth.steps.metadataDocument', { clientId, issuer }),
    stored: () => t('auth.steps.storedClient', { clientId, issuer }),
  }[how]();
  trace.step('client', 'ok', words, [['client_id', clientId]]);
}
