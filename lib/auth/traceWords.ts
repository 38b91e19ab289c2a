/**
 * What a step of a sign-in trace that is made of HTTP exchanges says: which URLs were tried
 * and what each answered, what was found, and, when nothing usable was, why. Read from the
 * exchanges as the trace kept them (redacted). Pure.
 */
import { t, tn } from '../i18n';
import type { TraceExchange, TraceStep } from './trace';

type Json = Record<string, unknown>;

const objectOf = (body: unknown): Json | undefined =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && !('cut' in body) ? (body as Json) : undefined;
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);
const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const ok = (exchange: TraceExchange) =>
  exchange.status !== undefined && exchange.status >= 200 && exchange.status < 300 && !exchange.note && !exchange.problem;
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);
/** `text` ending as a sentence does, whatever the server's own words ended with. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** What one exchange got back, in a few words: the status (and what was made of it, or where it redirects), or why there was none. */
export function answerWords(exchange: TraceExchange): string {
  if (exchange.problem) return exchange.problem.replace(/\.$/, '');
  if (exchange.status === undefined) return t('auth.trace.waitingForAnswer');
  const location = exchange.status >= 300 && exchange.status < 400 ? exchange.responseHeaders?.location : undefined;
  const status = String(exchange.status);
  if (exchange.note) return t('auth.trace.statusNote', { status, note: exchange.note });
  return location ? t('auth.trace.redirects', { status, location }) : status;
}

/** Each URL tried and its answer; the same answer from the same URL again and again (a redirect loop) is said once, counted. */
function tried(exchanges: TraceExchange[]): string {
  const lines: Array<{ text: string; count: number }> = [];
  for (const exchange of exchanges) {
    const text = `${exchange.url} → ${answerWords(exchange)}`;
    const last = lines.at(-1);
    if (last?.text === text) last.count += 1;
    else lines.push({ text, count: 1 });
  }
  return lines.map(({ text, count }) => (count > 1 ? tn('auth.trace.times', count, { line: text }) : text)).join('; ');
}

/** An OAuth error answer (RFC 6749 §5.2) as ` error: description`, or the start of whatever else came. */
function refusal(exchange: TraceExchange): string {
  const body = objectOf(exchange.responseBody);
  const error = stringOf(body?.error);
  if (error) {
    const description = stringOf(body?.error_description);
    return ` ${error}${description ? `: ${description}` : ''}`;
  }
  const text = typeof exchange.responseBody === 'string' ? exchange.responseBody : exchange.responseBody ? JSON.stringify(exchange.responseBody) : '';
  return text ? ` (${text.slice(0, 300)})` : '';
}

/** Which well-known placement a URL is, as spec 2026-07-28 authorization-server-discovery lists them. */
export function placementOf(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  for (const [suffix, name] of [
    ['/.well-known/oauth-authorization-server', 'RFC 8414'],
    ['/.well-known/openid-configuration', 'OpenID Connect discovery'],
  ] as const) {
    if (path === suffix) return name;
    if (path.startsWith(`${suffix}/`)) return t('auth.trace.pathInserted', { name });
    if (path.endsWith(suffix)) return t('auth.trace.pathAppended', { name });
  }
  return t('auth.trace.namedByServer');
}

function resourceMetadata(step: TraceStep): void {
  const found = step.exchanges.find((exchange) => ok(exchange) && listOf(objectOf(exchange.responseBody)?.authorization_servers).length > 0);
  if (found) {
    const body = objectOf(found.responseBody)!;
    const before = step.exchanges.slice(0, step.exchanges.indexOf(found));
    step.outcome = 'ok';
    const servers = listOf(body.authorization_servers).join(', ');
    step.summary =
      before.length > 0
        ? t('auth.trace.publishedAfter', { url: found.url, tried: tried(before), servers })
        : t('auth.trace.published', { url: found.url, servers });
    step.facts = [
      ['resource', stringOf(body.resource) ?? t('auth.trace.notGiven')],
      ['authorization_servers', listOf(body.authorization_servers).join(', ')],
      ['scopes_supported', listOf(body.scopes_supported).join(' ') || t('auth.trace.notGiven')],
    ];
    return;
  }
  step.outcome = 'failed';
  const empty = step.exchanges.find((exchange) => ok(exchange) && objectOf(exchange.responseBody));
  step.summary = empty
    ? t('auth.trace.noAuthorizationServer', { url: empty.url })
    : sentence(t('auth.trace.notPublished', { tried: tried(step.exchanges) }));
}

function authorizationServerMetadata(step: TraceStep): void {
  const found = step.exchanges.find((exchange) => ok(exchange) && stringOf(objectOf(exchange.responseBody)?.issuer));
  if (!found) {
    step.outcome = 'failed';
    step.summary = sentence(tn('auth.trace.noServerMetadata', step.exchanges.length, { tried: tried(step.exchanges) }));
    return;
  }
  const body = objectOf(found.responseBody)!;
  const before = step.exchanges.slice(0, step.exchanges.indexOf(found));
  const yesNo = (value: unknown) => (value === true ? t('auth.trace.factYes') : t('auth.trace.factNo'));
  step.outcome = 'ok';
  const placement = placementOf(found.url);
  step.summary =
    before.length > 0
      ? t('auth.trace.foundAfter', { url: found.url, placement, tried: tried(before) })
      : t('auth.trace.found', { url: found.url, placement });
  step.facts = [
    ['issuer', stringOf(body.issuer)!],
    ['authorization_endpoint', stringOf(body.authorization_endpoint) ?? t('auth.trace.missing')],
    ['token_endpoint', stringOf(body.token_endpoint) ?? t('auth.trace.missing')],
    ['registration_endpoint', stringOf(body.registration_endpoint) ?? t('auth.trace.noRegistration')],
    ['client_id_metadata_document_supported', yesNo(body.client_id_metadata_document_supported)],
    ['code_challenge_methods_supported', listOf(body.code_challenge_methods_supported).join(' ') || t('auth.trace.noPkce')],
    ['authorization_response_iss_parameter_supported (RFC 9207)', yesNo(body.authorization_response_iss_parameter_supported)],
    ['offline_access', listOf(body.scopes_supported).includes('offline_access') ? t('auth.trace.offered') : t('auth.trace.notOffered')],
  ];
}

function registration(step: TraceStep, exchange: TraceExchange): void {
  const sent = objectOf(exchange.requestBody);
  step.facts = [
    ['application_type', stringOf(sent?.application_type) ?? t('auth.trace.notSent')],
    ['redirect_uris', listOf(sent?.redirect_uris).join(' ')],
    ['token_endpoint_auth_method', stringOf(sent?.token_endpoint_auth_method) ?? t('auth.trace.notSent')],
    ['grant_types', listOf(sent?.grant_types).join(' ')],
  ];
  const clientId = stringOf(objectOf(exchange.responseBody)?.client_id);
  const [url, host, status] = [exchange.url, hostOf(exchange.url), String(exchange.status)];
  if (exchange.problem) {
    step.outcome = 'failed';
    step.summary = sentence(t('auth.trace.registrationNoAnswer', { url, problem: exchange.problem }));
  } else if (!ok(exchange)) {
    step.outcome = 'failed';
    step.summary = sentence(t('auth.trace.registrationRefused', { host, status, refusal: refusal(exchange) }));
  } else if (!clientId) {
    step.outcome = 'failed';
    step.summary = t('auth.trace.registrationNoClientId', { host, status });
  } else {
    step.outcome = 'ok';
    step.summary = t('auth.trace.registered', { clientId });
  }
}

function tokens(step: TraceStep, exchange: TraceExchange, refreshing: boolean): void {
  const body = objectOf(exchange.responseBody);
  const sent = new URLSearchParams(typeof exchange.requestBody === 'string' ? exchange.requestBody : '');
  step.facts = [
    ['grant_type', sent.get('grant_type') ?? ''],
    ['resource (RFC 8707)', sent.get('resource') ?? t('auth.trace.notSent')],
    [
      t('auth.facts.clientAuthentication'),
      exchange.requestHeaders.authorization ? 'client_secret_basic' : sent.has('client_secret') ? 'client_secret_post' : t('auth.trace.publicClient'),
    ],
  ];
  const [url, host, status] = [exchange.url, hostOf(exchange.url), String(exchange.status)];
  if (exchange.problem) {
    step.outcome = 'failed';
    const problem = exchange.problem;
    step.summary = sentence(refreshing ? t('auth.trace.refreshNoAnswer', { url, problem }) : t('auth.trace.exchangeNoAnswer', { url, problem }));
  } else if (!ok(exchange) || !body || !('access_token' in body)) {
    step.outcome = 'failed';
    if (ok(exchange))
      step.summary = refreshing ? t('auth.trace.refreshNoAccessToken', { host, status }) : t('auth.trace.exchangeNoAccessToken', { host, status });
    else {
      const said = { host, status, refusal: refusal(exchange) };
      step.summary = sentence(refreshing ? t('auth.trace.refreshRefused', said) : t('auth.trace.exchangeRefused', said));
    }
  } else {
    step.outcome = 'ok';
    const details = receivedWords(body);
    step.summary = refreshing ? t('auth.trace.refreshed', { status, details }) : t('auth.trace.tokensReceived', { status, details });
  }
}

/** What a token answer held: each part a message wrapping the one before, so a language can order them. */
function receivedWords(body: Json): string {
  const type = stringOf(body.token_type);
  let token = type ? t('auth.trace.accessTokenOfType', { type }) : t('auth.trace.accessToken');
  if (typeof body.expires_in === 'number') token = t('auth.trace.validFor', { token, seconds: String(body.expires_in) });
  token = 'refresh_token' in body ? t('auth.trace.withRefreshToken', { token }) : t('auth.trace.withoutRefreshToken', { token });
  const scope = stringOf(body.scope);
  return scope ? t('auth.trace.withScope', { details: token, scope }) : token;
}

function revocation(step: TraceStep): void {
  const failed = step.exchanges.find((exchange) => !ok(exchange));
  step.outcome = failed ? 'failed' : 'ok';
  step.summary = failed
    ? sentence(t('auth.trace.revocationFailed', { url: failed.url, why: failed.problem ?? `HTTP ${failed.status}${refusal(failed)}` }))
    : tn('auth.trace.revoked', step.exchanges.length, { host: hostOf(step.exchanges[0]!.url) });
}

const DESCRIBE: Partial<Record<TraceStep['kind'], (step: TraceStep, last: TraceExchange) => void>> = {
  'resource-metadata': resourceMetadata,
  'authorization-server-metadata': authorizationServerMetadata,
  client: registration,
  token: (step, last) => tokens(step, last, false),
  refresh: (step, last) => tokens(step, last, true),
  revocation,
};

/** Writes an exchange-made step's outcome, summary and facts from its exchanges. */
export function describeStep(step: TraceStep): void {
  const last = step.exchanges.at(-1);
  if (!last) return;
  if (last.status === undefined && !last.problem) {
    step.outcome = 'running';
    step.summary = t('auth.trace.waitingFor', { url: last.url });
    return;
  }
  const describe = DESCRIBE[step.kind];
  if (describe) {
    describe(step, last);
    return;
  }
  step.outcome = ok(last) ? 'info' : 'failed';
  step.summary = sentence(`${last.method} ${last.url} → ${answerWords(last)}`);
}
