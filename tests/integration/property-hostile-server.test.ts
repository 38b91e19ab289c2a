/**
 * A hostile server, over real sockets on 127.0.0.1: after a proper initialize, every call
 * gets generated garbage — invalid JSON, malformed SSE, requests with weird or duplicate
 * ids, unknown methods, elicitations with any params, bad notifications, responses to ids
 * nobody used. Through load() and an Inbox shared with a healthy server:
 * - nothing crashes and nothing is left unhandled;
 * - every request the hostile server makes is answered the way the spec says (elicitations:
 *   -32602 or the person's decline/cancel; unknown methods: an error; ping: `{}`), unless
 *   the SDK's transport could not even read it as a request;
 * - every call settles with a result or an Error that says something, within the idle timeout;
 * - the healthy server's pending Request is untouched, and answering it still works.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Inbox, InboxError, type PendingRequest } from '../../lib/inbox';
import { load } from '../../lib/mcp/client';
import type { Connection, WaitFor } from '../../lib/mcp/connection';
import { anyWireParams, elicitationFault, hostileString, jsonText, PAYLOADS } from '../fixtures/hostile-input';
import { startHostileServer, type CallScript, type Frame, type HostileServer, type SentRequest } from '../fixtures/hostile-server';
import { startModernServer, type FixtureServer } from '../fixtures/servers';

const RUNS = 60;
const IDLE_MS = 800;
/** Never needed if the idle timeout works: a call still running after this has hung. */
const BACKSTOP_MS = 6_000;

// ---------------------------------------------------------------------------------------
// Frames.

const VALID_IDS = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: -1_000, max: 1_000_000 }).map(String) },
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }).map((id) => JSON.stringify(id)) },
  { weight: 2, arbitrary: fc.constantFrom('0', '-0', '9007199254740991', '"__proto__"', '"constructor"', '""', '"toString"') },
  // Few values, so the same id is often used twice while the first is still pending.
  { weight: 4, arbitrary: fc.constantFrom('1', '2', '3', '"a"') },
);
const INVALID_IDS = fc.constantFrom('null', '1.5', '1e300', '1e400', '9007199254740993', '{}', '[]', 'true', '{"a":1}', '-1e-7');
const idText = fc.oneof({ weight: 5, arbitrary: VALID_IDS }, { weight: 1, arbitrary: INVALID_IDS });

/** The SDK reads ids as a string or a safe integer (`z.number().int()`); anything else is not a request. */
function validId(text: string): boolean {
  const id = JSON.parse(text) as unknown;
  return typeof id === 'string' || Number.isSafeInteger(id);
}
const canonical = (text: string) => JSON.stringify(JSON.parse(text) as unknown) ?? 'undefined';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the SDK's transport can read the frame as a JSON-RPC request at all (its envelope schema). */
function readableRequest(sent: SentRequest): boolean {
  if (!validId(sent.idText)) return false;
  if (sent.paramsText === undefined) return true;
  const params = JSON.parse(sent.paramsText) as unknown;
  if (!isRecord(params)) return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === 'string' || Number.isSafeInteger(token);
}

/** Counterexamples print long params (deep nesting, huge strings) cut short. */
function printable(frame: Frame): Frame {
  const summary = () =>
    JSON.stringify(frame, (_key, value: unknown) =>
      typeof value === 'string' && value.length > 200 ? `${value.slice(0, 200)}…(${value.length} chars)` : value,
    );
  return Object.assign(frame, { [fc.toStringMethod]: summary });
}

const objectParams = jsonText.filter((text) => text.startsWith('{'));
const ELICIT = 'elicitation/create';
const UNKNOWN_METHODS = [
  'foo/bar',
  'roots/list',
  'sampling/createMessage',
  'tools/call',
  'initialize',
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'elicitation/Create',
  'notifications/progress',
  'completion/complete',
  '',
];

const requestFrame: fc.Arbitrary<Frame> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        method: fc.constant(ELICIT),
        idText,
        paramsText: fc.oneof(
          { weight: 12, arbitrary: anyWireParams.map((wire) => wire.text) },
          { weight: 1, arbitrary: fc.constantFrom(undefined, '"hello"', '5', 'null', '[]') },
        ),
        event: fc.constantFrom(undefined, 'message'),
        eventId: fc.option(fc.constantFrom('1', 'a', ''), { nil: undefined }),
      })
      .map((frame): Frame => ({ kind: 'request', ...frame })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ idText, paramsText: fc.constantFrom(undefined, '{}') })
      .map((frame): Frame => ({ kind: 'request', method: 'ping', ...frame })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        method: fc.oneof(fc.constantFrom(...UNKNOWN_METHODS), hostileString()),
        idText,
        paramsText: fc.option(objectParams, { nil: undefined }),
      })
      .map((frame): Frame => ({ kind: 'request', ...frame })),
  },
);

const NOTIFICATIONS = [
  'notifications/progress',
  'notifications/message',
  'notifications/cancelled',
  'notifications/elicitation/complete',
  'notifications/tools/list_changed',
  'notifications/resources/updated',
  'notifications/unknown',
  'constructor',
];
const notificationFrame: fc.Arbitrary<Frame> = fc.oneof(
  fc
    .record({ method: fc.constantFrom(...NOTIFICATIONS), paramsText: fc.option(jsonText, { nil: undefined }) })
    .map((frame): Frame => ({ kind: 'request', ...frame })),
  // The server withdraws one of its own requests: the client may then never answer it.
  fc.tuple(VALID_IDS, fc.option(fc.string(), { nil: undefined })).map(
    ([id, reason]): Frame => ({
      kind: 'request',
      method: 'notifications/cancelled',
      paramsText: JSON.stringify({ requestId: JSON.parse(id) as unknown, reason }),
    }),
  ),
  fc.constantFrom<Frame>(
    { kind: 'request', method: 'notifications/progress', paramsText: '{"progressToken":0,"progress":"x"}' },
    { kind: 'request', method: 'notifications/progress', paramsText: '{"progressToken":{},"progress":1}' },
    { kind: 'request', method: 'notifications/message', paramsText: '{"level":"nope","data":"<script>"}' },
    { kind: 'request', method: 'notifications/elicitation/complete', paramsText: '{"elicitationId":5}' },
    { kind: 'request', method: 'notifications/elicitation/complete', paramsText: '{}' },
  ),
);

const responseFrame: fc.Arbitrary<Frame> = fc
  .record({
    idText: fc.oneof({ weight: 8, arbitrary: fc.oneof(VALID_IDS, INVALID_IDS) }, { weight: 1, arbitrary: fc.constant<'call'>('call') }),
    body: fc.constantFrom(
      '"result":{}',
      '"result":5',
      '"result":null',
      '"result":{"content":[]}',
      '"error":{"code":-32603,"message":"x"}',
      '"error":{"code":"x"}',
      '"error":{}',
      '"result":{},"error":{"code":1,"message":"both"}',
    ),
  })
  .map((frame): Frame => ({ kind: 'response', ...frame }));

/** Malformed SSE. Every piece ends its event, so it cannot swallow the frame after it. */
const rawFrame: fc.Arbitrary<Frame> = fc
  .oneof(
    fc.constantFrom(
      'data: {not json\n\n',
      'data:\n\n',
      'data\n\n',
      ': a comment\n\n',
      ':\n\n',
      'retry: abc\n\n',
      'retry: -5\n\n',
      'retry: 10\n\n',
      'id: 42\n\n',
      'id\n\n',
      'event: weird\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}\n\n',
      'data: {"jsonrpc":"2.0",\ndata: "method":"notifications/message","params":{"level":"info","data":"split"}}\n\n',
      'data: {}\r\rdata: 1\r\n\r\n',
      '\uFEFFdata: {}\n\n',
      'data: \u0000\n\n',
      'event: message\ndata: [1,2,3]\n\n',
      'data: [{"jsonrpc":"2.0","method":"notifications/message","params":{}}]\n\n',
      '\n\n\n\n',
      'field-without-colon\n\n',
      'DATA: {"jsonrpc":"2.0"}\n\n',
    ),
    hostileString().map((text) => `data: ${text.replace(/[\r\n]/g, ' ')}\n\n`),
    fc.constantFrom(...PAYLOADS).map((text) => `data: ${JSON.stringify(text)}\n\n`),
    // A giant line, bounded: up to 256 KB of one event's data, or of a comment.
    fc
      .tuple(fc.integer({ min: 10_000, max: 256_000 }), fc.boolean())
      .map(([size, comment]) => (comment ? `: ${'x'.repeat(size)}\n\n` : `data: "${'x'.repeat(size)}"\n\n`)),
  )
  .map((text): Frame => ({ kind: 'raw', text }));

const dataFrame: fc.Arbitrary<Frame> = jsonText.map((text): Frame => ({ kind: 'data', text }));

const frame: fc.Arbitrary<Frame> = fc
  .oneof(
    { weight: 5, arbitrary: requestFrame },
    { weight: 2, arbitrary: notificationFrame },
    { weight: 1, arbitrary: responseFrame },
    { weight: 3, arbitrary: rawFrame },
    { weight: 2, arbitrary: dataFrame },
  )
  .map(printable);

const callScript: fc.Arbitrary<CallScript> = fc.oneof(
  {
    weight: 17,
    arbitrary: fc.record({
      reply: fc.constant('sse' as const),
      frames: fc.array(frame, { minLength: 8, maxLength: 30 }),
      chunkSize: fc.option(fc.integer({ min: 1, max: 4_096 }), { nil: undefined }),
      end: fc.oneof(
        { weight: 9, arbitrary: fc.constant('result' as const) },
        { weight: 3, arbitrary: fc.constant('error' as const) },
        { weight: 3, arbitrary: fc.constant('bad-result' as const) },
        { weight: 2, arbitrary: fc.constantFrom('close' as const, 'destroy' as const) },
        { weight: 1, arbitrary: fc.constant('hang' as const) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      reply: fc.constant('json' as const),
      body: fc.oneof(jsonText, fc.constantFrom('', 'not json', '{"jsonrpc":"2.0","id":null,"result":{}}', '[]')),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/html', 'application/x-unknown'),
      end: fc.constant('result' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      reply: fc.constant('status' as const),
      status: fc.constantFrom(400, 401, 403, 404, 405, 409, 418, 429, 500, 502, 503),
      body: fc.oneof(hostileString(), jsonText),
      end: fc.constant('result' as const),
    }),
  },
);

// ---------------------------------------------------------------------------------------
// The person: declines or cancels whatever the hostile server asks, by a rule the test can check.

const decide = (prompt: string) => (prompt.length % 2 === 0 ? 'declined' : 'cancelled');
const expectedAction = (prompt: string) => (decide(prompt) === 'declined' ? 'decline' : 'cancel');

const inbox = new Inbox({ timeoutMs: null });
const answered = new Set<string>();
inbox.subscribe((pending) => {
  for (const request of pending) {
    if (!request.serverId.startsWith('hostile') || answered.has(request.id)) continue;
    answered.add(request.id);
    setImmediate(() => {
      try {
        inbox.answer({ id: request.id, ok: false, reason: decide(request.prompt) });
      } catch (error) {
        // Withdrawn meanwhile (the server cancelled it, the call ended): nothing to answer.
        if (!(error instanceof InboxError)) throw error;
      }
    });
  }
});
const waitForPerson =
  (serverId: string, serverName: string): WaitFor =>
  (request, { signal }) =>
    inbox.enqueue(request, { serverId, serverName }, signal);

// ---------------------------------------------------------------------------------------

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const totals = { connections: 0, calls: 0, frames: 0, requests: 0, answered: 0, dropped: 0, results: 0, errors: 0, asked: 0 };
const codes = new Map<string, number>();

let healthy: FixtureServer;
let healthyConnection: Connection;
let healthyCall: ReturnType<Connection['callTool']>;
let healthyRequest: PendingRequest;
const healthySettled: unknown[] = [];

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  inbox.onSettled((request, answer) => {
    if (request.serverId === 'healthy') healthySettled.push(answer);
    else totals.asked += 1;
  });
  healthy = await startModernServer();
  healthyConnection = await load(
    { id: 'healthy', name: 'Modern Fixture', url: healthy.url },
    { waitFor: waitForPerson('healthy', 'Modern Fixture') },
  );
  healthyCall = healthyConnection.callTool('deploy', { service: 'api' });
  // Awaited in the last test; this only keeps an early failure from surfacing as unhandled.
  healthyCall.catch(() => {});
  await until(() => inbox.list().some((request) => request.serverId === 'healthy'), 10_000);
  healthyRequest = structuredClone(inbox.list().find((request) => request.serverId === 'healthy')!);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await healthyConnection?.close();
  await healthy?.close();
  console.info(
    `hostile server: ${totals.connections} connections, ${totals.calls} calls, ${totals.frames} frames, ${totals.requests} server→client requests ` +
      `(${totals.answered} answered, ${totals.dropped} unreadable as requests), ${totals.asked} asked of the person; calls: ${totals.results} results, ${totals.errors} errors; ` +
      `answers by code: ${JSON.stringify(Object.fromEntries(codes))}`,
  );
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Settled = { ok: true } | { ok: false; error: unknown };

/** What the client sent back for each request, by the server's id (canonical JSON text). */
function answersById(server: HostileServer): Map<string, Array<Record<string, unknown>>> {
  const byId = new Map<string, Array<Record<string, unknown>>>();
  for (const { idText, message } of server.received) byId.set(idText, [...(byId.get(idText) ?? []), message]);
  return byId;
}

/** The ids the server withdrew with notifications/cancelled (the client may stay silent on those). */
function cancelledIds(scripts: CallScript[]): Set<string> {
  const ids = new Set<string>();
  for (const script of scripts) {
    for (const item of script.frames ?? []) {
      if (item.kind === 'request' && item.method === 'notifications/cancelled' && item.paramsText) {
        const params = JSON.parse(item.paramsText) as unknown;
        if (isRecord(params)) ids.add(JSON.stringify(params.requestId) ?? 'undefined');
      }
    }
  }
  return ids;
}

/** One answer the client gave to one request: is it what the spec allows for that request? */
function expectAllowedAnswer(sent: SentRequest, answer: Record<string, unknown>): void {
  const label = `answer to ${sent.method} id ${sent.idText}: ${JSON.stringify(answer).slice(0, 300)}`;
  expect(answer.jsonrpc, label).toBe('2.0');
  const error = answer.error as { code?: unknown; message?: unknown } | undefined;
  if (error) {
    expect(Number.isInteger(error.code), label).toBe(true);
    expect(typeof error.message, label).toBe('string');
    codes.set(
      `${sent.method === ELICIT ? 'elicit' : sent.method === 'ping' ? 'ping' : 'other'} ${error.code}`,
      (codes.get(`${sent.method === ELICIT ? 'elicit' : sent.method === 'ping' ? 'ping' : 'other'} ${error.code}`) ?? 0) + 1,
    );
  }
  if (sent.method === ELICIT) {
    const params = sent.paramsText === undefined ? undefined : (JSON.parse(sent.paramsText) as unknown);
    if (elicitationFault(params) !== null) {
      // Params the rules refuse: refused with Invalid params, never shown to the person.
      expect(error?.code, label).toBe(-32602);
      expect(String(error?.message).length, label).toBeGreaterThan(0);
    } else if (error) {
      // The SDK's own schema is stricter in places (e.g. form mode needs a requestedSchema).
      expect(error.code, label).toBe(-32602);
    } else {
      const result = answer.result as { action?: unknown; content?: unknown };
      codes.set(`elicit ${String(result.action)}`, (codes.get(`elicit ${String(result.action)}`) ?? 0) + 1);
      expect(['decline', 'cancel'], label).toContain(result.action);
      expect(result.content, label).toBeUndefined();
      // With a duplicate id the answer may be to the other request of that id; otherwise it is the person's,
      // unless the call's response came first on the same stream: that withdraws what it asked
      // (lib/mcp/callStreams.ts), and the server is answered cancel.
      const withdrawn = result.action === 'cancel' && sent.callAnsweredAfter;
      if (!withdrawn) expect(result.action, label).toBe(expectedAction((params as { message: string }).message));
    }
  } else if (sent.method === 'ping') {
    expect(answer.result ?? answer.error, label).toBeDefined();
    if (!error) expect(answer.result, label).toEqual({});
  } else {
    // Nothing else is a request a client serves: Method not found.
    expect(error?.code, label).toBe(-32601);
  }
}

describe(`load() against a hostile server (${RUNS} generated connections)`, () => {
  it('answers what it can read, refuses the rest, and never crashes or hangs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callScript, { minLength: 3, maxLength: 8 }), async (scripts) => {
        const server = await startHostileServer();
        const serverId = `hostile-${totals.connections}`;
        let lost: Error | undefined;
        let connection: Connection | undefined;
        try {
          connection = await load(
            { id: serverId, name: 'Hostile Fixture', url: server.url },
            { waitFor: waitForPerson(serverId, 'Hostile Fixture'), idleTimeoutMs: IDLE_MS, onLost: (error) => void (lost = error) },
          );
          totals.connections += 1;
          const open = connection;
          const started = Date.now();
          const settled = await Promise.all(
            scripts.map(async (script): Promise<Settled> => {
              const id = server.script(script);
              try {
                await open.callTool('chaos', { script: id }, { signal: AbortSignal.timeout(BACKSTOP_MS) });
                return { ok: true };
              } catch (error) {
                return { ok: false, error };
              }
            }),
          );
          totals.calls += settled.length;
          for (const outcome of settled) {
            if (outcome.ok) {
              totals.results += 1;
              continue;
            }
            totals.errors += 1;
            expect(outcome.error).toBeInstanceOf(Error);
            const message = (outcome.error as Error).message;
            expect(message.trim().length).toBeGreaterThan(0);
            // The backstop is only there to bound the test: the idle timeout must come first.
            expect(message).not.toBe('The call to chaos was cancelled.');
          }
          expect(Date.now() - started).toBeLessThan(BACKSTOP_MS);

          // Every readable request the server made gets its answer (the person answers at once).
          const readable = server.sent.filter(readableRequest);
          const withdrawn = cancelledIds(scripts);
          const mustAnswer = () => (lost ? [] : readable.filter((sent) => sent.end !== 'destroy' && !withdrawn.has(canonical(sent.idText))));
          const missing = () => mustAnswer().filter((sent) => !answersById(server).has(canonical(sent.idText)));
          const deadline = Date.now() + 3_000;
          while (missing().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
          expect(missing().map((sent) => `${sent.method} ${sent.idText} ${String(sent.paramsText).slice(0, 120)}`)).toEqual([]);

          const byId = answersById(server);
          const sentCount = new Map<string, number>();
          for (const sent of server.sent) sentCount.set(canonical(sent.idText), (sentCount.get(canonical(sent.idText)) ?? 0) + 1);
          for (const sent of readable) {
            const answers = byId.get(canonical(sent.idText)) ?? [];
            // Never more answers than requests with that id.
            expect(answers.length).toBeLessThanOrEqual(sentCount.get(canonical(sent.idText)) ?? 0);
            // Answers are matched by id, so only a request whose id is unique pins its answer's content.
            if (sentCount.get(canonical(sent.idText)) === 1) for (const answer of answers) expectAllowedAnswer(sent, answer);
          }
          // Nothing unreadable was answered as if it had been read.
          for (const [id, answers] of byId) {
            if (!readable.some((sent) => canonical(sent.idText) === id)) {
              for (const answer of answers) expect(answer.error, `unexpected answer ${JSON.stringify(answer)}`).toBeDefined();
            }
          }
          totals.frames += server.framesWritten();
          totals.requests += server.sent.length;
          totals.answered += server.received.length;
          totals.dropped += server.sent.length - readable.length;
        } finally {
          await connection?.close();
          await server.close();
        }
        // Nothing of this connection waits on the person any more.
        expect(inbox.list().filter((request) => request.serverId === serverId)).toEqual([]);
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 90_000, markInterruptAsFailure: true },
    );
    expect(totals.frames).toBeGreaterThanOrEqual(3_000);
  }, 240_000);

  it('leaves nothing unhandled', () => {
    expect(unhandled).toEqual([]);
  });

  it('leaves the healthy server’s pending Request untouched, and answering it still works', async () => {
    expect(healthySettled).toEqual([]);
    expect(inbox.list().filter((request) => request.serverId !== 'healthy')).toEqual([]);
    expect(inbox.list()).toEqual([healthyRequest]);
    inbox.answer({ id: healthyRequest.id, ok: true, data: { target: 'prod', replicas: 2 } });
    const result = await healthyCall;
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ action: 'accept', content: { target: 'prod', replicas: 2 } }) }]);
    expect(healthy.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'accept', content: { target: 'prod', replicas: 2 } } });
  });
});
