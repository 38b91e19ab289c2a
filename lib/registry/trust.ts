/**
 * A registry or a site is not a trusted party: what it names a server is its claim, the
 * remote's address is where the person's data goes. These say, for the panel, where an offer
 * really goes and when its name claims somewhere else.
 */
import { t } from '../i18n';
import type { UrlAnalysis, UrlJudge } from '../urls';

/** `https://{tenant}.example.com` of `https://{tenant}.example.com/mcp`: the template's scheme and host, as published. */
export function templateOrigin(template: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0] ?? template;
}

/**
 * The domain a reverse-DNS server name claims (`com.example.mcp/x` claims example.com), or null
 * when its namespace is not a domain: `io.github.<owner>` names a GitHub account (the registry
 * checks it by GitHub sign-in), and a single label names nothing.
 */
export function claimedDomain(name: string, judge: UrlJudge): string | null {
  const namespace = name.split('/')[0] ?? '';
  if (/^io\.github\./i.test(namespace) || !namespace.includes('.')) return null;
  return judge(`https://${namespace.split('.').reverse().join('.')}/`).domain;
}

/** The URL's own warnings, and one more when the name claims a domain the remote is not on. */
export function originWarnings(name: string, remote: UrlAnalysis, judge: UrlJudge): string[] {
  const warnings = remote.warnings.map((warning) => warning.message);
  const claimed = claimedDomain(name, judge);
  if (claimed && remote.domain !== claimed) {
    warnings.push(t('registry.trust.nameClaims', { claimed, host: remote.host }));
  }
  return warnings;
}
