import { describe, expect, it } from 'vitest';
import { ACCEPT_LANGUAGE, acceptLanguageOf, speakingLanguage } from '../../../lib/mcp/language';

describe('acceptLanguageOf (SEP-2792)', () => {
  it('weights the browser’s languages in order, as browsers send them', () => {
    expect(acceptLanguageOf(['fr-CA', 'fr', 'en'])).toBe('fr-CA,fr;q=0.9,en;q=0.8');
    expect(acceptLanguageOf(['en-US'])).toBe('en-US');
  });

  it('drops what is not a language tag, repeats, and past ten; nothing usable is nothing', () => {
    expect(acceptLanguageOf(['en', 'en', 'x y', 'de;q=1', 'zh-Hant-TW'])).toBe('en,zh-Hant-TW;q=0.9');
    expect(acceptLanguageOf([])).toBeUndefined();
    expect(acceptLanguageOf(Array.from({ length: 20 }, (_, index) => `l${String.fromCharCode(97 + index)}`))?.split(',')).toHaveLength(10);
  });
});

describe('speakingLanguage', () => {
  const seen: RequestInit[] = [];
  const next = async (_url: string | URL, init?: RequestInit) => {
    seen.push(init ?? {});
    return new Response('{}');
  };

  it('puts the value in each request’s _meta, keeps the rest, and sets one exact header', async () => {
    const send = speakingLanguage(next, () => 'fr,en;q=0.5');
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { other: 1 } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ];
    await send('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify(batch), headers: { 'Accept-Language': 'en-US, en' } });
    const init = seen.at(-1)!;
    expect(new Headers(init.headers).get('Accept-Language')).toBe('fr,en;q=0.5');
    const sent = JSON.parse(String(init.body));
    expect(sent[0].params._meta).toEqual({ other: 1, [ACCEPT_LANGUAGE]: 'fr,en;q=0.5' });
    expect(sent[1].params).toBeUndefined();
  });

  it('passes a body that is not JSON-RPC unchanged, and everything when there is no preference', async () => {
    await speakingLanguage(next, () => 'fr')('http://127.0.0.1/mcp', { method: 'POST', body: 'not json' });
    expect(seen.at(-1)!.body).toBe('not json');
    const untouched = { method: 'POST', body: '{"id":1,"method":"ping"}' };
    await speakingLanguage(next, () => undefined)('http://127.0.0.1/mcp', untouched);
    expect(seen.at(-1)).toBe(untouched);
  });
});
