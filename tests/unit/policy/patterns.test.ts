/**
 * The address patterns of a policy: what each part matches, what cannot be read, and above all
 * that a wildcard in the host never reaches into the path (the hole in a plain glob, where
 * `https://*.example.com/*` matches `https://evil.test/.example.com/`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../../lib/policy';
import { readHostPattern, readUrlPattern, type UrlPattern, urlMatches } from '../../../lib/policy/patterns';

function pattern(text: string): UrlPattern {
  const read = readUrlPattern(text);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}
const matches = (text: string, url: string) => urlMatches(pattern(text), canonicalUrl(url)!);

describe('URL patterns', () => {
  it.each([
    ['https://mcp.example.com/*', 'https://mcp.example.com/mcp', true],
    ['https://mcp.example.com/*', 'https://MCP.EXAMPLE.COM./v1/mcp', true],
    ['https://mcp.example.com/*', 'http://mcp.example.com/mcp', false],
    ['https://mcp.example.com/*', 'https://mcp.example.com:8443/mcp', false],
    ['https://mcp.example.com:*/*', 'https://mcp.example.com:8443/mcp', true],
    ['https://mcp.example.com:443/mcp', 'https://mcp.example.com/mcp', true],
    ['https://mcp.example.com', 'https://mcp.example.com/any/path', true],
    ['https://mcp.example.com/', 'https://mcp.example.com/mcp', false],
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp?tenant=x', true],
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp/', false],
    ['https://mcp.example.com/m*p', 'https://mcp.example.com/m/a/p', true],
    ['https://*.example.com/*', 'https://a.b.example.com/mcp', true],
    ['https://*.example.com/*', 'https://example.com/mcp', false],
    ['https://*.example.com/*', 'https://badexample.com/mcp', false],
    ['https://*.example.com/*', 'https://example.com.evil.test/mcp', false],
    ['*://mcp.example.com/*', 'http://mcp.example.com/mcp', true],
    ['http://localhost:*/*', 'http://localhost:3000/mcp', true],
    ['*://*', 'https://anything.test/at/all', true],
    ['https://münchen.de/*', 'https://xn--mnchen-3ya.de/mcp', true],
    ['https://mcp.example.com/%6dcp', 'https://mcp.example.com/mcp', true],
    ['https://[::1]:3000/*', 'https://[::1]:3000/mcp', true],
  ])('%s against %s: %s', (text, url, expected) => {
    expect(matches(text, url)).toBe(expected);
  });

  it('never lets a host wildcard reach into the path, whatever the path holds', () => {
    const trick = fc.constantFrom('.example.com', 'example.com', '@mcp.example.com', '/.example.com/', '%2e.example.com', '*.example.com');
    const label = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
    fc.assert(
      fc.property(label, fc.array(fc.oneof(trick, label), { maxLength: 5 }), (host, segments) => {
        fc.pre(host !== 'example');
        const url = `https://${host}.test/${segments.join('/')}`;
        expect(matches('https://*.example.com/*', url)).toBe(false);
        expect(matches('*://*.example.com', url)).toBe(false);
      }),
    );
  });

  it.each([
    ['*', /only a wildcard/],
    ['**', /only a wildcard/],
    ['https://mcp-*.example.com/*', /whole labels only/],
    ['https://*example.com/*', /whole labels only/],
    ['https://example.*/*', /whole labels only/],
    ['https://mcp.example.com/mcp?x=1', /no \?query/],
    ['https://user@mcp.example.com/*', /user name/],
    ['ftp://mcp.example.com/*', /http: or https:/],
    ['mcp.example.com/*', /not an address pattern/],
    ['https://mcp.example.com:99999/*', /port must be/],
    ['https://mcp.example.com:x/*', /port must be/],
  ])('refuses %s, saying why', (text, why) => {
    const read = readUrlPattern(text);
    expect('problem' in read && read.problem).toMatch(why);
  });
});

describe('host patterns', () => {
  it('reads a host, or *.domain, and refuses a lone wildcard where it would mean "anywhere"', () => {
    expect(readHostPattern('Docs.Example.com', false)).toEqual({ kind: 'exact', host: 'docs.example.com' });
    expect(readHostPattern('*.example.com', false)).toEqual({ kind: 'subdomains', domain: 'example.com' });
    expect(readHostPattern('*', false)).toMatchObject({ problem: expect.stringMatching(/only a wildcard/) });
    expect(readHostPattern('*.*.com', false)).toMatchObject({ problem: expect.stringMatching(/whole labels/) });
  });
});
