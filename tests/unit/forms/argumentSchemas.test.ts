import { describe, expect, it } from 'vitest';
import { promptArguments, promptSchema, templateSchema } from '../../../lib/forms/argumentSchemas';

describe('resource template forms', () => {
  it('asks for each variable', () => {
    expect(templateSchema(['name', 'lang'])).toEqual({
      type: 'object',
      properties: { name: { type: 'string', title: 'name' }, lang: { type: 'string', title: 'lang' } },
      required: ['name', 'lang'],
    });
  });
});

describe('prompt argument forms', () => {
  it('builds string fields, required where declared, and drops empty optional values', () => {
    const schema = promptSchema({
      name: 'review_code',
      arguments: [{ name: 'code', description: 'The code', required: true }, { name: 'language' }],
    });
    expect(schema.required).toEqual(['code']);
    expect(schema.properties.code).toEqual({ type: 'string', title: 'code', description: 'The code' });
    expect(promptArguments({ code: 'x', language: '' })).toEqual({ code: 'x' });
  });
});
