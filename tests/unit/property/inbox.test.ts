/**
 * Answers, in any order and of any shape. answerToElicitResult follows the table in docs/mapping.md to
 * the letter; the Inbox resolves every Request it was asked exactly once, refuses Answers
 * for ids it does not hold, and leaves every other Request alone (a model-based test).
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox, InboxError } from '../../../lib/inbox';
import { answerToElicitResult, elicitationToRequest, ElicitationParamsError } from '../../../lib/mcp/protocol';
import type { Answer, Request } from '../../../lib/request';
import { hostileString, nearValidWire, validParams, wireJson } from '../../fixtures/hostile-input';

const RUNS = { results: 2_000, sequences: 500, maxCommands: 40, hostileSchemas: 1_000 } as const;

const answerArbitrary: fc.Arbitrary<Answer> = fc.record(
  {
    id: fc.string(),
    ok: fc.boolean(),
    data: fc.oneof(fc.dictionary(fc.string(), wireJson, { maxKeys: 4 }), fc.constant({})),
    reason: fc.oneof(fc.constantFrom('declined', 'cancelled', 'expired', 'invalid', 'Declined', 'declined ', 'decline', ''), hostileString()),
  },
  { requiredKeys: ['id', 'ok'] },
);

describe(`answerToElicitResult (${RUNS.results} generated Answers)`, () => {
  it('sends accept with data ?? {}, decline only for reason "declined", cancel for everything else', () => {
    fc.assert(
      fc.property(answerArbitrary, (answer) => {
        const result = answerToElicitResult(answer);
        if (answer.ok) {
          expect(result).toStrictEqual({ action: 'accept', content: answer.data ?? {} });
          if (answer.data) expect((result as { content: unknown }).content).toBe(answer.data);
        } else if (answer.reason === 'declined') {
          expect(result).toStrictEqual({ action: 'decline' });
        } else {
          expect(result).toStrictEqual({ action: 'cancel' });
        }
        // A decline or cancel never carries content back to the server.
        if (result.action !== 'accept') expect(Object.keys(result)).toEqual(['action']);
      }),
      { numRuns: RUNS.results },
    );
  });
});

// ---------------------------------------------------------------------------------------
// The Inbox against a model: random interleavings of enqueue / answer / cancelServer / expire.

const IDS = ['elc-p-1', 'elc-p-2', 'elc-p-3', 'elc-p-4', 'elc-p-5', 'elc-p-6'] as const;
const SERVERS = ['s1', 's2', 's3'] as const;
// Ids no Request ever has: answers to them must be refused.
const STRANGERS = ['', 'elc-nope-1', '__proto__', 'constructor', 'toString'] as const;
const answerId = fc.constantFrom<string>(...IDS, ...STRANGERS);

/** Requests with a schema accept only `{ n: <integer ≥ 0> }`; others accept anything. */
const SCHEMA = { type: 'object' as const, properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'] };
type Shape = 'schema' | 'no-schema' | 'url';
const fitsSchema = (data: Record<string, unknown> | undefined) => Number.isInteger(data?.n) && (data!.n as number) >= 0;

function requestOf(id: string, shape: Shape, prompt: string): Request {
  if (shape === 'url') return { id, kind: 'authorization', prompt, url: 'https://a.example/consent', data: null };
  return { id, kind: 'input', prompt, url: null, data: shape === 'schema' ? { schema: structuredClone(SCHEMA) } : {} };
}

interface ModelEntry {
  id: string;
  serverId: string;
  shape: Shape;
  prompt: string;
  askedAt: number;
  expiresAt: number | null;
  instance: number;
  controller?: AbortController;
}

interface Model {
  /** Pending, in the order they were asked. */
  pending: ModelEntry[];
  /** How often each id left the inbox (onSettled must say so exactly that often). */
  settledIds: Map<string, number>;
  /** What each asked instance must resolve with, once settled. */
  expected: Map<number, Answer>;
  timeoutMs: number | null;
  instances: number;
}

interface Real {
  inbox: Inbox;
  /** Every resolution of every instance's promise (more than one would be a bug). */
  resolved: Map<number, Answer[]>;
  settledCalls: Map<string, number>;
  emitted: string[][];
}

const flush = async () => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};

function settle(model: Model, entry: ModelEntry, answer: Answer): void {
  model.pending = model.pending.filter((pending) => pending !== entry);
  model.expected.set(entry.instance, answer);
  model.settledIds.set(entry.id, (model.settledIds.get(entry.id) ?? 0) + 1);
}

/** After every command: the inbox looks exactly like the model, and every settled instance resolved once. */
async function expectAgrees(model: Model, real: Real): Promise<void> {
  await flush();
  const list = real.inbox.list();
  expect(list.map((request) => request.id)).toEqual(model.pending.map((entry) => entry.id));
  expect(real.inbox.size).toBe(model.pending.length);
  list.forEach((request, index) => {
    const entry = model.pending[index]!;
    expect(request).toMatchObject({
      serverId: entry.serverId,
      serverName: `Server ${entry.serverId}`,
      prompt: entry.prompt,
      askedAt: entry.askedAt,
      expiresAt: entry.expiresAt,
    });
    expect(request.kind).toBe(entry.shape === 'url' ? 'authorization' : 'input');
  });
  for (let instance = 1; instance <= model.instances; instance += 1) {
    const resolutions = real.resolved.get(instance) ?? [];
    const expected = model.expected.get(instance);
    if (expected === undefined) expect(resolutions, `instance ${instance} is still pending`).toEqual([]);
    else expect(resolutions, `instance ${instance} resolves exactly once`).toEqual([expected]);
  }
  const last = real.emitted.at(-1);
  if (last) expect(last).toEqual(model.pending.map((entry) => entry.id));
  // Told once per Request as it leaves: a pre-aborted ask never entered, so it is not told.
  expect(Object.fromEntries(real.settledCalls)).toEqual(Object.fromEntries(model.settledIds));
}

class Enqueue implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly id: string,
    readonly serverId: string,
    readonly shape: Shape,
    readonly prompt: string,
    readonly signal: 'none' | 'live' | 'aborted',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const duplicate = model.pending.some((entry) => entry.id === this.id);
    const controller = this.signal === 'none' ? undefined : new AbortController();
    if (this.signal === 'aborted') controller!.abort();
    const promise = real.inbox.enqueue(
      requestOf(this.id, this.shape, this.prompt),
      { serverId: this.serverId, serverName: `Server ${this.serverId}` },
      controller?.signal,
    );
    if (duplicate) {
      // An id already pending is refused, and the Request holding it is untouched.
      await expect(promise).rejects.toBeInstanceOf(InboxError);
    } else {
      model.instances += 1;
      const instance = model.instances;
      void promise.then((answer) => real.resolved.set(instance, [...(real.resolved.get(instance) ?? []), answer]));
      if (this.signal === 'aborted') {
        model.expected.set(instance, { id: this.id, ok: false, reason: 'cancelled' });
      } else {
        const askedAt = Date.now();
        model.pending.push({
          id: this.id,
          serverId: this.serverId,
          shape: this.shape,
          prompt: this.prompt,
          askedAt,
          expiresAt: model.timeoutMs === null ? null : askedAt + model.timeoutMs,
          instance,
          controller,
        });
      }
    }
    await expectAgrees(model, real);
  }
  toString = () => `enqueue(${this.id}, ${this.serverId}, ${this.shape}, signal ${this.signal})`;
}

class AnswerCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly answer: Answer) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const entry = model.pending.find((pending) => pending.id === this.answer.id);
    let thrown: unknown;
    try {
      real.inbox.answer(this.answer);
    } catch (error) {
      thrown = error;
    }
    if (!entry) {
      expect(thrown).toBeInstanceOf(InboxError);
      expect((thrown as InboxError).code).toBe('unknown-request');
    } else if (this.answer.ok && entry.shape === 'schema' && !fitsSchema(this.answer.data)) {
      expect(thrown).toBeInstanceOf(InboxError);
      expect((thrown as InboxError).code).toBe('invalid-answer');
      expect((thrown as InboxError).problems.length).toBeGreaterThan(0);
    } else {
      expect(thrown).toBeUndefined();
      settle(model, entry, this.answer);
    }
    await expectAgrees(model, real);
  }
  toString = () => `answer(${JSON.stringify(this.answer)})`;
}

class CancelServer implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly serverId: string,
    readonly reason: string | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const withdrawn = model.pending.filter((entry) => entry.serverId === this.serverId);
    expect(real.inbox.cancelServer(this.serverId, this.reason)).toBe(withdrawn.length);
    for (const entry of withdrawn) settle(model, entry, { id: entry.id, ok: false, reason: this.reason ?? 'cancelled' });
    await expectAgrees(model, real);
  }
  toString = () => `cancelServer(${this.serverId}, ${this.reason})`;
}

class Expire implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    vi.advanceTimersByTime(this.ms);
    const now = Date.now();
    // Timers fire in deadline order; ties in the order they were asked.
    const due = model.pending.filter((entry) => entry.expiresAt !== null && entry.expiresAt <= now);
    for (const entry of due) settle(model, entry, { id: entry.id, ok: false, reason: 'expired' });
    await expectAgrees(model, real);
  }
  toString = () => `advance(${this.ms} ms)`;
}

class Abort implements fc.AsyncCommand<Model, Real> {
  constructor(readonly id: string) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const entry = model.pending.find((pending) => pending.id === this.id && pending.controller);
    if (entry) {
      entry.controller!.abort();
      settle(model, entry, { id: entry.id, ok: false, reason: 'cancelled' });
    }
    await expectAgrees(model, real);
  }
  toString = () => `abort(${this.id})`;
}

class SetTimeout implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number | null) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    real.inbox.setTimeoutMs(this.ms);
    model.timeoutMs = this.ms;
    await expectAgrees(model, real);
  }
  toString = () => `setTimeoutMs(${this.ms})`;
}

const commands = [
  fc
    .tuple(
      fc.constantFrom(...IDS),
      fc.constantFrom(...SERVERS),
      fc.constantFrom<Shape>('schema', 'no-schema', 'url'),
      hostileString(),
      fc.constantFrom('none', 'live', 'live', 'aborted'),
    )
    .map(([id, serverId, shape, prompt, signal]) => new Enqueue(id, serverId, shape, prompt, signal as Enqueue['signal'])),
  fc
    .record({
      id: answerId,
      ok: fc.boolean(),
      data: fc.option(fc.oneof(fc.record({ n: fc.integer({ min: -2, max: 5 }) }), fc.record({ n: fc.string() }), fc.constant({})), {
        nil: undefined,
      }),
      reason: fc.option(fc.constantFrom('declined', 'cancelled', 'other'), { nil: undefined }),
    })
    .map(({ id, ok, data, reason }) => {
      const answer: Answer = { id, ok };
      if (data !== undefined) answer.data = data;
      if (reason !== undefined) answer.reason = reason;
      return new AnswerCommand(answer);
    }),
  fc
    .tuple(fc.constantFrom<string>(...SERVERS, 'nobody'), fc.option(fc.constantFrom('cancelled', 'disconnected'), { nil: undefined }))
    .map(([serverId, reason]) => new CancelServer(serverId, reason)),
  fc.integer({ min: 0, max: 1_500 }).map((ms) => new Expire(ms)),
  fc.constantFrom(...IDS).map((id) => new Abort(id)),
  fc.constantFrom<number | null>(500, 1_000, 2_000, null).map((ms) => new SetTimeout(ms)),
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_700_000_000_000 });
});
afterEach(() => vi.useRealTimers());

let commandCount = 0;
afterAll(() => {
  console.info(`inbox model: ${RUNS.sequences} generated sequences, ${commandCount} commands`);
});

describe(`Inbox under random interleavings (${RUNS.sequences} generated sequences of up to ${RUNS.maxCommands} commands)`, () => {
  it('resolves every asked Request exactly once, refuses unknown and answered ids, and leaves the others alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: RUNS.maxCommands, size: 'max' }), async (sequence) => {
        const inbox = new Inbox({ timeoutMs: 1_000, now: () => Date.now() });
        const real: Real = { inbox, resolved: new Map(), settledCalls: new Map(), emitted: [] };
        inbox.subscribe((pending) => real.emitted.push(pending.map((request) => request.id)));
        inbox.onSettled((request) => real.settledCalls.set(request.id, (real.settledCalls.get(request.id) ?? 0) + 1));
        const model: Model = { pending: [], settledIds: new Map(), expected: new Map(), timeoutMs: 1_000, instances: 0 };
        await fc.asyncModelRun(() => ({ model, real }), sequence);
        commandCount += [...sequence].length;
      }),
      { numRuns: RUNS.sequences },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Answers to whatever schema a server managed to get accepted.

describe(`Answers to accepted hostile schemas (${RUNS.hostileSchemas} generated elicitations)`, () => {
  beforeEach(() => vi.useRealTimers());

  it('are sent or refused with InboxError — never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nearValidWire.map(({ wire }) => JSON.parse(wire.text) as unknown),
          validParams,
        ),
        fc.oneof(fc.dictionary(fc.string({ maxLength: 6 }), wireJson, { maxKeys: 3 }), fc.constant({ a: 'x', b: 1, c: true, d: ['x'] })),
        (params, data) => {
          let request: Request;
          try {
            request = elicitationToRequest(params);
          } catch {
            return; // refused up front: elicitation-params.test.ts pins how
          }
          const inbox = new Inbox({ timeoutMs: null });
          const names = Object.keys(request.data?.schema?.properties ?? {});
          // Fill every field the form has, as a person would, plus whatever else was generated.
          const filled: Record<string, unknown> = { ...data };
          for (const name of names) if (!(name in filled)) filled[name] = 'aaaaaaaaaaaa';
          void inbox.enqueue(request, { serverId: 's', serverName: 'S' });
          try {
            inbox.answer({ id: request.id, ok: true, data: filled });
          } catch (error) {
            if (!(error instanceof InboxError)) {
              throw new Error(
                `answer threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}, not InboxError, for schema ${JSON.stringify(request.data?.schema).slice(0, 300)}`,
              );
            }
            expect(error.code).toBe('invalid-answer');
            expect(inbox.size).toBe(1);
            // A declined Request needs no check: the person can always get out.
            inbox.answer({ id: request.id, ok: false, reason: 'declined' });
          }
          expect(inbox.size).toBe(0);
        },
      ),
      { numRuns: RUNS.hostileSchemas },
    );
  });

  // Found by the property above. The SDK passes unknown keywords at the top of a
  // requestedSchema through, so these reach the inbox from a real server.
  it.each([
    ['allOf: 5', { allOf: 5 }],
    ['enum: 5', { enum: 5 }],
    ['a dangling $ref', { $ref: '#/$defs/missing' }],
    ['a $ref to a remote schema', { $ref: 'https://evil.example/schema.json' }],
  ])('sends or refuses with InboxError accepted content for a schema with %s at its top (or refuses the schema)', (_label, keyword) => {
    let request: Request;
    try {
      request = elicitationToRequest({ message: 'm', requestedSchema: { type: 'object', properties: { a: { type: 'string' } }, ...keyword } });
    } catch (error) {
      expect(error).toBeInstanceOf(ElicitationParamsError);
      return;
    }
    const inbox = new Inbox({ timeoutMs: null });
    void inbox.enqueue(request, { serverId: 's', serverName: 'S' });
    let thrown: unknown;
    try {
      inbox.answer({ id: request.id, ok: true, data: { a: 'x' } });
    } catch (error) {
      thrown = error;
    }
    // Either it is sent (the keyword was dropped) or refused as an Answer; never a TypeError.
    if (thrown !== undefined) expect(thrown).toBeInstanceOf(InboxError);
  });
});
