/**
 * What a person needs to know about a URL before agreeing to open it: where it really
 * goes and whether it is dressed up to look like somewhere else. Used by URL-mode
 * elicitation and OAuth consent cards. Pure: no DOM, no Node built-ins, so the MV3
 * worker, the side panel and Node tests all run the same code.
 *
 * spec 2025-11-25 client/elicitation (URL mode): clients MUST show the full URL and the
 * domain before consent, and SHOULD warn about punycode / lookalike hosts.
 */
import type { parse } from 'tldts';
import { formatList, scriptName } from './i18n/format';
import { isolated, isolatedUrl, t, tn } from './i18n';

/** tldts's `parse`: the Public Suffix List's verdict on a hostname. */
type SuffixParse = typeof parse;

export type UrlWarningCode = 'punycode' | 'mixed-script' | 'credentials' | 'ip-address' | 'long' | 'deceptive';

export interface UrlWarning {
  code: UrlWarningCode;
  /**
   * One sentence a person can act on, in the language of whoever judged the URL (the worker's is
   * the panel's: docs/i18n.md); quotes the part of the URL it is about, isolated left to right.
   */
  message: string;
}

/** The host cut in three so a UI can bold `domain`: `prefix + domain + suffix === host`. */
export interface HostParts {
  /** Subdomains with their trailing dot, e.g. `accounts.google.com.`. */
  prefix: string;
  /** The registrable domain (`evil.example`), or the whole hostname for IPs and single labels. */
  domain: string;
  /** `:port` when the URL has one, else empty. */
  suffix: string;
}

export interface UrlAnalysis {
  /** What was given, untouched. */
  input: string;
  /** The URL as the browser will open it (WHATWG-normalized); `null` when it does not parse. */
  href: string | null;
  /** `https:`, `http:`, `javascript:`, …; `null` when the input does not parse. */
  scheme: string | null;
  /** Hostname and port as the network sees them (IDN labels in their `xn--` form). */
  host: string;
  /** The host with IDN labels decoded, when that differs from `host`; show it next to `host`. */
  unicodeHost: string | null;
  /** The registrable domain per the Public Suffix List, private suffixes included (`user.github.io`). */
  domain: string | null;
  hostParts: HostParts;
  /** Why the URL must not be opened at all; `null` when it may be offered to the person. */
  refused: string | null;
  warnings: UrlWarning[];
}

/** Past this many characters a URL is long enough to hide its real destination off-screen. */
export const LONG_URL_CHARACTERS = 512;
/** More subdomain labels than this in front of the registrable domain is unusual. */
const MAX_PLAIN_SUBDOMAINS = 4;
/** DNS caps a label at 63 octets; the WHATWG parser does not, so a longer one is a red flag. */
const MAX_LABEL_LENGTH = 63;

/**
 * Brands that phishing pages imitate most, and the domains that really are theirs. Kept
 * short on purpose: it catches `paypal-login.example`, not every lookalike in the world.
 */
const BRANDS: Record<string, string[]> = {
  google: ['google.com', 'googleusercontent.com', 'googleapis.com'],
  apple: ['apple.com', 'icloud.com'],
  microsoft: ['microsoft.com', 'microsoftonline.com', 'live.com'],
  github: ['github.com', 'github.io'],
  gitlab: ['gitlab.com'],
  paypal: ['paypal.com'],
  amazon: ['amazon.com', 'amazonaws.com'],
  facebook: ['facebook.com'],
  okta: ['okta.com'],
  slack: ['slack.com'],
  openai: ['openai.com'],
  anthropic: ['anthropic.com', 'claude.ai'],
};

const EMPTY_PARTS: HostParts = { prefix: '', domain: '', suffix: '' };

function refusedAnalysis(input: string, refused: string, url?: URL): UrlAnalysis {
  return {
    input,
    href: url?.href ?? null,
    scheme: url?.protocol ?? null,
    host: url?.host ?? '',
    unicodeHost: null,
    domain: null,
    hostParts: url ? { prefix: '', domain: url.hostname, suffix: url.port ? `:${url.port}` : '' } : EMPTY_PARTS,
    refused,
    warnings: [],
  };
}

function isIpv4(hostname: string): boolean {
  // The WHATWG parser has already turned every IPv4 spelling (hex, octal, one number) into dotted quads.
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** 127.0.0.0/8, ::1 and `localhost`: addresses that never leave this computer. */
export function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return isIpv4(hostname) && hostname.startsWith('127.');
}

// RFC 3492 punycode decoding, for showing `xn--` labels as the letters a person would see.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 → 26-35
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z → 0-25
  return BASE;
}

/** Decodes one punycode label body (without `xn--`); `null` when it is not valid punycode. */
function decodePunycode(encoded: string): string | null {
  const split = encoded.lastIndexOf('-');
  const output = split > 0 ? Array.from(encoded.slice(0, split), (c) => c.codePointAt(0)!) : [];
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let index = split > 0 ? split + 1 : 0; index < encoded.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= encoded.length) return null;
      const digit = digitValue(encoded.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (w > 0x10ffff) return null;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function toUnicodeLabel(label: string): string {
  if (!label.startsWith('xn--')) return label;
  return decodePunycode(label.slice(4)) ?? label;
}

/** Scripts by their ISO 15924 code, which Intl.DisplayNames names in the person's language. */
const SCRIPTS: Array<[string, RegExp]> = [
  ['Latn', /\p{Script=Latin}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Armn', /\p{Script=Armenian}/u],
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Arab', /\p{Script=Arabic}/u],
  ['Hani', /\p{Script=Han}/u],
  ['Hira', /\p{Script=Hiragana}/u],
  ['Kana', /\p{Script=Katakana}/u],
  ['Hang', /\p{Script=Hangul}/u],
  ['Cher', /\p{Script=Cherokee}/u],
];

/** The scripts a label's letters come from, by code (digits, hyphens and marks count for none). */
function scriptsOf(label: string): string[] {
  const found = new Set<string>();
  for (const char of label) {
    for (const [name, pattern] of SCRIPTS) {
      if (pattern.test(char)) {
        found.add(name);
        break;
      }
    }
  }
  return [...found];
}

/** Undoes the ASCII swaps lookalike domains use: 0→o, 1→l, rn→m, vv→w. */
function unmask(label: string): string {
  return label.replace(/0/g, 'o').replace(/1/g, 'l').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

function ownsBrand(brand: string, domain: string | null): boolean {
  return domain !== null && (BRANDS[brand] ?? []).includes(domain);
}

/** Brands named (or imitated) by one label, e.g. `paypal-login` → paypal, `g00gle` → google. */
function brandsIn(label: string): string[] {
  const words = label.split('-');
  return Object.keys(BRANDS).filter((brand) => words.some((word) => word === brand || unmask(word) === brand));
}

function deceptionWarnings(parseHost: SuffixParse, labels: string[], prefixLabels: string[], domain: string | null, host: string): UrlWarning[] {
  const warnings: UrlWarning[] = [];
  // `accounts.google.com.evil.example`: a whole domain name sits in the subdomains. Scan
  // from the right so `google.com` wins over `accounts.google` (.google is a TLD too).
  for (let index = prefixLabels.length - 1; index >= 1; index -= 1) {
    const label = prefixLabels[index]!;
    const suffix = parseHost(label, { allowPrivateDomains: true });
    if (suffix.isIcann && suffix.publicSuffix === label) {
      const lookalike = `${prefixLabels[index - 1]}.${label}`;
      warnings.push({
        code: 'deceptive',
        message: t('urls.warning.subdomain', { lookalike: isolatedUrl(lookalike), domain: isolatedUrl(domain ?? host) }),
      });
      break;
    }
  }
  const named = new Set(labels.flatMap(brandsIn));
  for (const brand of named) {
    if (ownsBrand(brand, domain)) continue;
    warnings.push({ code: 'deceptive', message: t('urls.warning.brand', { brand: isolated(brand), domain: isolatedUrl(domain ?? host) }) });
  }
  return warnings;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function hostPartsOf(hostname: string, domain: string | null, port: string): HostParts {
  const suffix = port ? `:${port}` : '';
  if (domain === null || !hostname.endsWith(domain)) return { prefix: '', domain: hostname, suffix };
  return { prefix: hostname.slice(0, hostname.length - domain.length), domain, suffix };
}

/** Why a URL must not be opened at all, before it is put in words. */
type Refusal = { kind: 'scheme'; scheme: string } | { kind: 'http'; host: string } | { kind: 'notUrl' };

/** Why `url` must not be opened at all; `null` when it may be offered to the person. */
function refusalOfUrl(url: URL): Refusal | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'scheme', scheme: isolatedUrl(url.protocol) };
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) return { kind: 'http', host: isolatedUrl(url.host) };
  return null;
}

const refusalOfInput = (input: string): Refusal | null => (URL.canParse(input) ? refusalOfUrl(new URL(input)) : { kind: 'notUrl' });

/** The refusal as a sentence about a server's request. Asked for when a URL is judged, never at import: the worker sets its language first (docs/i18n.md). */
function refusalSentence(refusal: Refusal): string {
  if (refusal.kind === 'scheme') return t('urls.refused.scheme', { scheme: refusal.scheme });
  if (refusal.kind === 'http') return t('urls.refused.http', { host: refusal.host });
  return t('urls.refused.notUrl');
}

/**
 * Why `input` must not be opened at all, as `analyzeUrl` says it in `refused`; `null` when it
 * may be offered. Needs no suffix list: for what only gates a URL. Never throws.
 */
export function refusalOf(input: string): string | null {
  const refusal = refusalOfInput(input);
  return refusal && refusalSentence(refusal);
}

/**
 * The same refusal as a clause for another sentence to embed after its colon ("The registry address
 * cannot be used: {why}"), about an address a person, a site or a registry gave rather than a server's
 * request: each language words it as a whole clause, not `refusalOf`'s sentence with its opening swapped.
 */
export function refusalReason(input: string): string | null {
  const refusal = refusalOfInput(input);
  if (!refusal) return null;
  if (refusal.kind === 'scheme') return t('urls.reason.scheme', { scheme: refusal.scheme });
  if (refusal.kind === 'http') return t('urls.reason.http', { host: refusal.host });
  return t('urls.reason.notUrl');
}

/** `analyzeUrl`, synchronous, once the suffix list is loaded (`urlJudge`). */
export type UrlJudge = (input: string) => UrlAnalysis;

let judge: Promise<UrlJudge> | undefined;
let loaded: UrlJudge | undefined;

/**
 * The URL judge, once tldts's Public Suffix List is loaded. That list is a fifth of the worker's
 * script and is built as its module runs, and no start needs it: reached only through `import()`,
 * it stays unevaluated until the first URL is judged (Rolldown inlines the module behind a lazy
 * init; bench/findings.md, stop 37). For many URLs at once, or code that must stay synchronous.
 */
export function urlJudge(): Promise<UrlJudge> {
  judge ??= import('tldts').then(({ parse: parseHost }) => {
    loaded = (input: string) => judgeUrl(parseHost, input);
    return loaded;
  });
  return judge;
}

/** The judge if the suffix list is in already: for what answers in the same turn when it can. */
export function loadedUrlJudge(): UrlJudge | undefined {
  return loaded;
}

/**
 * Tells whether `input` may be offered to the person, and what to warn them about.
 * Refuses every scheme but `https:`, and `http:` to loopback (a local OAuth callback or
 * dev server). Plain `http:` elsewhere is refused rather than warned about: the page and
 * anything typed into it would cross the network readable and forgeable by anyone on path.
 * Never rejects.
 */
export async function analyzeUrl(input: string): Promise<UrlAnalysis> {
  return (await urlJudge())(input);
}

function judgeUrl(parseHost: SuffixParse, input: string): UrlAnalysis {
  if (!URL.canParse(input)) return refusedAnalysis(input, refusalSentence({ kind: 'notUrl' }));
  const url = new URL(input);
  const refusal = refusalOfUrl(url);
  if (refusal) return refusedAnalysis(input, refusalSentence(refusal), url);
  const scheme = url.protocol;
  const hostname = url.hostname;
  const loopback = isLoopback(hostname);

  const isIp = isIpv4(hostname) || hostname.startsWith('[');
  const parsed = isIp ? null : parseHost(hostname, { allowPrivateDomains: true });
  const domain = parsed?.domain ?? null;
  const labels = isIp ? [] : hostname.split('.');
  const unicodeLabels = labels.map(toUnicodeLabel);
  const unicodeHostname = unicodeLabels.join('.');
  const unicodeHost = !isIp && unicodeHostname !== hostname ? unicodeHostname + (url.port ? `:${url.port}` : '') : null;
  const hostParts = hostPartsOf(hostname, domain, url.port);
  const prefixLabels = hostParts.prefix ? hostParts.prefix.slice(0, -1).split('.') : [];

  const warnings: UrlWarning[] = [];
  if (labels.some((label) => label.startsWith('xn--'))) {
    warnings.push({ code: 'punycode', message: t('urls.warning.punycode', { shown: isolatedUrl(unicodeHostname), host: isolatedUrl(hostname) }) });
  }
  for (const label of unicodeLabels) {
    const scripts = scriptsOf(label);
    if (scripts.length > 1) {
      warnings.push({
        code: 'mixed-script',
        message: t('urls.warning.mixedScript', { label: isolatedUrl(label), scripts: formatList(scripts.map(scriptName)) }),
      });
    }
  }
  if (url.username || url.password) {
    const shown = safeDecode(url.username);
    warnings.push({
      code: 'credentials',
      message: t('urls.warning.credentials', {
        userinfo: isolatedUrl(`${shown}${url.password ? ':…' : ''}@`),
        user: isolatedUrl(shown),
        host: isolatedUrl(hostname),
      }),
    });
  }
  if (isIp && !loopback) {
    warnings.push({ code: 'ip-address', message: t('urls.warning.ipAddress', { host: isolatedUrl(hostname) }) });
  }
  if (url.href.length > LONG_URL_CHARACTERS) {
    warnings.push({ code: 'long', message: tn('urls.warning.longUrl', url.href.length, { host: isolatedUrl(hostname) }) });
  } else if (prefixLabels.length > MAX_PLAIN_SUBDOMAINS || labels.some((label) => label.length > MAX_LABEL_LENGTH)) {
    warnings.push({ code: 'long', message: t('urls.warning.longHost', { host: isolatedUrl(hostname), domain: isolatedUrl(domain ?? hostname) }) });
  }
  warnings.push(...deceptionWarnings(parseHost, unicodeLabels, prefixLabels, domain, hostname));

  return {
    input,
    href: url.href,
    scheme,
    host: url.host,
    unicodeHost,
    domain,
    hostParts,
    refused: null,
    warnings,
  };
}
