/**
 * Raw Streamable HTTP (2025-11-25), the floor under any client: one `initialize`, then
 * `tools/call` POSTs read to the end. Each function is self-contained (no imports, no
 * outer names) so Playwright can ship the very same code into the extension page that
 * Node runs here.
 */

export interface RawSession {
  url: string;
  sessionId: string;
}

/** Opens a session; resolves with it and how long `initialize` (+ `initialized`) took. */
export async function rawInitialize(url: string): Promise<RawSession & { initializeMs: number }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench-raw', version: '0' } },
    }),
  });
  const sessionId = response.headers.get('mcp-session-id');
  const body = await response.text();
  if (!response.ok || !sessionId) throw new Error(`raw initialize failed: HTTP ${response.status} ${body.slice(0, 200)}`);
  const initializeMs = performance.now() - started;
  const initialized = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.text();
  return { url, sessionId, initializeMs };
}

/** Calls `echo` once per text, one after another; resolves with each round trip in ms. */
export async function rawEchoCalls({ session, texts }: { session: RawSession; texts: string[] }): Promise<number[]> {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Mcp-Session-Id': session.sessionId,
    'Mcp-Protocol-Version': '2025-11-25',
  };
  const durations: number[] = [];
  let id = 1;
  for (const text of texts) {
    const started = performance.now();
    const response = await fetch(session.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: id++, method: 'tools/call', params: { name: 'echo', arguments: { text } } }),
    });
    const body = await response.text();
    // The reply is one JSON body or an SSE stream with one `data:` line; read it like a client must.
    const json = body.startsWith('{') ? body : (body.split('\n').find((line) => line.startsWith('data: ')) ?? '').slice(6);
    const echoed = (JSON.parse(json) as { result?: { content?: Array<{ text?: string }> } }).result?.content?.[0]?.text;
    durations.push(performance.now() - started);
    if (echoed !== text) throw new Error(`raw echo returned ${JSON.stringify(echoed)} for ${JSON.stringify(text)}`);
  }
  return durations;
}
