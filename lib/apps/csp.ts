/**
 * The Content-Security-Policy an app's document runs under: what its resource declares
 * (`_meta.ui.csp`) and nothing wider. The sandbox puts it in a `<meta>` ahead of the app's
 * own markup, so it governs every script the app runs; the sandbox page's own policy (the
 * manifest's) still applies on top, as both policies must pass.
 */
import { appPrelude } from './prelude';
import type { AppCsp } from './resource';

/**
 * One origin, maybe with a `*.` subdomain wildcard and a port: anything else (a bare `*`,
 * `https:`, a keyword, a path, a `;` that would start a new directive) is dropped, so a server
 * cannot widen the policy beyond the hosts it names.
 */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$|^(https?|wss?):\/\/\[[0-9a-f:]+\](:(\d{1,5}|\*))?$/i;

export function cspSources(domains: string[] | undefined): string[] {
  return (domains ?? []).map((domain) => domain.trim().replace(/\/$/, '')).filter((domain) => ORIGIN.test(domain));
}

/** The policy for an app's document. `'none'` where the app declared nothing: the spec's secure default. */
export function appCsp(csp: AppCsp | undefined): string {
  const resources = cspSources(csp?.resourceDomains);
  const connect = cspSources(csp?.connectDomains);
  const frames = cspSources(csp?.frameDomains);
  const bases = cspSources(csp?.baseUriDomains);
  const list = (sources: string[]) => (sources.length > 0 ? sources.join(' ') : "'none'");
  const inline = ["'unsafe-inline'", 'blob:', 'data:', ...resources].join(' ');
  return [
    "default-src 'none'",
    // Apps ship as one HTML file with their scripts inline. No eval: the Apps spec's own default
    // (2026-01-26, "Restrictive Default") has none, and no declared member can ask for it.
    `script-src 'unsafe-inline' blob: data: ${resources.join(' ')}`.trim(),
    `style-src ${inline}`,
    `img-src blob: data: ${resources.join(' ')}`.trim(),
    `font-src blob: data: ${resources.join(' ')}`.trim(),
    `media-src blob: data: ${resources.join(' ')}`.trim(),
    `worker-src blob: ${resources.join(' ')}`.trim(),
    `connect-src ${list(connect)}`,
    `frame-src ${list(frames)}`,
    `base-uri ${bases.length > 0 ? bases.join(' ') : "'self'"}`,
    // A form posted elsewhere would carry data past connect-src.
    "form-action 'none'",
    "object-src 'none'",
    // Every HTML the app writes passes lib/apps/prelude.ts's check: no nested document of its own.
    "require-trusted-types-for 'script'",
  ].join('; ');
}

/**
 * The policy as the first element of the app's document, then the prelude that takes WebRTC
 * away (lib/apps/prelude.ts): nothing of the app's runs before either.
 */
export function withCsp(html: string, csp: AppCsp | undefined): string {
  const policy = appCsp(csp).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}"><script>(${appPrelude.toString()})()</script>${html}`;
}

/** The sandbox page's own `frame-src`: where the app's frame may go, so it cannot load a document of its own choosing. */
export function appFrameSources(csp: AppCsp | undefined): string {
  const frames = cspSources(csp?.frameDomains);
  return `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`;
}
