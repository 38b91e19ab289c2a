/**
 * Which network an address is on, judged from the URL alone, so that a public site's catalog
 * cannot send the extension to this computer or to the person's home or office network (a
 * router's admin page, a printer, an intranet): the browser runs inside that network and a site
 * does not. Only a site on loopback (a developer's own) may point to loopback, and only a site on
 * a private network to a private network: never one into the other.
 *
 * Only literal addresses and reserved names can be judged here: a public name that resolves to a
 * private address (DNS rebinding) is the browser's Private Network Access checks to catch. Pure.
 */

import { t } from '../i18n';

export type Network = 'loopback' | 'private' | 'public';

function ipv4Network(host: string): Network | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const [a = 0, b = 0] = parts.map(Number);
  if (a === 127) return 'loopback';
  // RFC 1918, link-local (169.254/16, where cloud metadata lives), CGNAT (100.64/10), "this network" (0/8).
  if (a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  return 'public';
}

function ipv6Network(host: string): Network | undefined {
  if (!host.startsWith('[')) return undefined;
  const address = host.slice(1, -1).toLowerCase();
  if (address === '::1') return 'loopback';
  // An IPv4 address in IPv6 clothing (`::ffff:192.168.0.1`, which the URL parser writes `::ffff:c0a8:1`).
  const mapped = address.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (mapped) {
    const [high, low] = [Number.parseInt(mapped[1] ?? '0', 16), Number.parseInt(mapped[2] ?? '0', 16)];
    return ipv4Network(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  // Unique local (fc00::/7), link-local (fe80::/10), the unspecified address.
  if (/^f[cd]/.test(address) || /^fe[89ab]/.test(address) || address === '::') return 'private';
  return 'public';
}

/** The network `url`'s host is on; a name with no dot, or under a local-only suffix, counts as private. */
export function networkOf(url: URL): Network {
  const host = url.hostname.toLowerCase();
  const literal = ipv4Network(host) ?? ipv6Network(host);
  if (literal) return literal;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!host.includes('.') || /\.(local|internal|lan|home\.arpa|intranet|corp)$/.test(host)) return 'private';
  return 'public';
}

/** Why a document from `site` may not send the extension to `target`; null when it may. */
export function crossesIntoPrivate(site: URL, target: URL): string | null {
  const from = networkOf(site);
  const to = networkOf(target);
  if (to === 'public' || to === from) return null;
  const hosts = { target: target.host, site: site.host };
  return to === 'loopback' ? t('discovery.network.loopback', hosts) : t('discovery.network.private', hosts);
}
