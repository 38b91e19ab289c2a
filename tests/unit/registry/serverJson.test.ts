import { describe, expect, it } from 'vitest';
import { fillRemote, parseServerJson, readServerJson, ServerJsonError } from '../../../lib/registry/serverJson';

const manifest = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'io.github.example/weather',
  title: 'Weather',
  description: 'Forecasts by city.',
  version: '1.2.0',
  remotes: [
    {
      type: 'streamable-http',
      url: 'https://{tenant}.weather.example/mcp',
      variables: { tenant: { description: 'Your tenant', isRequired: true } },
      headers: [
        { name: 'X-Api-Key', description: 'API key', isRequired: true, isSecret: true },
        { name: 'X-Units', default: 'metric' },
      ],
    },
    { type: 'sse', url: 'http://127.0.0.1:9000/sse' },
  ],
  packages: [{ registryType: 'npm', identifier: '@example/weather', version: '1.2.0', transport: { type: 'stdio' } }],
};

const problemsOf = (value: unknown) => {
  try {
    readServerJson(value);
  } catch (error) {
    if (error instanceof ServerJsonError) return error.problems;
    throw error;
  }
  throw new Error('accepted');
};

describe('readServerJson', () => {
  it('turns remotes into offers with their variables and headers, and lists packages as skipped with why', () => {
    const read = parseServerJson(JSON.stringify(manifest));
    expect(read).toMatchObject({ name: 'io.github.example/weather', title: 'Weather', version: '1.2.0' });
    expect(read.remotes).toHaveLength(2);
    expect(read.remotes[0]).toEqual({
      transport: 'streamable-http',
      urlTemplate: 'https://{tenant}.weather.example/mcp',
      variables: [{ name: 'tenant', description: 'Your tenant', isRequired: true, isSecret: false }],
      headers: [
        { name: 'X-Api-Key', description: 'API key', isRequired: true, isSecret: true },
        { name: 'X-Units', description: '', isRequired: false, isSecret: false, default: 'metric' },
      ],
    });
    expect(read.skipped).toEqual([{ what: 'npm @example/weather', reason: expect.stringContaining('cannot start') }]);
  });

  it('says each problem of a manifest that does not match the schema, by its path', () => {
    const problems = problemsOf({ name: 'no-slash', description: 'x'.repeat(5 * 1024 * 1024), remotes: [{ type: 'stdio', url: 'x' }] });
    expect(problems).toEqual([
      'name "no-slash" must look like "io.github.owner/server"',
      `description is ${5 * 1024 * 1024} characters; the schema allows at most 100`,
      'version must be a non-empty string',
      'remotes[0].type must be "streamable-http" or "sse", not "stdio"',
    ]);
  });

  it('refuses javascript:, plain http off this computer, and undeclared variables', () => {
    const base = { name: 'a.b/c', description: 'd', version: '1' };
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'javascript:alert(1)' }] })[0]).toMatch(
      /remotes\[0\]\.url .*javascript: URL; refused/,
    );
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'http://mcp.example/sse' }] })[0]).toMatch(/only https: is allowed/);
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'https://x.example/{region}' }] })).toEqual([
      'remotes[0].variables does not declare {region}, which the url uses',
    ]);
  });

  it('gives one clear error for text that is not JSON or is far too big', () => {
    expect(() => parseServerJson('{ nope')).toThrow(/not JSON/);
    expect(() => parseServerJson(' '.repeat(300 * 1024))).toThrow(/at most 262144/);
    expect(() => parseServerJson('[]')).toThrow(/top level must be a JSON object/);
  });
});

describe('fillRemote', () => {
  const [remote] = parseServerJson(JSON.stringify(manifest)).remotes;
  if (!remote) throw new Error('no remote');

  it('fills the URL template and headers, with defaults', () => {
    expect(fillRemote(remote, { tenant: 'acme', 'X-Api-Key': 'k' })).toEqual({
      url: 'https://acme.weather.example/mcp',
      headers: { 'X-Api-Key': 'k', 'X-Units': 'metric' },
    });
  });

  it('names every required field left empty and refuses a value that makes the URL unsafe', () => {
    expect(() => fillRemote(remote, {})).toThrow('Fill in tenant, X-Api-Key first.');
    const open = { ...remote, variables: [{ ...remote.variables[0], isRequired: false }] } as typeof remote;
    expect(() => fillRemote(open, { 'X-Api-Key': 'k' })).toThrow('The address still has {tenant} unfilled');
  });
});
