import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, appOfTool, appResource, MAX_APP_CHARS, visibleToApps, visibleToPerson } from '../../../lib/apps/resource';

const read = (contents: Array<Record<string, unknown>>) => ({ contents }) as unknown as ReadResourceResult;

describe('Which tools have an app', () => {
  it('reads the nested and the older flat key, the nested first', () => {
    expect(appOfTool({ _meta: { ui: { resourceUri: 'ui://a/app' } } })).toEqual({ resourceUri: 'ui://a/app' });
    expect(appOfTool({ _meta: { 'ui/resourceUri': 'ui://flat' } })).toEqual({ resourceUri: 'ui://flat' });
    expect(appOfTool({ _meta: { ui: { resourceUri: 'ui://nested' }, 'ui/resourceUri': 'ui://flat' } })).toEqual({ resourceUri: 'ui://nested' });
    expect(appOfTool({})).toBeUndefined();
    expect(appOfTool(undefined)).toBeUndefined();
  });

  it('says why a malformed one shows no app, without throwing', () => {
    for (const uri of ['https://example.com/app.html', 42, { a: 1 }, `ui://${'x'.repeat(3_000)}`]) {
      expect(appOfTool({ _meta: { ui: { resourceUri: uri } } })).toEqual({ problem: expect.stringMatching(/not a ui:\/\/ resource/) });
    }
    expect(appOfTool({ _meta: { ui: 'ui://a' } as never })).toBeUndefined();
  });

  it('keeps app-only tools from the person and model-only tools from apps', () => {
    expect(visibleToApps({})).toBe(true);
    expect(visibleToPerson({})).toBe(true);
    expect(visibleToApps({ _meta: { ui: { visibility: ['model'] } } })).toBe(false);
    expect(visibleToPerson({ _meta: { ui: { visibility: ['app'] } } })).toBe(false);
    expect(visibleToApps({ _meta: { ui: { visibility: ['model', 'app'] } } })).toBe(true);
  });
});

describe('An app resource', () => {
  it('is the HTML with the CSP and border declared on the content, else on the list entry', () => {
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com', 7] };
    expect(
      appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, text: '<p>hi', _meta: { ui: { csp, prefersBorder: false } } }])),
    ).toEqual({
      uri: 'ui://a',
      html: '<p>hi',
      csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] },
      prefersBorder: false,
    });
    const listed = { uri: 'ui://a', name: 'a', _meta: { ui: { csp: { frameDomains: ['https://video.example.com'] } } } };
    expect(appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, text: '<p>hi' }]), listed).csp).toEqual({
      frameDomains: ['https://video.example.com'],
    });
  });

  it('decodes a base64 blob as UTF-8', () => {
    const blob = Buffer.from('<p>héllo</p>').toString('base64');
    expect(appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, blob }])).html).toBe('<p>héllo</p>');
  });

  it('refuses what is not an app, saying why', () => {
    expect(() => appResource('ui://a', read([]))).toThrow('The server returned nothing for ui://a.');
    expect(() => appResource('ui://a', read([{ uri: 'ui://a', mimeType: 'text/plain', text: 'x' }]))).toThrow('ui://a is "text/plain", not an app');
    expect(() => appResource('ui://a', read([{ uri: 'ui://a', text: 'x' }]))).toThrow('of no stated type');
    expect(() => appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, text: ' \n' }]))).toThrow('ui://a is empty.');
    expect(() => appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, text: 'x'.repeat(MAX_APP_CHARS + 1) }]))).toThrow(
      /5\.0 MB; toolnexus shows apps up to 5 MB/,
    );
    expect(() => appResource('ui://a', read([{ uri: 'ui://a', mimeType: APP_MIME_TYPE, blob: '%%%' }]))).toThrow('not valid base64');
  });
});
