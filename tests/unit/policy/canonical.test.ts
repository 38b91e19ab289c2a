/**
 * A server's address written one way before any policy looks at it: the same server however it
 * is typed, and a different server never made to look like a listed one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '../../../lib/policy';
import { canonicalHost } from '../../../lib/policy/canonical';

const href = (input: string) => canonicalUrl(input)?.href;

describe('canonicalUrl', () => {
  it.each([
    ['HTTPS://MCP.Example.COM/mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com:443/mcp', 'https://mcp.example.com/mcp'],
    ['http://127.0.0.1:80/mcp', 'http://127.0.0.1/mcp'],
    ['https://mcp.example.com:8443/mcp', 'https://mcp.example.com:8443/mcp'],
    ['https://mcp.example.com./mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com../mcp', 'https://mcp.example.com/mcp'],
    ['https://m%63p.ex%41mple.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://münchen.de/mcp', 'https://xn--mnchen-3ya.de/mcp'],
    ['https://ＭＣＰ.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://alice:secret@mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com/a/../mcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com/%6dcp', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com/a%2fb', 'https://mcp.example.com/a%2Fb'],
    ['https://mcp.example.com/mcp?tenant=a#x', 'https://mcp.example.com/mcp'],
    ['https://mcp.example.com', 'https://mcp.example.com/'],
    ['http://0x7f.1:3000/mcp', 'http://127.0.0.1:3000/mcp'],
    ['http://[::1]:3000/mcp', 'http://[::1]:3000/mcp'],
  ])('%s is %s', (input, expected) => {
    expect(href(input)).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'ftp://example.com/', 'not a url', '', 'https://./mcp'])(
    '%s is no server address',
    (input) => {
      expect(canonicalUrl(input)).toBeNull();
    },
  );

  it('keeps the host apart from the user name that imitates one', () => {
    expect(canonicalUrl('https://mcp.example.com@evil.test/mcp')?.host).toBe('evil.test');
  });

  it('is idempotent and ignores the case of scheme and host, for any host and path', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.stringMatching(/^(\/[A-Za-z0-9._~-]{0,8}){0,4}$/),
        fc.boolean(),
        (labels, path, dot) => {
          const host = `${labels.join('.')}.test`;
          const canonical = canonicalUrl(`https://${host}${dot ? '.' : ''}${path}`)!;
          expect(canonicalUrl(canonical.href)).toEqual(canonical);
          expect(canonicalUrl(`HTTPS://${host.toUpperCase()}:443${path}`)?.href).toBe(canonical.href);
        },
      ),
    );
  });
});

describe('canonicalHost', () => {
  it('gives what the URL parser gives, for any host made of letters, digits, hyphens and dots (its fast path included)', () => {
    const label = fc.stringMatching(/^(xn--)?[a-zA-Z0-9-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '.', '..'), (labels, dots) => {
        const text = `${labels.join('.')}${dots}`;
        const parsed = URL.canParse(`http://${text}/`) ? new URL(`http://${text}/`).hostname.replace(/\.+$/, '') || null : null;
        expect(canonicalHost(text)).toBe(parsed);
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes a host name one way, and refuses anything more than a host', () => {
    expect(canonicalHost('Docs.Example.COM.')).toBe('docs.example.com');
    expect(canonicalHost('bücher.example')).toBe('xn--bcher-kva.example');
    for (const bad of ['docs.example.com/path', 'a@b', 'docs.example.com:8080', '', 'two words']) expect(canonicalHost(bad)).toBeNull();
  });
});
