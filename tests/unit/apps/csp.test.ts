import { describe, expect, it } from 'vitest';
import { appCsp, cspSources, withCsp } from '../../../lib/apps/csp';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe("An app's CSP", () => {
  it("is 'none' for the network where the app declared nothing (the spec's secure default)", () => {
    const policy = appCsp(undefined);
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'none'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'form-action')).toBe("form-action 'none'");
    expect(directive(policy, 'img-src')).toBe('img-src blob: data:');
  });

  it('names exactly the declared hosts', () => {
    const policy = appCsp({ connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example.com/'] });
    expect(directive(policy, 'connect-src')).toBe('connect-src https://api.example.com wss://live.example.com');
    expect(directive(policy, 'script-src')).toBe("script-src 'unsafe-inline' blob: data: https://*.cdn.example.com");
  });

  // The Apps spec (2026-01-26) "Restrictive Default" has no eval, and no member of `ui.csp` can ask for it.
  it('never lets an app evaluate strings as code, declared hosts or not', () => {
    for (const csp of [undefined, { resourceDomains: ['https://cdn.example.com'], connectDomains: ['https://api.example.com'] }]) {
      expect(appCsp(csp)).not.toMatch(/unsafe-eval/);
    }
  });

  it('drops anything that would widen it: wildcards, schemes, keywords, paths, new directives', () => {
    expect(
      cspSources([
        '*',
        'https:',
        "'unsafe-inline'",
        'https://a.example.com/path',
        'https://a.example.com; script-src *',
        'javascript:alert(1)',
        'data:',
        'http://[::1]:8080',
      ]),
    ).toEqual(['http://[::1]:8080']);
  });

  it('comes first in the document, escaped for its attribute', () => {
    const html = withCsp('<script>run()</script>', { connectDomains: ['https://a.example.com'] });
    expect(html.startsWith(`<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none'; `)).toBe(true);
    expect(html.indexOf('<meta')).toBeLessThan(html.indexOf('<script>'));
    expect(html).not.toMatch(/content="[^"]*"[^>]*"/);
  });
});
