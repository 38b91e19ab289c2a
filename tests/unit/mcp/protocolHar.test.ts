import { describe, expect, it } from 'vitest';
import { protocolLogFile, toHar } from '../../../lib/mcp/protocolHar';
import type { ProtocolLogEntry, ProtocolRecord } from '../../../lib/mcp/protocolLog';

const CREATOR = { name: 'toolnexus', version: '0.1.0' };
const AT = Date.UTC(2026, 11, 4, 9, 0, 0);
const URL_ = 'http://127.0.0.1:4000/mcp?tenant=a';
const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } };
const result = { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi' }] } };

const records: ProtocolRecord[] = [
  // A message whose exchange the log no longer holds (its ring moved on).
  { kind: 'message', exchange: 1, at: AT - 5, direction: 'in', message: { jsonrpc: '2.0', id: 1, result: {} } },
  {
    kind: 'http',
    exchange: 2,
    at: AT,
    method: 'POST',
    url: URL_,
    status: 200,
    durationMs: 4.2,
    requestHeaders: { 'content-type': 'application/json', authorization: '[redacted]' },
    responseHeaders: { 'Content-Type': 'text/event-stream' },
  },
  { kind: 'message', exchange: 2, at: AT, direction: 'out', message: call },
  { kind: 'message', exchange: 2, at: AT + 4, direction: 'in', message: result },
  { kind: 'http', exchange: 3, at: AT + 10, method: 'POST', url: URL_, status: 202, durationMs: 1, requestHeaders: {}, responseHeaders: {} },
  { kind: 'message', exchange: 3, at: AT + 10, direction: 'out', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
  { kind: 'http', exchange: 4, at: AT + 20, method: 'GET', url: URL_, error: 'Failed to fetch', requestHeaders: { accept: 'text/event-stream' } },
];

describe('the protocol log as HAR 1.2', () => {
  const har = toHar(records, CREATOR, 'Echo');
  const [post, notification, failed] = har.log.entries;

  it('has one entry per exchange the log holds, oldest first, and names its creator', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual(CREATOR);
    expect(har.log.entries).toHaveLength(3);
    expect(har.log.entries.map((entry) => entry.startedDateTime)).toEqual([
      '2026-12-04T09:00:00.000Z',
      '2026-12-04T09:00:00.010Z',
      '2026-12-04T09:00:00.020Z',
    ]);
  });

  it('writes the request and its body as sent, headers as the log kept them (redacted)', () => {
    expect(post!.request).toMatchObject({
      method: 'POST',
      url: URL_,
      queryString: [{ name: 'tenant', value: 'a' }],
      headers: [
        { name: 'content-type', value: 'application/json' },
        { name: 'authorization', value: '[redacted]' },
      ],
      postData: { mimeType: 'application/json', text: JSON.stringify(call) },
    });
    expect(post!.request.bodySize).toBe(JSON.stringify(call).length);
    expect(post!.time).toBe(4.2);
    expect(post!.timings).toEqual({ send: 0, wait: 4.2, receive: 0 });
  });

  it('writes an event stream back as data: events, and sizes the text in bytes', () => {
    const text = `event: message\ndata: ${JSON.stringify(result)}\n\n`;
    expect(post!.response).toMatchObject({ status: 200, content: { mimeType: 'text/event-stream', text, size: text.length } });
    expect(notification!.response).toMatchObject({ status: 202, content: { size: 0, mimeType: '' } });
    expect(notification!.response.content.text).toBeUndefined();
  });

  it('keeps a request that got no response, saying why', () => {
    expect(failed!.request.postData).toBeUndefined();
    expect(failed!.response).toMatchObject({ status: 0, comment: 'No response: Failed to fetch' });
    expect(failed!.time).toBe(0);
  });

  it('names the file after the server, in either format', () => {
    const harFile = protocolLogFile('My server/2', 'har', records, CREATOR);
    expect(harFile.name).toBe('My-server-2-protocol-log.har');
    expect(JSON.parse(harFile.text)).toEqual(JSON.parse(JSON.stringify(toHar(records, CREATOR, 'My server/2'))));
    const json = protocolLogFile('My server/2', 'json', records, CREATOR);
    expect(json.name).toBe('My-server-2-protocol-log.json');
    expect(JSON.parse(json.text)).toMatchObject({ server: 'My server/2', records: expect.any(Array) });
  });
});

describe('a log that dropped older records', () => {
  const dropped: ProtocolLogEntry[] = [{ kind: 'dropped', at: AT - 60_000, count: 1_234 }, ...records];

  it('says in the HAR how many were dropped and when the last went, with the same entries', () => {
    const har = toHar(dropped, CREATOR, 'Echo');
    expect(har.log.comment).toBe(
      'The protocol log of Echo: secrets redacted, long messages cut. 1,234 older records were dropped to keep it within its bounds, the last at 2026-12-04T08:59:00.000Z.',
    );
    expect(har.log.entries).toEqual(toHar(records, CREATOR, 'Echo').log.entries);
  });

  it('says it in the JSON beside the records, which are records only', () => {
    const json = JSON.parse(protocolLogFile('Echo', 'json', dropped, CREATOR).text);
    expect(json.dropped).toEqual({ count: 1_234, at: '2026-12-04T08:59:00.000Z' });
    expect(json.records).toEqual(records);
    expect(JSON.parse(protocolLogFile('Echo', 'json', records, CREATOR).text).dropped).toBeUndefined();
  });
});
