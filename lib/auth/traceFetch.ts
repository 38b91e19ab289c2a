/**
 * Records each request a sign-in makes, as it is made, in the step of the trace it belongs
 * to: the URL, headers and bodies redacted as the protocol log redacts them (lib/redact.ts),
 * the status or why there was none, how long it took. A request made while no sign-in is
 * being traced goes out unrecorded.
 */
import type { FetchLike } from '@modelcontextprotocol/client';
import { t } from '../i18n';
import { redactBody, redactHeaders, redactUrl } from '../redact';
import { bodyText, classify } from './exchanges';
import { guardNote, SignInFetchError } from './guardedFetch';
import { boundedBody, type TraceExchange, type TraceRecorder } from './trace';
import { describeStep } from './traceWords';

/** Why a request got no answer, in words. */
export function problemOf(error: unknown): string {
  if (error instanceof SignInFetchError) return error.message;
  // A browser's fetch says no more than "Failed to fetch" for all of these.
  if (error instanceof TypeError) {
    return t('auth.fetch.noAnswerBrowser', { error: error.message });
  }
  return t('auth.fetch.noAnswer', { error: error instanceof Error ? error.message : String(error) });
}

const isRedirect = (status: number) => status === 0 || (status >= 300 && status < 400);

export function tracedFetch(base: FetchLike, current: () => TraceRecorder | undefined, resourceMetadataUrl: () => string | undefined): FetchLike {
  return async (input, init) => {
    const trace = current();
    if (!trace?.running || trace.full) return base(input, init);
    const url = String(input);
    const method = init?.method ?? 'GET';
    const sent = bodyText(init?.body);
    const requestHeaders = new Headers(init?.headers);
    const step = trace.stepFor(classify(url, method, sent, resourceMetadataUrl()));
    const exchange: TraceExchange = {
      at: Date.now(),
      method,
      url: redactUrl(url),
      requestHeaders: redactHeaders(requestHeaders),
      requestBody:
        sent === undefined ? undefined : boundedBody(redactBody(sent, requestHeaders.get('content-type') ?? 'application/x-www-form-urlencoded')),
    };
    step.exchanges.push(exchange);
    describeStep(step);
    const started = performance.now();
    const took = () => Math.round((performance.now() - started) * 10) / 10;
    try {
      const response = await base(input, init);
      const note = guardNote(response);
      exchange.durationMs = took();
      exchange.status = note?.status ?? response.status;
      if (note) exchange.note = note.note;
      exchange.responseHeaders = redactHeaders(response.headers);
      if (response.body && !isRedirect(response.status)) {
        exchange.responseBody = boundedBody(redactBody(await response.clone().text(), response.headers.get('content-type')));
      }
      return response;
    } catch (error) {
      exchange.durationMs = took();
      exchange.problem = problemOf(error);
      if (error instanceof SignInFetchError && error.status !== undefined) exchange.status = error.status;
      throw error;
    } finally {
      describeStep(step);
    }
  };
}
