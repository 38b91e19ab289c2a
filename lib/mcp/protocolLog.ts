/**
 * The protocol log's recorder: a watcher (lib/mcp/exchangeTap.ts) of every HTTP exchange of one
 * server's connection (MCP requests and their streams) that reports each exchange and every
 * JSON-RPC message in and out, redacted (lib/redact.ts). On the request's path it only keeps
 * the raw strings (each SSE event's data, or the chunks of any other body); JSON parsing and
 * redaction wait for a quiet moment, in batches: done at once, they queued ahead of the
 * response's own body and cost each `tools/call` ~3 ms (bench 12).
 */
import { redactBody, redactHeaders, redactUrl } from '../redact';
import type { BodyWatch, Tap } from './exchangeTap';

/** One HTTP exchange: request line, status, timing, headers (redacted). */
export interface ExchangeRecord {
  kind: 'http';
  /** Unique within the connection; messages name the exchange they came with. */
  exchange: number;
  at: number;
  method: string;
  url: string;
  status?: number;
  /** From sending the request to the response's headers; undefined if it failed. */
  durationMs?: number;
  error?: string;
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
}

/** One JSON-RPC message (or a body that is not one), redacted. */
export interface MessageRecord {
  kind: 'message';
  exchange: number;
  at: number;
  direction: 'out' | 'in';
  message: unknown;
}

export type ProtocolRecord = ExchangeRecord | MessageRecord;

/** At the head of a log whose older records the hub dropped to keep it within its bounds (lib/hub/protocolRecords.ts). */
export interface DroppedNote {
  kind: 'dropped';
  /** When the last of them went. */
  at: number;
  count: number;
}

/** A server's log as the person is shown it and exports it. */
export type ProtocolLogEntry = ProtocolRecord | DroppedNote;

/** How long recording work waits, so that it runs after the exchange it records, not inside it. */
export const QUIET_MS = 250;
const queued: Array<() => void> = [];
let flushScheduled = false;
function later(work: () => void): void {
  queued.push(work);
  if (flushScheduled) return;
  flushScheduled = true;
  setTimeout(() => {
    flushScheduled = false;
    for (const run of queued.splice(0)) run();
  }, QUIET_MS);
}
const headersOf = (init: RequestInit | undefined) => new Headers(init?.headers);
const messagesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function decode(chunks: Uint8Array[]): string {
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join('') + decoder.decode();
}

/** Exchange numbers run on across connections, so a server's log never holds two alike. */
let exchanges = 0;

export function protocolRecorder(record: (entry: ProtocolRecord) => void): Tap {
  return (url, init) => {
    const exchange = ++exchanges;
    const at = Date.now();
    const started = performance.now();
    const method = init?.method ?? 'GET';
    const sent = typeof init?.body === 'string' ? init.body : undefined;
    const report = (response: Response | undefined, error?: unknown) => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      later(() => {
        record({
          kind: 'http',
          exchange,
          at,
          method,
          url: redactUrl(String(url)),
          requestHeaders: redactHeaders(headersOf(init)),
          ...(response
            ? { status: response.status, durationMs, responseHeaders: redactHeaders(response.headers) }
            : { error: error instanceof Error ? error.message : String(error) }),
        });
        if (sent === undefined) return;
        for (const message of messagesOf(redactBody(sent, headersOf(init).get('content-type'))))
          record({ kind: 'message', exchange, at, direction: 'out', message });
      });
    };
    return {
      failed: (error) => report(undefined, error),
      response(response, sse): BodyWatch | undefined {
        report(response);
        if (!response.body || response.status === 202 || response.status === 204) return;
        const type = response.headers.get('content-type')?.toLowerCase() ?? '';
        const incoming = (text: string, arrived: number) => {
          for (const message of messagesOf(redactBody(text, type))) record({ kind: 'message', exchange, at: arrived, direction: 'in', message });
        };
        // Each event is recorded later, with the time it came.
        if (sse)
          return {
            event({ data }) {
              const arrived = Date.now();
              if (data) later(() => incoming(data, arrived));
            },
          };
        const chunks: Uint8Array[] = [];
        return {
          chunk: (bytes) => void chunks.push(bytes),
          end(complete) {
            if (!complete) return;
            const arrived = Date.now();
            later(() => incoming(decode(chunks), arrived));
          },
        };
      },
    };
  };
}
