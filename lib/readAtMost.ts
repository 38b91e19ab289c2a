/**
 * A response's text, or `null` when it is larger than `maxBytes`: a declared length past the
 * bound is refused before reading, and an undeclared or lying one is counted as bytes arrive,
 * so a server cannot make the worker hold more than the bound. The body is cancelled either way.
 */
export async function readAtMost(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}
