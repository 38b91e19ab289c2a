import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeUrl as analyzeLater, LONG_URL_CHARACTERS, refusalOf, urlJudge, type UrlWarningCode } from '../../lib/urls';

// The judge is what `analyzeUrl` resolves to once the suffix list is in: the cases run it directly.
const analyzeUrl = await urlJudge();

/** A sentence as it reads: the isolates around the URL's parts in it (docs/i18n.md) left out. */
const read = (text: string | null | undefined) => text?.replace(/[\u2066-\u2069]/g, '') ?? null;

const LONG = `https://docs.example.com/${'a'.repeat(LONG_URL_CHARACTERS)}`;

interface Case {
  input: string;
  refused?: RegExp;
  warnings?: UrlWarningCode[];
  domain?: string | null;
  parts?: [string, string, string];
}

const cases: Case[] = [
  // Refused outright: nothing a person could consent to safely.
  { input: 'javascript:alert(document.cookie)', refused: /^The server asked to open a javascript: URL; refused\.$/ },
  { input: 'JaVaScRiPt:alert(1)', refused: /javascript: URL; refused/ },
  { input: ' java\tscript:alert(1)', refused: /javascript: URL; refused/ },
  { input: 'data:text/html,<script>alert(1)</script>', refused: /a data: URL; refused/ },
  { input: 'file:///etc/passwd', refused: /a file: URL; refused/ },
  { input: 'chrome://settings/passwords', refused: /a chrome: URL; refused/ },
  { input: 'chrome-extension://abcdefghijklmnop/options.html', refused: /a chrome-extension: URL; refused/ },
  { input: 'blob:https://example.com/1234', refused: /a blob: URL; refused/ },
  { input: 'ftp://files.example.com/x', refused: /a ftp: URL; refused/ },
  { input: 'http://example.com', refused: /example\.com over unencrypted http:.*Refused/ },
  { input: 'http://192.168.0.1/login', refused: /unencrypted http/ },
  { input: 'not a url', refused: /not a valid web address; refused/ },
  { input: '', refused: /not a valid web address/ },
  { input: 'https://', refused: /not a valid web address/ },
  // Allowed, nothing to warn about.
  { input: 'https://example.com/cb?x=1', warnings: [], domain: 'example.com', parts: ['', 'example.com', ''] },
  { input: 'https://accounts.google.com/o/oauth2/auth', warnings: [], domain: 'google.com', parts: ['accounts.', 'google.com', ''] },
  { input: 'https://auth.example.co.uk:8443/authorize', warnings: [], domain: 'example.co.uk', parts: ['auth.', 'example.co.uk', ':8443'] },
  { input: 'https://alice.github.io/app', domain: 'alice.github.io', parts: ['', 'alice.github.io', ''] },
  // Loopback: http allowed (local callbacks and dev servers), no IP warning.
  { input: 'https://127.0.0.1:8080', warnings: [], parts: ['', '127.0.0.1', ':8080'] },
  { input: 'http://127.0.0.1:3000/callback', warnings: [] },
  { input: 'http://127.9.9.9/', warnings: [] },
  { input: 'http://localhost:3000/cb', warnings: [], parts: ['', 'localhost', ':3000'] },
  { input: 'https://[::1]/', warnings: [], parts: ['', '[::1]', ''] },
  { input: 'http://[::1]:8080/', warnings: [] },
  { input: 'http://0x7f.1/', warnings: [] },
  // Warned about.
  { input: 'https://user:pw@host.example', warnings: ['credentials'] },
  { input: 'https://accounts.google.com@evil.example/', warnings: ['credentials'], domain: 'evil.example' },
  { input: 'https://xn--pple-43d.com', warnings: ['punycode', 'mixed-script'], domain: 'xn--pple-43d.com' },
  { input: 'https://аpple.com/', warnings: ['punycode', 'mixed-script'] },
  { input: 'https://xn--bcher-kva.de/', warnings: ['punycode'] },
  { input: 'https://192.168.0.1/', warnings: ['ip-address'], domain: null, parts: ['', '192.168.0.1', ''] },
  { input: 'https://8.8.8.8:443/', warnings: ['ip-address'] },
  { input: 'https://[2001:db8::1]:8443/x', warnings: ['ip-address'], parts: ['', '[2001:db8::1]', ':8443'] },
  { input: LONG, warnings: ['long'] },
  { input: 'https://a.b.c.d.e.f.example.com/', warnings: ['long'] },
  {
    input: 'https://accounts.google.com.evil.example/signin',
    warnings: ['deceptive', 'deceptive'],
    domain: 'evil.example',
    parts: ['accounts.google.com.', 'evil.example', ''],
  },
  { input: 'https://paypal-login.example/', warnings: ['deceptive'] },
  { input: 'https://g00gle.com/', warnings: ['deceptive'] },
  { input: 'https://rnicrosoft.com/', warnings: ['deceptive'] },
];

describe('analyzeUrl', () => {
  it.each(cases)('$input', ({ input, refused, warnings, domain, parts }) => {
    const analysis = analyzeUrl(input);
    if (refused) {
      expect(read(analysis.refused)).toMatch(refused);
      return;
    }
    expect(analysis.refused).toBeNull();
    if (warnings) expect(analysis.warnings.map((warning) => warning.code)).toEqual(warnings);
    if (domain !== undefined) expect(analysis.domain).toBe(domain);
    if (parts) {
      const [prefix, registrable, suffix] = parts;
      expect(analysis.hostParts).toEqual({ prefix, domain: registrable, suffix });
    }
  });

  it('is what analyzeUrl resolves to, and what refusalOf says it refuses', async () => {
    for (const { input } of cases) {
      expect(await analyzeLater(input)).toEqual(analyzeUrl(input));
      expect(refusalOf(input)).toBe(analyzeUrl(input).refused);
    }
  });

  it('shows the full href, including path, query and fragment, as the browser will open it', () => {
    const analysis = analyzeUrl('HTTPS://Auth.Example.com/authorize?client_id=a b&state=x#frag');
    expect(analysis.href).toBe('https://auth.example.com/authorize?client_id=a%20b&state=x#frag');
    expect(analysis.scheme).toBe('https:');
    expect(analysis.host).toBe('auth.example.com');
  });

  it('shows a punycode host in Unicode too, and says which real host it is', () => {
    const analysis = analyzeUrl('https://login.xn--pple-43d.com:444/');
    expect(analysis.host).toBe('login.xn--pple-43d.com:444');
    expect(analysis.unicodeHost).toBe('login.аpple.com:444');
    expect(analysis.warnings[0]?.message).toContain('xn--pple-43d.com');
    expect(analysis.warnings[1]?.message).toMatch(/mixes Cyrillic and Latin/);
  });

  it('isolates the parts of the URL it quotes, left to right, so a right-to-left sentence cannot reorder them', () => {
    const [warning] = analyzeUrl('https://login.xn--pple-43d.com:444/').warnings;
    expect(warning?.message).toContain('\u2066login.xn--pple-43d.com\u2069');
    expect(refusalOf('http://example.com/')).toContain('\u2066example.com\u2069');
  });

  it('names the real destination when the address hides it behind user@', () => {
    const [warning] = analyzeUrl('https://accounts.google.com:secret@evil.example/').warnings;
    expect(read(warning?.message)).toBe(
      'The address carries “accounts.google.com:…@” before the host: it does not go to accounts.google.com, it goes to evil.example.',
    );
  });

  it('names the lookalike domain hidden in the subdomains', () => {
    const messages = analyzeUrl('https://accounts.google.com.evil.example/').warnings.map((warning) => read(warning.message));
    expect(messages[0]).toMatch(/contains “google\.com”, but it belongs to evil\.example/);
  });

  it('does not call a brand’s own domain deceptive', () => {
    expect(analyzeUrl('https://login.microsoftonline.com/common/oauth2').warnings).toEqual([]);
    expect(analyzeUrl('https://github.com/login/oauth/authorize').warnings).toEqual([]);
  });

  it('never throws, and only lets https: or loopback http: through', () => {
    const candidates = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.webUrl({ withFragments: true, withQueryParameters: true }),
      fc.tuple(fc.constantFrom('http://', 'https://', 'javascript:', 'data:', 'HTTP://', ''), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(candidates, (input) => {
        const analysis = analyzeUrl(input);
        // The gate that needs no suffix list says exactly what the full analysis says.
        expect(refusalOf(input)).toBe(analysis.refused);
        if (analysis.refused !== null) return;
        const url = new URL(input);
        const loopback = ['localhost', '[::1]'].includes(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
        expect(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)).toBe(true);
        expect(analysis.hostParts.prefix + analysis.hostParts.domain + analysis.hostParts.suffix).toBe(analysis.host);
      }),
      { numRuns: 2000 },
    );
  });
});
