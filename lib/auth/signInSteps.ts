/**
 * The steps of a sign-in trace that the flow itself takes, not the network: the server's
 * challenge, the consent card, the authorization request, the callback's checks, a step-up,
 * the client chosen. Each writes what it saw into the attempt, in words, nothing secret.
 */
import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
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
      ? `${serverName} answered ${response.status}${said}: it wants a sign-in.`
      : `${serverName} answered ${response.status} without a WWW-Authenticate header.`,
    [
      // A response rebuilt on its way (the protocol log's tee) no longer says where it came from.
      ['request', redactUrl(response.url || server.url)],
      ['WWW-Authenticate', header ? redactHeaders([['www-authenticate', header]])['www-authenticate']! : '(none)'],
      ['resource_metadata', orNot(resourceMetadataUrl?.href, '(not given: the well-known URLs are tried, path-suffixed first, then the root)')],
      ['scope', orNot(scope, '(not given: the scopes_supported of its metadata are asked for)')],
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
  trace.step('authorization-request', 'running', `Opened the sign-in at ${url.host}; waiting for it to come back.`, facts);
}

export function consentStep(trace: TraceRecorder, issuer: string, url: URL): ReturnType<TraceRecorder['step']> {
  return trace.step(
    'consent',
    'running',
    `Asked you on the consent card to sign in at ${issuer}, granting ${describeScopes(url.searchParams.get('scope'))}.`,
  );
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
      ? `${iss}: the issuer recorded before the sign-in (RFC 9207), compared character for character`
      : `absent; ${issuer ?? 'the authorization server'} does not promise one (authorization_response_iss_parameter_supported is ${issPromised ? 'true' : 'not true'}), so none is required`;
  trace.step('callback', 'ok', 'The sign-in came back, and passed every check before its code was used.', [
    ['returned to', withoutState(redactUrl(landed))],
    ['address', 'the redirect URL the sign-in was started with'],
    ['state', 'the one sent with the authorization request'],
    ['iss', issWords],
    ['code', 'received (never kept)'],
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
  trace.step('callback', 'failed', words, [['returned to', shown]]);
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
  trace.step(
    'step-up',
    'info',
    `${serverName} refused with 403 insufficient_scope${errorDescription ? ` (${errorDescription})` : ''}: it needs ${describeScopes(scope)}. Asking for the union of what is held and what it needs${fresh ? '; a refresh cannot widen a grant, so this is a new sign-in' : ''}.`,
    [
      ['required (challenge)', scope ?? '(not given)'],
      ['held', held || '(none)'],
      ['asked for (union)', union || '(none)'],
    ],
  );
}

export type ClientChoice = 'pre-registered' | 'metadata-document' | 'stored';

/** Which client the sign-in uses, when it is not a registration the trace sees happen. */
export function clientStep(trace: TraceRecorder, how: ClientChoice, clientId: string, issuer: string, withSecret: boolean): void {
  if (trace.last('client')) return;
  const words = {
    'pre-registered': `The client id you entered, ${clientId}${withSecret ? ', with its secret' : ''}, for ${issuer} (pre-registration).`,
    'metadata-document': `Client ID Metadata Document: the client id is the document's URL, ${clientId}; ${issuer} fetches it (client_id_metadata_document_supported).`,
    stored: `The client ${clientId} registered with ${issuer} earlier.`,
  }[how];
  trace.step('client', 'ok', words, [['client_id', clientId]]);
}
