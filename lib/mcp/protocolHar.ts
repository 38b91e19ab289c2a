/**
 * The protocol log as a HAR 1.2 file, for the tools that read one (browser DevTools' Network
 * panel, Playwright's `routeFromHAR`, HAR viewers). Built from what the log kept: each HTTP
 * exchange with its redacted headers, the JSON-RPC messages sent as its body and those that
 * came back as its response (an event stream written out again as `data:` events). The log's
 * cuts and redactions stay: a HAR holds no more than the log.
 */
import type { Content, Entry, Har, Header, PostData } from 'har-format';
import { t, tn } from '../i18n';
import { redactJson } from '../redact';
import type { DroppedNote, ExchangeRecord, MessageRecord, ProtocolLogEntry } from './protocolLog';

export interface HarCreator {
  name: string;
  version: string;
}

const headerList = (headers: Record<string, string> | undefined): Header[] => Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));

const contentType = (headers: Record<string, string> | undefined): string | undefined =>
  Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];

const bodyText = (messages: unknown[]): string =>
  messages.length === 1 && typeof messages[0] === 'string' ? messages[0] : JSON.stringify(messages.length === 1 ? messages[0] : messages);

function postData(exchange: ExchangeRecord, sent: unknown[]): PostData | undefined {
  if (sent.length === 0) return undefined;
  return { mimeType: contentType(exchange.requestHeaders) ?? 'application/json', text: bodyText(sent) };
}

function content(exchange: ExchangeRecord, received: unknown[]): Content {
  const mimeType = contentType(exchange.responseHeaders) ?? '';
  if (received.length === 0) return { size: 0, mimeType };
  const text = mimeType.toLowerCase().startsWith('text/event-stream')
    ? received.map((message) => `event: message\ndata: ${typeof message === 'string' ? message : JSON.stringify(message)}\n\n`).join('')
    : bodyText(received);
  return { size: new TextEncoder().encode(text).length, mimeType, text };
}

function queryString(url: string): Array<{ name: string; value: string }> {
  if (!URL.canParse(url)) return [];
  return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
}

function entry(exchange: ExchangeRecord, messages: MessageRecord[]): Entry {
  const sent = messages.filter((message) => message.direction === 'out').map((message) => message.message);
  const received = messages.filter((message) => message.direction === 'in').map((message) => message.message);
  const request = postData(exchange, sent);
  const wait = exchange.durationMs ?? 0;
  return {
    startedDateTime: new Date(exchange.at).toISOString(),
    time: wait,
    request: {
      method: exchange.method,
      url: exchange.url,
      // fetch does not say which HTTP version carried it.
      httpVersion: '',
      cookies: [],
      headers: headerList(exchange.requestHeaders),
      queryString: queryString(exchange.url),
      ...(request ? { postData: request } : {}),
      headersSize: -1,
      bodySize: request ? new TextEncoder().encode(request.text ?? '').length : 0,
    },
    response: {
      status: exchange.status ?? 0,
      statusText: '',
      httpVersion: '',
      cookies: [],
      headers: headerList(exchange.responseHeaders),
      content: content(exchange, received),
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...(exchange.error ? { comment: t('mcp.har.noResponse', { error: exchange.error }) } : {}),
    },
    cache: {},
    // The log times a request from sending it to its response's headers; a stream's body may come long after.
    timings: { send: 0, wait, receive: 0 },
  };
}

/**
 * The log's exchanges, oldest first, each with its messages; messages whose exchange the log no
 * longer holds are left out, and the log's comment says how many older records it dropped.
 */
export function toHar(records: ProtocolLogEntry[], creator: HarCreator, server: string): Har {
  const messages = new Map<number, MessageRecord[]>();
  const note = records.find((record): record is DroppedNote => record.kind === 'dropped');
  for (const record of records) {
    if (record.kind !== 'message') continue;
    messages.set(record.exchange, [...(messages.get(record.exchange) ?? []), record]);
  }
  const exchanges = records
    .filter((record): record is ExchangeRecord => record.kind === 'http')
    .sort((a, b) => a.at - b.at || a.exchange - b.exchange);
  return {
    log: {
      version: '1.2',
      creator,
      comment: [t('mcp.har.log', { server }), ...(note ? [tn('mcp.har.dropped', note.count, { at: new Date(note.at).toISOString() })] : [])].join(
        ' ',
      ),
      entries: exchanges.map((exchange) => entry(exchange, messages.get(exchange.exchange) ?? [])),
    },
  };
}

/** The log in plain JSON, with a note of the older records it dropped; `redactJson` again so that nothing not redacted on the way in leaves. */
export function exportLog(server: string, entries: ProtocolLogEntry[]): string {
  const note = entries.find((entry): entry is DroppedNote => entry.kind === 'dropped');
  const records = entries.filter((entry) => entry.kind !== 'dropped');
  const dropped = note && { dropped: { count: note.count, at: new Date(note.at).toISOString() } };
  return JSON.stringify({ server, exportedAt: new Date().toISOString(), ...dropped, records: redactJson(records) }, null, 2);
}

export type ProtocolLogFormat = 'json' | 'har';

/** The file a person saves: the log's own JSON, or HAR. */
export function protocolLogFile(
  server: string,
  format: ProtocolLogFormat,
  records: ProtocolLogEntry[],
  creator: HarCreator,
): { name: string; text: string } {
  const base = `${server.replace(/[^\w.-]+/g, '-')}-protocol-log`;
  return format === 'har'
    ? { name: `${base}.har`, text: JSON.stringify(toHar(records, creator, server), null, 2) }
    : { name: `${base}.json`, text: exportLog(server, records) };
}
