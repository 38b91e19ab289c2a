import { describe, expect, it } from 'vitest';
import { answerToElicitResult, elicitationToRequest, ElicitationParamsError } from '../../../lib/mcp/protocol';

// The reference page's three examples (docs/mapping.md), assertion for assertion.
describe('seed example 1: a form-mode elicitation becomes a kind "input" request', () => {
  it('maps message, schema and id', () => {
    const params = {
      message: 'What is your deployment target?',
      requestedSchema: {
        type: 'object',
        properties: { target: { type: 'string', enum: ['staging', 'prod'] } },
      },
    };
    const req = elicitationToRequest(params);
    expect(req.kind === 'input').toBe(true);
    expect(req.prompt === 'What is your deployment target?').toBe(true);
    expect(req.url === null).toBe(true);
    expect(req.data?.schema?.properties.target?.enum).toEqual(['staging', 'prod']);
    expect(req.id.startsWith('elc-')).toBe(true);
  });
});

describe('seed example 2: a URL-mode elicitation becomes a kind "authorization" request', () => {
  it('maps message and url, with no data', () => {
    const params = {
      mode: 'url',
      message: 'Authorize toolnexus to access your calendar',
      url: 'https://example.com/oauth/authorize?state=abc123',
    };
    const req = elicitationToRequest(params);
    expect(req.kind === 'authorization').toBe(true);
    expect(req.prompt === 'Authorize toolnexus to access your calendar').toBe(true);
    expect(req.url === 'https://example.com/oauth/authorize?state=abc123').toBe(true);
    expect(req.data === null).toBe(true);
  });
});

describe('seed example 3: an Answer round-trips to the MCP result shape', () => {
  it('accepts with data', () => {
    expect(answerToElicitResult({ id: 'a1', ok: true, data: { target: 'prod' } })).toEqual({
      action: 'accept',
      content: { target: 'prod' },
    });
  });
  it('accepts with empty content when ok carries no data', () => {
    expect(answerToElicitResult({ id: 'a2', ok: true })).toEqual({ action: 'accept', content: {} });
  });
  it('declines only on an explicit "declined" reason', () => {
    expect(answerToElicitResult({ id: 'a3', ok: false, reason: 'declined' })).toEqual({ action: 'decline' });
  });
  it('cancels on any other reason, e.g. a timeout upstream', () => {
    expect(answerToElicitResult({ id: 'a4', ok: false, reason: 'timeout' })).toEqual({ action: 'cancel' });
    expect(answerToElicitResult({ id: 'a5', ok: false })).toEqual({ action: 'cancel' });
  });
});

describe('request ids', () => {
  it('are elc-<Date.now() in base 36>-<sequence> with a sequence that only grows', () => {
    const before = Date.now();
    const ids = Array.from({ length: 50 }, () => elicitationToRequest({ message: 'm' }).id);
    const after = Date.now();
    const parsed = ids.map((id) => {
      const match = /^elc-([0-9a-z]+)-(\d+)$/.exec(id);
      expect(match, id).not.toBeNull();
      return { ts: parseInt(match![1]!, 36), seq: Number(match![2]) };
    });
    for (const { ts } of parsed) {
      expect(ts).toBeGreaterThanOrEqual(before);
      expect(ts).toBeLessThanOrEqual(after);
    }
    for (let i = 1; i < parsed.length; i += 1) expect(parsed[i]!.seq).toBeGreaterThan(parsed[i - 1]!.seq);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('untrusted params are refused with a typed error that says what is wrong', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['not an object', 'hello', /must be an object/],
    ['an array', [], /must be an object/],
    ['null', null, /must be an object/],
    ['no message', { requestedSchema: { type: 'object', properties: {} } }, /string "message"/],
    ['a non-string message', { message: 42 }, /string "message"/],
    ['url mode without a url', { mode: 'url', message: 'm' }, /parseable "url"/],
    ['url mode with an unparseable url', { mode: 'url', message: 'm', url: 'not a url' }, /parseable "url"/],
    ['a schema that is not an object schema', { message: 'm', requestedSchema: { type: 'string' } }, /object schema/],
    ['a schema without properties', { message: 'm', requestedSchema: { type: 'object' } }, /object schema/],
    ['a property that is not a schema', { message: 'm', requestedSchema: { type: 'object', properties: { a: 1 } } }, /property "a"/],
    ['a malformed required list', { message: 'm', requestedSchema: { type: 'object', properties: {}, required: 'a' } }, /required/],
    ['an unknown mode', { mode: 'telepathy', message: 'm' }, /Unknown elicitation mode "telepathy"/],
  ];
  it.each(cases)('%s', (_label, params, message) => {
    const attempt = () => elicitationToRequest(params);
    expect(attempt).toThrow(ElicitationParamsError);
    expect(attempt).toThrow(message);
    try {
      attempt();
    } catch (error) {
      expect((error as ElicitationParamsError).code).toBe(-32602);
    }
  });
});

describe('URL-mode elicitation ids (2025-11-25)', () => {
  it('keeps the server’s elicitationId so its completion can be matched', () => {
    const request = elicitationToRequest({ mode: 'url', message: 'm', url: 'https://a.example/x', elicitationId: 'e-1' });
    expect(request.elicitationId).toBe('e-1');
    expect('elicitationId' in elicitationToRequest({ mode: 'url', message: 'm', url: 'https://a.example/' })).toBe(false);
  });
  it('refuses an elicitationId that is not a string', () => {
    expect(() => elicitationToRequest({ mode: 'url', message: 'm', url: 'https://a.example/', elicitationId: 7 })).toThrow(ElicitationParamsError);
  });
});

describe('schemas outside the flat form subset', () => {
  it.each([
    ['a $ref at the top', { $ref: 'https://evil.example/schema.json' }, /"\$ref"/],
    ['allOf at the top', { allOf: 5 }, /"allOf"/],
    ['a nested object field', { properties: { a: { type: 'string', properties: {} } } }, /property "a" may not use "properties"/],
    ['a $ref in a list field', { properties: { a: { type: 'array', items: { $ref: '#/x' } } } }, /property "a" may not use "\$ref"/],
  ])('refuses %s with -32602, before anyone is asked', (_label, extra, message) => {
    const schema = { type: 'object', properties: {}, ...extra };
    expect(() => elicitationToRequest({ message: 'm', requestedSchema: schema })).toThrow(message);
  });

  it('still takes titled options on a field', () => {
    const field = { type: 'string', oneOf: [{ const: 'a', title: 'A' }] };
    expect(elicitationToRequest({ message: 'm', requestedSchema: { type: 'object', properties: { f: field } } }).kind).toBe('input');
  });

  it('names a deeply nested mode without choking on it', () => {
    let mode: unknown = 'x';
    for (let i = 0; i < 10_000; i += 1) mode = { mode };
    expect(() => elicitationToRequest({ message: 'm', mode })).toThrow('Unknown elicitation mode an object');
  });
});
