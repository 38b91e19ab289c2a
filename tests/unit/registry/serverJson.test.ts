import { describe, expect, it } from 'vitest';
import { parseServerJson as parseWith, readServerJson as readWith, ServerJsonError } from '../../../lib/registry/serverJson';
import { urlJudge } from '../../../lib/urls';

const judge = await urlJudge();
const readServerJson = (value: unknown) => readWith(value, judge);
const parseServerJson = (source: string) => parseWith(source, judge);

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
        { name: 'X-Client', value: 'toolnexus' },
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
      origin: 'https://{tenant}.weather.example',
      variables: [{ name: 'tenant', description: 'Your tenant', isRequired: true, isSecret: false }],
      headers: [
        { name: 'X-Api-Key', description: 'API key', isRequired: true, isSecret: true },
        { name: 'X-Units', description: '', isRequired: false, isSecret: false, default: 'metric' },
        // A publisher's `value` "should not be configurable by end users" (openapi.yaml Input.value).
        { name: 'X-Client', description: '', isRequired: false, isSecret: false, fixed: 'toolnexus' },
      ],
      warnings: [],
    });
    expect(read.skipped).toEqual([{ what: 'npm @example/weather', reason: expect.stringContaining('cannot start') }]);
  });

  it('names a skipped package by what the registry gives, and by nothing of its own when it gives nothing', () => {
    const packages = [{ identifier: 'weather-mcp' }, { registryType: 'oci' }, {}, 'not a package'];
    const read = parseServerJson(JSON.stringify({ ...manifest, packages }));
    expect(read.skipped.map((part) => part.what)).toEqual(['weather-mcp', 'oci', undefined, undefined]);
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
      /remotes\[0\]\.url .*javascript:\u2069 URL; refused/,
    );
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'http://mcp.example/sse' }] })[0]).toMatch(/only https: is allowed/);
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'https://x.example/{region}' }] })).toEqual([
      'remotes[0].variables does not declare {region}, which the url uses',
    ]);
  });

  it("reads a header's own {variables}, each of its value's {…} declared", () => {
    const base = { name: 'a.b/c', description: 'd', version: '1' };
    const bearer = { name: 'Authorization', value: 'Bearer {token}', isRequired: true, variables: { token: { isSecret: true, isRequired: true } } };
    const read = readServerJson({ ...base, remotes: [{ type: 'sse', url: 'https://x.example/sse', headers: [bearer] }] });
    expect(read.remotes[0]?.headers).toEqual([
      {
        name: 'Authorization',
        description: '',
        isRequired: true,
        isSecret: false,
        fixed: 'Bearer {token}',
        variables: [{ name: 'token', description: '', isRequired: true, isSecret: true }],
      },
    ]);
    const undeclared = { ...bearer, value: 'Bearer {token} {scope}' };
    expect(problemsOf({ ...base, remotes: [{ type: 'sse', url: 'https://x.example/sse', headers: [undeclared] }] })).toEqual([
      'remotes[0].headers[0].variables does not declare {scope}, which remotes[0].headers[0].value uses',
    ]);
  });

  it('gives one clear error for text that is not JSON or is far too big', () => {
    expect(() => parseServerJson('{ nope')).toThrow(/not JSON/);
    expect(() => parseServerJson(' '.repeat(300 * 1024))).toThrow(/at most 262144/);
    expect(() => parseServerJson('[]')).toThrow(/top level must be a JSON object/);
  });
});

describe('what a registry says of a server is its claim', () => {
  const remote = (name: string, url: string) => readServerJson({ name, description: 'd', version: '1', remotes: [{ type: 'sse', url }] }).remotes[0]!;

  it('shows a name that claims another domain with where it is really served from', () => {
    expect(remote('com.github/official', 'https://mcp.evil.example/sse').warnings).toEqual([
      "Its name claims github.com, but it is served from mcp.evil.example: the name is the publisher's word, the address is where your data goes.",
    ]);
    expect(remote('com.example.tools/x', 'https://mcp.example.com/sse').warnings).toEqual([]);
    // io.github.<owner> names a GitHub account, not a domain.
    expect(remote('io.github.someone/x', 'https://someone.example/sse').warnings).toEqual([]);
  });

  it('carries the URL analysis of every other URL the panel shows, and keeps only data: icons', () => {
    expect(remote('io.github.a/b', 'https://xn--pypal-4ve.example/sse').warnings[0]).toMatch(/internationalized name/);
    const read = readServerJson({
      name: 'io.github.a/b',
      description: 'd',
      version: '1',
      icons: [
        { src: 'https://tracker.example/i.png' },
        { src: 'data:image/png;base64,AAAA' },
        { src: `data:image/png;base64,${'A'.repeat(70_000)}` },
      ],
    });
    expect(read.icons).toEqual([{ src: 'data:image/png;base64,AAAA' }]);
  });
});

describe('a URL template', () => {
  it('is judged with its variables in any place, the port included', () => {
    const read = readServerJson({
      name: 'io.github.a/b',
      description: 'd',
      version: '1',
      remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:{port}/mcp', variables: { port: { isRequired: true } } }],
    });
    expect(read.remotes[0]).toMatchObject({ origin: 'http://127.0.0.1:{port}', warnings: [] });
  });
});
