/**
 * A server's sign-in trace as a file, beside its protocol log's: its own JSON (every attempt,
 * step and exchange), or HAR 1.2 of the sign-in's HTTP exchanges alone, written as the protocol
 * log's HAR is (lib/mcp/protocolHar.ts), for DevTools' Network panel or any HAR viewer. Both are
 * redacted again on the way out, so nothing not redacted on the way in leaves.
 */
import { type HarCreator, toHar } from '../mcp/protocolHar';
import type { ProtocolRecord } from '../mcp/protocolLog';
import type { ProtocolLogFormat } from '../mcp/protocolHar';
import { t } from '../i18n';
import { redactJson } from '../redact';
import type { TraceAttempt } from './trace';

/** The exchanges of every attempt as protocol records: each exchange, with what it sent and what came back as its messages. */
function asRecords(attempts: TraceAttempt[]): ProtocolRecord[] {
  const records: ProtocolRecord[] = [];
  let exchange = 0;
  for (const step of attempts.flatMap((attempt) => attempt.steps)) {
    for (const sent of step.exchanges) {
      exchange += 1;
      records.push({
        kind: 'http',
        exchange,
        at: sent.at,
        method: sent.method,
        url: sent.url,
        status: sent.status,
        durationMs: sent.durationMs,
        error: sent.problem,
        requestHeaders: sent.requestHeaders,
        responseHeaders: sent.responseHeaders,
      });
      if (sent.requestBody !== undefined) records.push({ kind: 'message', exchange, at: sent.at, direction: 'out', message: sent.requestBody });
      if (sent.responseBody !== undefined) records.push({ kind: 'message', exchange, at: sent.at, direction: 'in', message: sent.responseBody });
    }
  }
  return records;
}

/** The file a person saves: the trace's own JSON, or HAR. */
export function signInTraceFile(
  server: string,
  format: ProtocolLogFormat,
  attempts: TraceAttempt[],
  creator: HarCreator,
): { name: string; text: string } {
  const base = `${server.replace(/[^\w.-]+/g, '-')}-sign-in-trace`;
  const clean = redactJson(attempts) as TraceAttempt[];
  if (format === 'json')
    return { name: `${base}.json`, text: JSON.stringify({ server, exportedAt: new Date().toISOString(), attempts: clean }, null, 2) };
  const har = toHar(asRecords(clean), creator, server);
  har.log.comment = t('auth.harComment', { server });
  return { name: `${base}.har`, text: JSON.stringify(har, null, 2) };
}
