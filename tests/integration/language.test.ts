/**
 * Issue 29, the person's language (SEP-2792 at ce12e646): in both eras every request carries
 * `_meta["io.modelcontextprotocol/acceptLanguage"]`, and every HTTP request an `Accept-Language`
 * whose value is exactly that string; a change of languages shows on the next request; with no
 * preference nothing is added. Real servers answer as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { load } from '../../lib/mcp/client';
import { ACCEPT_LANGUAGE, acceptLanguageOf } from '../../lib/mcp/language';
import { startLegacyServer, startModernServer } from '../fixtures/servers';

const never = async (): Promise<never> => {
  throw new Error('nothing here asks the person');
};

interface Sent {
  header: string | null;
  requests: { method: string; language: unknown }[];
}

/** The real fetch, seeing each request as it leaves (after the language was put on). */
function watchingFetch(sent: Sent[]) {
  return (url: string | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const messages = (Array.isArray(body) ? body : body ? [body] : []) as {
      method?: string;
      id?: unknown;
      params?: { _meta?: Record<string, unknown> };
    }[];
    sent.push({
      header: new Headers(init?.headers).get('Accept-Language'),
      requests: messages
        .filter((message) => message.method && message.id !== undefined)
        .map((message) => ({ method: String(message.method), language: message.params?._meta?.[ACCEPT_LANGUAGE] })),
    });
    return fetch(url, init);
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe.each([
  ['legacy', startLegacyServer],
  ['modern', startModernServer],
] as const)('the person’s language (%s era)', (_era, start) => {
  it('goes with every request, in _meta and in an Accept-Language of the very same string', async () => {
    const server = await start();
    close = server.close;
    const sent: Sent[] = [];
    let languages = ['fr-CA', 'fr', 'en'];
    const connection = await load(
      { id: 's', name: 'S', url: server.url },
      { waitFor: never, fetch: watchingFetch(sent), acceptLanguage: () => acceptLanguageOf(languages) },
    );
    await connection.listTools();
    languages = ['de'];
    await connection.listTools();
    await connection.close();
    const requests = sent.flatMap((exchange) => exchange.requests.map((request) => ({ ...request, header: exchange.header })));
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests) expect(request.header).toBe(request.language);
    expect(requests[0]?.language).toBe('fr-CA,fr;q=0.9,en;q=0.8');
    expect(requests.at(-1)).toMatchObject({ method: 'tools/list', language: 'de' });
    // Notifications and streams carry the header too, never another spelling of it.
    for (const exchange of sent) expect(exchange.header === null || exchange.header === 'de' || exchange.header.startsWith('fr-CA')).toBe(true);
  });

  it('adds nothing when the browser names no language', async () => {
    const server = await start();
    close = server.close;
    const sent: Sent[] = [];
    const connection = await load(
      { id: 's', name: 'S', url: server.url },
      { waitFor: never, fetch: watchingFetch(sent), acceptLanguage: () => acceptLanguageOf([]) },
    );
    await connection.listTools();
    await connection.close();
    expect(sent.flatMap((exchange) => exchange.requests).every((request) => request.language === undefined)).toBe(true);
    expect(sent.every((exchange) => exchange.header === null)).toBe(true);
  });
});
