/**
 * Elicitation params come from an untrusted server. Whatever arrives, elicitationToRequest
 * either maps it onto a well-formed Request or refuses it with ElicitationParamsError
 * (-32602 and a message) — never any other error, and never touching a prototype.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkElicitationParams, elicitationToRequest, ElicitationParamsError } from '../../../lib/mcp/protocol';
import type { Request } from '../../../lib/request';
import { anyValue, anyWireParams, beyondSpec, elicitationFault, nearValidWire, short, validParams } from '../../fixtures/hostile-input';

const RUNS = { wire: 2_500, nearValid: 2_000, values: 500 } as const;

const whyInvalid = elicitationFault;

const ID = /^elc-([0-9a-z]+)-(\d+)$/;
let lastSequence = 0;
const counts = { accepted: 0, refused: 0 };

/** The invariants every Request handed to the inbox must hold. */
function expectWellFormed(request: Request, params: Record<string, unknown>, before: number, after: number): void {
  const match = ID.exec(request.id);
  expect(match, request.id).not.toBeNull();
  const ts = parseInt(match![1]!, 36);
  expect(ts).toBeGreaterThanOrEqual(before);
  expect(ts).toBeLessThanOrEqual(after);
  const sequence = Number(match![2]);
  expect(sequence).toBeGreaterThan(lastSequence);
  lastSequence = sequence;

  expect(request.prompt).toBe(params.message);
  const keys = Object.keys(request).sort();
  if (params.mode === 'url') {
    expect(request.kind).toBe('authorization');
    expect(request.url).toBe(params.url);
    expect(request.data).toBeNull();
    if (params.elicitationId === undefined) expect(keys).toEqual(['data', 'id', 'kind', 'prompt', 'url']);
    else expect(request.elicitationId).toBe(params.elicitationId);
  } else {
    expect(request.kind).toBe('input');
    expect(request.url).toBeNull();
    expect(keys).toEqual(['data', 'id', 'kind', 'prompt', 'url']);
    if (params.requestedSchema === undefined) {
      expect(request.data).toEqual({});
    } else {
      // The form has exactly the server's fields, of the server's types (keywords a client
      // cannot honour may be dropped), and the same required list.
      const sent = params.requestedSchema as { properties: Record<string, { type: unknown }>; required?: unknown };
      const schema = request.data!.schema!;
      expect(schema.type).toBe('object');
      expect(Object.keys(schema.properties)).toEqual(Object.keys(sent.properties));
      for (const [name, field] of Object.entries(sent.properties)) expect(schema.properties[name]!.type).toBe(field.type);
      expect(JSON.stringify(schema.required)).toBe(JSON.stringify(sent.required));
    }
  }
  // Everything in a Request survives the worker → panel port (JSON).
  expect(() => JSON.stringify(request)).not.toThrow();
}

function expectRefusal(error: unknown, label: string): void {
  if (!(error instanceof ElicitationParamsError)) {
    throw new Error(`${label}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : short(error)}, not ElicitationParamsError`);
  }
  expect(error.code).toBe(-32602);
  expect(error.name).toBe('ElicitationParamsError');
  expect(typeof error.message).toBe('string');
  expect(error.message.trim().length).toBeGreaterThan(0);
}

/**
 * Maps `params` and checks the outcome against the rules; returns whether it was accepted.
 * A schema beyond the spec's form subset (a `$ref`, a bad regex) may be refused up front or
 * accepted: what an Answer to it does is pinned in inbox.test.ts, how it renders in
 * rendering.test.tsx.
 */
function check(params: unknown, label: string): boolean {
  const eitherWay = beyondSpec(params);
  const before = Date.now();
  let request: Request | undefined;
  let error: unknown;
  try {
    request = elicitationToRequest(params);
  } catch (thrown) {
    error = thrown;
  }
  const after = Date.now();
  const invalid = whyInvalid(params);
  if (request) {
    expect(invalid, `${label}: accepted params the rules refuse (${invalid})`).toBeNull();
    expectWellFormed(request, params as Record<string, unknown>, before, after);
    expect(() => checkElicitationParams(params)).not.toThrow();
    counts.accepted += 1;
  } else {
    expectRefusal(error, label);
    if (!eitherWay) expect(invalid, `${label}: refused params the rules accept: ${(error as Error).message}`).not.toBeNull();
    counts.refused += 1;
  }
  expectUnpolluted();
  return request !== undefined;
}

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype] as const;
const pristine = PROTOTYPES.map((prototype) => Object.getOwnPropertyNames(prototype).sort().join());

function expectUnpolluted(): void {
  for (const [index, prototype] of PROTOTYPES.entries()) expect(Object.getOwnPropertyNames(prototype).sort().join()).toBe(pristine[index]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).type).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

afterAll(() => {
  console.info(
    `elicitation params: ${RUNS.wire + RUNS.nearValid + RUNS.values} generated cases, ${counts.accepted} accepted, ${counts.refused} refused`,
  );
});

describe(`elicitationToRequest on hostile params (${RUNS.wire + RUNS.nearValid + RUNS.values} generated cases)`, () => {
  it(`maps or refuses with -32602 whatever JSON arrives on the wire (${RUNS.wire} cases)`, () => {
    fc.assert(
      fc.property(anyWireParams, (wire) => {
        check(JSON.parse(wire.text) as unknown, `wire params ${String(wire[fc.toStringMethod]())}`);
      }),
      { numRuns: RUNS.wire },
    );
  });

  it(`accepts every valid params and refuses exactly the mutations that break the rules (${RUNS.nearValid} cases)`, () => {
    fc.assert(
      fc.property(nearValidWire, ({ wire, mutations }) => {
        const accepted = check(JSON.parse(wire.text) as unknown, `after ${JSON.stringify(mutations)}`);
        if (mutations.length === 0) expect(accepted).toBe(true);
      }),
      { numRuns: RUNS.nearValid },
    );
  });

  it(`maps or refuses with -32602 values no wire carries: Map, BigInt, null prototypes (${RUNS.values} cases)`, () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        check(value, 'value');
      }),
      { numRuns: RUNS.values },
    );
  });

  it('valid params stay acceptable however often they are mapped, each time with a fresh, larger id', () => {
    fc.assert(
      fc.property(validParams, fc.integer({ min: 2, max: 5 }), (params, times) => {
        const ids = Array.from({ length: times }, () => elicitationToRequest(params).id);
        expect(new Set(ids).size).toBe(times);
      }),
      { numRuns: 100 },
    );
  });
});

describe('elicitation params nested deeper than the stack', () => {
  // Found by the properties above: describing the bad value with JSON.stringify recursed
  // once per level, so the refusal itself overflowed the stack (RangeError, not -32602).
  it.each([
    ['mode', (deep: unknown) => ({ message: 'm', mode: deep })],
    ['property type', (deep: unknown) => ({ message: 'm', requestedSchema: { type: 'object', properties: { a: { type: deep } } } })],
  ])('refuses a %s nested 10,000 levels deep with -32602', (_label, build) => {
    const params = build(JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`));
    let thrown: unknown;
    try {
      elicitationToRequest(params);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ElicitationParamsError);
    expect((thrown as ElicitationParamsError).code).toBe(-32602);
  });
});
