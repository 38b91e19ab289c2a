/**
 * What a step of a sign-in trace that is made of HTTP exchanges says: which URLs were tried
 * and what each answered, what was found, and, when nothing usable was, why. Read from the
 * exchanges as the trace kept them (redacted). Pure.
 */
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
  if (exchange.status === undefined) return 'waiting for an answer…';
  const location = exchange.status >= 300 && exchange.status < 400 ? exchange.responseHeaders?.location : undefined;
  if (exchange.note) return `${exchange.status}, ${exchange.note}`;
  return location ? `${exchange.status}, redirects to ${location}` : String(exchange.status);
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
  return lines.map(({ text, count }) => (count > 1 ? `${text} (${count} times)` : text)).join('; ');
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
    if (path.startsWith(`${suffix}/`)) return `${name}, path inserted`;
    if (path.endsWith(suffix)) return `${name}, path appended`;
  }
  return 'named by the server';
}

function resourceMetadata(step: TraceStep): void {
  const found = step.exchanges.find((exchange) => ok(exchange) && listOf(objectOf(exchange.responseBody)?.authorization_servers).length > 0);
  if (found) {
    const body = objectOf(found.responseBody)!;
    const before = step.exchanges.slice(0, step.exchanges.indexOf(found));
    step.outcome = 'ok';
    step.summary = `Published at ${found.url}${before.length > 0 ? ` (after ${tried(before)})` : ''}: sign-in is at ${listOf(body.authorization_servers).join(', ')}.`;
    step.facts = [
      ['resource', stringOf(body.resource) ?? '(not given)'],
      ['authorization_servers', listOf(body.authorization_servers).join(', ')],
      ['scopes_supported', listOf(body.scopes_supported).join(' ') || '(not given)'],
    ];
    return;
  }
  step.outcome = 'failed';
  const empty = step.exchanges.find((exchange) => ok(exchange) && objectOf(exchange.responseBody));
  step.summary = empty
    ? `The protected resource metadata at ${empty.url} names no authorization server (its authorization_servers is missing or empty).`
    : sentence(`Not published: ${tried(step.exchanges)}`);
}

function authorizationServerMetadata(step: TraceStep): void {
  const found = step.exchanges.find((exchange) => ok(exchange) && stringOf(objectOf(exchange.responseBody)?.issuer));
  if (!found) {
    step.outcome = 'failed';
    const count = step.exchanges.length;
    step.summary = sentence(
      `No authorization server metadata at ${count === 1 ? 'the well-known URL' : `any of the ${count} well-known URLs`} tried: ${tried(step.exchanges)}`,
    );
    return;
  }
  const body = objectOf(found.responseBody)!;
  const before = step.exchanges.slice(0, step.exchanges.indexOf(found));
  const yesNo = (value: unknown) => (value === true ? 'yes' : 'no');
  step.outcome = 'ok';
  step.summary = `Found at ${found.url} (${placementOf(found.url)})${before.length > 0 ? `, after ${tried(before)}` : ''}.`;
  step.facts = [
    ['issuer', stringOf(body.issuer)!],
    ['authorization_endpoint', stringOf(body.authorization_endpoint) ?? '(missing)'],
    ['token_endpoint', stringOf(body.token_endpoint) ?? '(missing)'],
    ['registration_endpoint', stringOf(body.registration_endpoint) ?? 'none: no Dynamic Client Registration'],
    ['client_id_metadata_document_supported', yesNo(body.client_id_metadata_document_supported)],
    ['code_challenge_methods_supported', listOf(body.code_challenge_methods_supported).join(' ') || 'none: no PKCE'],
    ['authorization_response_iss_parameter_supported (RFC 9207)', yesNo(body.authorization_response_iss_parameter_supported)],
    ['offline_access', listOf(body.scopes_supported).includes('offline_access') ? 'offered' : 'not offered'],
  ];
}

function registration(step: TraceStep, exchange: TraceExchange): void {
  const sent = objectOf(exchange.requestBody);
  step.facts = [
    ['application_type', stringOf(sent?.application_type) ?? '(not sent)'],
    ['redirect_uris', listOf(sent?.redirect_uris).join(' ')],
    ['token_endpoint_auth_method', stringOf(sent?.token_endpoint_auth_method) ?? '(not sent)'],
    ['grant_types', listOf(sent?.grant_types).join(' ')],
  ];
  const clientId = stringOf(objectOf(exchange.responseBody)?.client_id);
  if (exchange.problem) {
    step.outcome = 'failed';
    step.summary = sentence(`Registration (RFC 7591) at ${exchange.url} got no answer: ${exchange.problem}`);
  } else if (!ok(exchange)) {
    step.outcome = 'failed';
    step.summary = sentence(`${hostOf(exchange.url)} refused to register toolnexus (RFC 7591): HTTP ${exchange.status}${refusal(exchange)}`);
  } else if (!clientId) {
    step.outcome = 'failed';
    step.summary = `${hostOf(exchange.url)} answered the registration (HTTP ${exchange.status}) without a client_id, so there is no client to sign in with.`;
  } else {
    step.outcome = 'ok';
    step.summary = `Registered toolnexus with Dynamic Client Registration (RFC 7591): client_id ${clientId}.`;
  }
}

function tokens(step: TraceStep, exchange: TraceExchange, refreshing: boolean): void {
  const body = objectOf(exchange.responseBody);
  const sent = new URLSearchParams(typeof exchange.requestBody === 'string' ? exchange.requestBody : '');
  step.facts = [
    ['grant_type', sent.get('grant_type') ?? ''],
    ['resource (RFC 8707)', sent.get('resource') ?? '(not sent)'],
    [
      'client authentication',
      exchange.requestHeaders.authorization ? 'client_secret_basic' : sent.has('client_secret') ? 'client_secret_post' : 'none (public client)',
    ],
  ];
  const what = refreshing ? 'refresh' : 'code exchange';
  if (exchange.problem) {
    step.outcome = 'failed';
    step.summary = sentence(`The ${what} at ${exchange.url} got no answer: ${exchange.problem}`);
  } else if (!ok(exchange) || !body || !('access_token' in body)) {
    step.outcome = 'failed';
    step.summary = ok(exchange)
      ? `${hostOf(exchange.url)} answered the ${what} (HTTP ${exchange.status}) without an access_token.`
      : sentence(`${hostOf(exchange.url)}'s token endpoint refused the ${what}: HTTP ${exchange.status}${refusal(exchange)}`);
  } else {
    const expires = typeof body.expires_in === 'number' ? `, valid for ${body.expires_in} s` : '';
    const scope = stringOf(body.scope);
    step.outcome = 'ok';
    const type = stringOf(body.token_type);
    step.summary = `${refreshing ? 'Refreshed' : 'Tokens received'} (HTTP ${exchange.status}): an access token${type ? ` (token_type ${type})` : ''}${expires}, ${'refresh_token' in body ? 'a refresh token' : 'no refresh token'}${scope ? `; scope ${scope}` : ''}.`;
  }
}

function revocation(step: TraceStep): void {
  const failed = step.exchanges.find((exchange) => !ok(exchange));
  step.outcome = failed ? 'failed' : 'ok';
  step.summary = failed
    ? sentence(`Revocation (RFC 7009) at ${failed.url} failed: ${failed.problem ?? `HTTP ${failed.status}${refusal(failed)}`}`)
    : `Revoked at ${hostOf(step.exchanges[0]!.url)} (RFC 7009): ${step.exchanges.length} token${step.exchanges.length === 1 ? '' : 's'}.`;
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
    step.summary = `Waiting for ${last.url}…`;
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
