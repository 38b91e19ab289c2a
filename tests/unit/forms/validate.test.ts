import { describe, expect, it } from 'vitest';
import { cfWorkerValidator } from '../../../lib/forms/rjsfValidator';
import { describeProblems, validate } from '../../../lib/forms/validate';

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
    expect(describeProblems(validate(deploySchema, { target: 'prod', replicas: 0 }))).toBe('replicas: 0 is less than 1');
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
    expect(problems[0]!.message).toMatch(/^the form's schema cannot be checked/);
  });
});
