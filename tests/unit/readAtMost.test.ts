import { describe, expect, it } from 'vitest';
import { readAtMost } from '../../lib/readAtMost';

/** A body that arrives in the given pieces, with no Content-Length unless given. */
function streamed(pieces: Uint8Array[], headers: HeadersInit = {}) {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body, { headers }), cancelled: () => cancelled };
}

describe('readAtMost', () => {
  it('reads a body up to the bound exactly, a character split across pieces kept whole', async () => {
    const euro = new TextEncoder().encode('€'); // 3 bytes
    const { response } = streamed([new TextEncoder().encode('ab'), euro.slice(0, 1), euro.slice(1)]);
    expect(await readAtMost(response, 5)).toBe('ab€');
  });

  it('refuses a declared length past the bound before reading, and cancels the body', async () => {
    const { response, cancelled } = streamed([new Uint8Array(4)], { 'content-length': '4096' });
    expect(await readAtMost(response, 1024)).toBeNull();
    expect(cancelled()).toBe(true);
  });

  it('stops an undeclared body as it passes the bound', async () => {
    const { response, cancelled } = streamed([new Uint8Array(600), new Uint8Array(600), new Uint8Array(600)]);
    expect(await readAtMost(response, 1024)).toBeNull();
    expect(cancelled()).toBe(true);
  });

  it('reads a body-less answer as empty', async () => {
    expect(await readAtMost(new Response(null, { status: 204 }), 10)).toBe('');
  });
});
