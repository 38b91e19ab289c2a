import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isolated, isolatedUrl } from '../../../lib/i18n';
import { fillRemote, pathProblems } from '../../../lib/registry/fill';
import type { RemoteOffer } from '../../../lib/registry/offer';

const remote: RemoteOffer = {
  transport: 'streamable-http',
  urlTemplate: 'https://{tenant}.weather.example/mcp',
  origin: 'https://{tenant}.weather.example',
  variables: [{ name: 'tenant', description: '', isRequired: true, isSecret: false }],
  headers: [
    { name: 'X-Api-Key', description: '', isRequired: true, isSecret: true },
    { name: 'X-Units', description: '', isRequired: false, isSecret: false, default: 'metric' },
    { name: 'X-Client', description: '', isRequired: false, isSecret: false, fixed: 'toolnexus' },
  ],
  warnings: [],
};

describe('fillRemote', () => {
  it("fills the URL template and the headers, with defaults and the publisher's fixed values", () => {
    expect(fillRemote(remote, { 'var:tenant': 'acme', 'header:X-Api-Key': 'k', 'header:X-Client': 'mine' })).toEqual({
      url: 'https://acme.weather.example/mcp',
      headers: { 'X-Api-Key': 'k', 'X-Units': 'metric', 'X-Client': 'toolnexus' },
    });
  });

  it('names every required field left empty, and an address left unfilled', () => {
    expect(() => fillRemote(remote, { 'var:tenant': '  ' })).toThrow(
      `Fill in ${isolated('tenant')} and ${isolated('X-Api-Key')} first: the publisher marks them required.`,
    );
    const open = { ...remote, variables: [{ ...remote.variables[0]!, isRequired: false }] };
    expect(() => fillRemote(open, { 'header:X-Api-Key': 'k' })).toThrow(`The address still has ${isolated('{tenant}')} in it; give it a value.`);
  });

  it('percent-encodes a value, so it cannot move the address to another host', () => {
    expect(() => fillRemote(remote, { 'var:tenant': 'evil.example/x@', 'header:X-Api-Key': 'k' })).toThrow(
      `With these values the address (${isolatedUrl('https://evil.example%2Fx%40.weather.example/mcp')}) is not a web address.`,
    );
    const inPath = { ...remote, urlTemplate: 'https://weather.example/{tenant}/mcp' };
    expect(fillRemote(inPath, { 'var:tenant': '@evil.example:443?', 'header:X-Api-Key': 'k' }).url).toBe(
      'https://weather.example/%40evil.example%3A443%3F/mcp',
    );
  });

  describe('a value that fills a part of the address’s path', () => {
    const tenant = { ...remote, urlTemplate: 'https://weather.example/t/{tenant}/mcp', origin: 'https://weather.example' };
    const fill = (value: string) => fillRemote(tenant, { 'var:tenant': value, 'header:X-Api-Key': 'k' });

    it('is refused, in words, when it would be a "." or ".." segment: the URL parser would move the request (/t/../mcp is /mcp)', () => {
      for (const value of ['..', ' .. ', '.', '%2e%2e', '%2E.', '.%2e', '%2e'])
        expect(() => fill(value), value).toThrow(
          /^\u2068tenant\u2069 cannot be “\u2068.+\u2069”: it fills a whole part of the address’s path, and would send the request to another path on the server\. Give another value\.$/,
        );
    });

    it('is refused when it holds a / or a \\, as typed or percent-encoded: it fills one part of the path', () => {
      for (const value of ['a/b', '..\\admin', 'x%2Fy', 'x%5cy'])
        expect(() => fill(value), value).toThrow(
          /^\u2068tenant\u2069 cannot hold “\/” or “\\”: it fills one part of the address’s path\. Give another value\.$/,
        );
    });

    it('may hold dots where they stay data: within a segment, more than two, or in the host', () => {
      expect(fill('...').url).toBe('https://weather.example/t/.../mcp');
      expect(fill('v1..2').url).toBe('https://weather.example/t/v1..2/mcp');
      const two = {
        ...tenant,
        urlTemplate: 'https://weather.example/t/{a}{b}/mcp',
        variables: ['a', 'b'].map((name) => ({ ...remote.variables[0]!, name })),
      };
      expect(pathProblems(two, { 'var:a': '.', 'var:b': '.' })).toEqual({
        a: expect.stringMatching(/^\u2068a\u2069 and \u2068b\u2069 cannot be “\u2068\.\.\u2069”/),
        b: expect.stringMatching(/^\u2068a\u2069 and \u2068b\u2069 cannot be “\u2068\.\.\u2069”/),
      });
      expect(pathProblems(two, { 'var:a': 'x', 'var:b': '.' })).toEqual({});
      expect(pathProblems(remote, { 'var:tenant': '..' })).toEqual({});
    });

    it('never moves the request out of its place in the path, whatever is typed (fast-check)', () => {
      const piece = fc.constantFrom('.', '..', '/', '\\', '%2e', '%2E', '%2f', '%5C', '%', 'a', ' ', '?', '#', '@', ':');
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join('')),
          ),
          (value) => {
            let url: string;
            try {
              url = fill(value).url;
            } catch {
              return;
            }
            const segments = new URL(url).pathname.split('/');
            expect(segments).toHaveLength(4);
            expect([segments[1], segments[3]]).toEqual(['t', 'mcp']);
            expect(decodeURIComponent(segments[2]!)).not.toMatch(/^\.{1,2}$|[/\\]/);
          },
        ),
        { numRuns: 2_000 },
      );
    });
  });

  describe("a header's own {variables}", () => {
    const token = { name: 'token', description: '', isRequired: true, isSecret: true };
    const bearer = (isRequired: boolean): RemoteOffer => ({
      ...remote,
      urlTemplate: 'https://weather.example/mcp',
      variables: [],
      headers: [
        { name: 'Authorization', description: '', isRequired, isSecret: false, fixed: 'Bearer {token}', variables: [{ ...token, isRequired }] },
      ],
    });

    it('puts the person’s value into the published one, as typed (a header is not a URL)', () => {
      expect(fillRemote(bearer(true), { 'header:Authorization/token': 'a/b+c=' }).headers).toEqual({ Authorization: 'Bearer a/b+c=' });
    });

    it('names a required one left empty, and leaves out an optional header rather than send it half-filled', () => {
      expect(() => fillRemote(bearer(true), {})).toThrow(`Fill in ${isolated('token (Authorization)')} first: the publisher marks it required.`);
      expect(fillRemote(bearer(false), {}).headers).toEqual({});
    });
  });
});
