import type { FetchLike } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { guardedFetch, guardNote, jsonDepth, SignInFetchError } from '../../../lib/auth/guardedFetch';

const METADATA = 'https://auth.example.com/.well-known/oauth-authorization-server';
const TOKEN = 'https://auth.example.com/token';
const tokenRequest = { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }) };

/** A server that takes the request and never answers, as fetch does with a signal. */
const never: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }));

async function thrown(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('the bounded network a sign-in uses', () => {
  it('ends a request that gets no answer in time, saying which server and URL', async () => {
    const error = await thrown(guardedFetch(never, { timeoutMs: 50 })(METADATA));
    expect(error).toBeInstanceOf(SignInFetchError);
    // Not a TypeError: in a browser the SDK takes those for CORS and quietly moves on.
    expect(error).not.toBeInstanceOf(TypeError);
    expect(error.message).toBe(`auth.example.com did not answer ${METADATA} within 0.05 s.`);
  });

  it('ends an answer whose body never finishes', async () => {
    const stalled: FetchLike = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"issuer":'));
            init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason), { once: true });
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    expect((await thrown(guardedFetch(stalled, { timeoutMs: 50 })(METADATA))).message).toMatch(/did not answer .* within 0\.05 s/);
  });

  it('leaves the caller’s own abort as it is', async () => {
    const controller = new AbortController();
    const pending = guardedFetch(never, { timeoutMs: 5_000 })(METADATA, { signal: controller.signal });
    controller.abort(new Error('closed'));
    expect((await thrown(pending)).message).toBe('closed');
  });

  it('does not read an answer over its size bound, whether it says its length or streams it', async () => {
    const big = 'x'.repeat(2_000);
    const declared: FetchLike = async () => new Response(big, { headers: { 'Content-Length': String(big.length) } });
    const streamed: FetchLike = async () => new Response(new Blob([big]).stream());
    for (const base of [declared, streamed]) {
      const error = await thrown(guardedFetch(base, { maxBytes: 1_024 })(METADATA));
      expect(error.message).toBe(`The answer from ${METADATA} is over 1 KB (such documents are a few KB); it was not read.`);
    }
  });

  it('does not parse JSON nested past its bound, and counts brackets in strings as text', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const error = await thrown(guardedFetch(async () => new Response(deep))(METADATA));
    expect(error.message).toBe(`The answer from ${METADATA} is nested more than 32 levels deep; it was not read.`);
    expect(jsonDepth('{"a":"[[[[[[[[","b":[1]}', 32)).toBe(2);
  });

  it('takes a web page where a discovery document belongs as not published there, and says what it was', async () => {
    const page: FetchLike = async () =>
      new Response('<!doctype html><title>App</title>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    const response = await guardedFetch(page)(METADATA);
    expect(response.status).toBe(404);
    expect(guardNote(response)).toEqual({ status: 200, note: 'answered with text/html, not JSON: taken as not published here' });
  });

  it('refuses a token answer that is not JSON', async () => {
    const page: FetchLike = async () => new Response('<html>', { headers: { 'Content-Type': 'text/html' } });
    const error = await thrown(guardedFetch(page)(TOKEN, tokenRequest));
    expect(error.message).toBe(`${TOKEN} answered 200 with text/html, not the JSON OAuth requires.`);
  });

  it('passes an OAuth error answer on as it came', async () => {
    const refused: FetchLike = async () => new Response('{"error":"invalid_grant"}', { status: 400 });
    const response = await guardedFetch(refused)(TOKEN, tokenRequest);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_grant' });
  });

  describe('a redirect a browser does not show (opaqueredirect)', () => {
    const opaque = () => ({ type: 'opaqueredirect', status: 0, headers: new Headers(), body: null }) as unknown as Response;
    const redirecting =
      (follow: (url: string) => Promise<Response>): FetchLike =>
      async (url, init) =>
        init?.redirect === 'follow' ? follow(String(url)) : opaque();

    it('is left unfollowed, and called a loop, when following it never ends', async () => {
      const base = redirecting(async () => {
        throw new TypeError('Failed to fetch');
      });
      const response = await guardedFetch(base)(METADATA, { redirect: 'manual' });
      expect(response.type).toBe('opaqueredirect');
      expect(guardNote(response)?.note).toBe('redirects without end (a redirect loop, or more than 20 hops); not followed');
    });

    it('is followed when it ends on the same origin, as the SDK follows redirects outside a browser', async () => {
      const landed = Object.defineProperty(new Response('{"issuer":"https://auth.example.com"}'), 'url', { value: `${METADATA}/` });
      const response = await guardedFetch(redirecting(async () => landed))(METADATA, { redirect: 'manual' });
      expect(await response.json()).toEqual({ issuer: 'https://auth.example.com' });
    });

    it('is left unfollowed when it ends on another origin, saying where', async () => {
      const elsewhere = Object.defineProperty(new Response('{}'), 'url', { value: 'https://login.example.net/metadata' });
      const response = await guardedFetch(redirecting(async () => elsewhere))(METADATA, { redirect: 'manual' });
      expect(guardNote(response)?.note).toBe('redirects to https://login.example.net/metadata, on another origin; not followed');
    });
  });
});
