import { describe, expect, it } from 'vitest';
import { cfWorkerValidator } from '../../../lib/forms/rjsfValidator';
import { describeProblems, validate } from '../../../lib/forms/validate';
import { setCatalog } from '../../../lib/i18n';
import { nodeCatalog } from '../../../locales/read';

const deploySchema = {
  type: 'object',
  properties: {
    target: { type: 'string', enum: ['staging', 'prod'], title: 'Target' },
    replicas: { type: 'integer', minimum: 1, maximum: 10 },
    notify: { type: 'boolean' },
  },
  required: ['target', 'replicas'],
} as const;

describe('validate', () => {
  it('finds nothing wrong with content that fits', () => {
    expect(validate(deploySchema, { target: 'prod', replicas: 3, notify: true })).toEqual([]);
  });

  it('names each property that is wrong and how, once', () => {
    const problems = validate(deploySchema, { target: 'moon', replicas: 12 });
    expect(problems).toEqual([
      { path: 'target', message: expect.stringContaining('staging') },
      { path: 'replicas', message: '12 is greater than 10' },
    ]);
  });

  it('reports missing required properties by name', () => {
    expect(validate(deploySchema, {})).toEqual([
      { path: 'target', message: 'is required' },
      { path: 'replicas', message: 'is required' },
    ]);
  });

  it('describes problems in one readable line', () => {
    expect(describeProblems(validate(deploySchema, { target: 'prod', replicas: 0 }))).toBe('\u2068replicas\u2069: 0 is less than 1');
  });

  it('never evaluates code, so it runs under the MV3 CSP', () => {
    const original = globalThis.Function;
    globalThis.Function = (() => {
      throw new Error('eval attempted');
    }) as unknown as FunctionConstructor;
    try {
      expect(validate({ ...deploySchema, title: 'fresh' }, { target: 'prod', replicas: 2 })).toEqual([]);
    } finally {
      globalThis.Function = original;
    }
  });
});

describe('the rjsf validator adapter', () => {
  it('puts errors on the field they concern', () => {
    const { errors, errorSchema } = cfWorkerValidator.validateFormData({ target: 'prod', replicas: 99 }, deploySchema as never);
    expect(errors).toHaveLength(1);
    expect(errorSchema.replicas?.__errors).toEqual(['99 is greater than 10']);
  });

  it('merges custom validation', () => {
    const { errorSchema } = cfWorkerValidator.validateFormData({ target: 'prod', replicas: 2 }, deploySchema as never, (data, errors) => {
      if (data?.target === 'prod') errors.target?.addError('prod needs a second person');
      return errors;
    });
    expect(errorSchema.target?.__errors).toEqual(['prod needs a second person']);
  });

  it('answers isValid for a subschema using the root definitions', () => {
    const root = { $defs: { n: { type: 'number' } }, type: 'object', properties: {} } as never;
    expect(cfWorkerValidator.isValid({ $ref: '#/$defs/n' } as never, 3 as never, root)).toBe(true);
    expect(cfWorkerValidator.isValid({ $ref: '#/$defs/n' } as never, 'x' as never, root)).toBe(false);
  });
});

describe('a schema the validator cannot apply', () => {
  it('is a problem in itself, not a crash', () => {
    const problems = validate({ type: 'object', properties: {}, $ref: '#/nowhere' }, {});
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^the form’s schema cannot be checked/);
  });
});

describe('what is wrong, in words of the catalog (lib/forms/problems.ts)', () => {
  const problem = (schema: object, value: unknown) => validate({ type: 'object', properties: { v: schema } }, { v: value })[0]?.message;

  // Each limit is read from @cfworker/json-schema's own English: a new wording of theirs fails here, not on a card.
  it.each([
    [{ type: 'string', minLength: 3 }, 'ab', 'must be at least 3 characters long'],
    [{ type: 'string', minLength: 1 }, '', 'must be at least 1 character long'],
    [{ type: 'string', maxLength: 2 }, 'abc', 'must be at most 2 characters long'],
    [{ type: 'array', minItems: 2 }, [1], 'must have at least 2 items'],
    [{ type: 'array', maxItems: 1 }, [1, 2], 'must have at most 1 item'],
    [{ type: 'array', uniqueItems: true }, [1, 1], 'has the same item more than once'],
    [{ type: 'number', minimum: 5 }, 2, '2 is less than 5'],
    [{ type: 'number', exclusiveMinimum: 5 }, 5, '5 is not greater than 5'],
    [{ type: 'number', maximum: 5 }, 6, '6 is greater than 5'],
    [{ type: 'number', exclusiveMaximum: 5 }, 5, '5 is not less than 5'],
    [{ type: 'number', multipleOf: 3 }, 4, '4 is not a multiple of 3'],
    [{ type: 'integer' }, 1.5, 'must be a whole number'],
    [{ type: 'string' }, 3, 'must be text'],
    [{ type: 'boolean' }, 'yes', 'must be yes or no'],
    [{ type: ['string', 'null'] }, 3, 'has the wrong type (expected \u2068string, null\u2069)'],
    [{ type: 'string', format: 'email' }, 'nope', 'is not a valid email address'],
    [{ type: 'string', format: 'date' }, 'nope', 'is not a valid date'],
    [{ type: 'string', pattern: '^a' }, 'b', 'does not have the form the server expects'],
    [{ enum: ['a', 'b'] }, 'c', 'is not one of \u2068["a","b"]\u2069'],
    [{ const: 'a' }, 'b', 'must be \u2068"a"\u2069'],
    [{ oneOf: [{ const: 'a' }, { const: 'b' }] }, 'c', 'is not one of the choices offered'],
    [{ not: { const: 'a' } }, 'a', 'is a value the server does not accept'],
  ])('%j with %j: %s', (schema, value, words) => {
    expect(problem(schema, value)).toBe(words);
  });

  it('names a rule it has no words of its own for', () => {
    expect(problem({ type: 'object', minProperties: 2 }, {})).toBe('does not meet the schema’s “\u2068minProperties\u2069” rule');
  });

  it('says it in the person’s language, numbers as it writes them', async () => {
    setCatalog(await nodeCatalog('de'));
    try {
      expect(describeProblems(validate(deploySchema, { target: 'prod', replicas: 1234 }))).toBe('\u2068replicas\u2069: 1.234 ist größer als 10');
      expect(problem({ type: 'string', minLength: 3 }, 'ab')).toBe('muss mindestens 3 Zeichen lang sein');
      expect(describeProblems(validate(deploySchema, {}))).toBe('\u2068target\u2069: ist erforderlich und \u2068replicas\u2069: ist erforderlich');
    } finally {
      setCatalog(await nodeCatalog('en'));
    }
  });
});
