import { describe, expect, it } from 'vitest';
import { readSessionFile } from '../../../lib/sessionFile';
import { MAX_SESSION_CHARS } from '../../../lib/sessionFile/format';

const HTML = '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a>';

/** A session file as toolnexus writes one, every string field holding `text`. */
function fileWith(text: string) {
  return {
    format: 'toolnexus-session',
    version: 1,
    savedAt: text,
    product: { name: text, version: text },
    browser: text,
    redaction: text,
    cuts: [text],
    servers: [
      {
        name: text,
        url: text,
        status: 'error',
        error: text,
        protocolVersion: text,
        instructions: text,
        serverInfo: { name: text, version: text },
        capabilities: { experimental: { [text]: text } },
        headerNames: [text],
        auth: { signedIn: true, issuer: text, scopes: [text], expiresAt: null },
        protocolLog: [
          { kind: 'http', exchange: 1, at: 1, method: text, url: text, status: 200, requestHeaders: { [text]: text }, responseHeaders: { a: text } },
          { kind: 'message', exchange: 1, at: 1, direction: 'in', message: { result: { content: [{ type: 'text', text }] } } },
        ],
        signIn: [
          {
            id: text,
            at: 1,
            reason: text,
            outcome: 'failed',
            steps: [{ kind: 'token', at: 1, outcome: 'failed', summary: text, facts: [[text, text]], exchanges: [] }],
            failure: { step: 'token', words: text },
          },
        ],
        activities: [
          {
            kind: 'tool',
            id: text,
            serverId: text,
            startedAt: 1,
            status: 'failed',
            tool: text,
            args: { [text]: text },
            error: text,
            result: { content: [{ type: 'text', text }] },
          },
        ],
        logs: [{ at: 1, level: 'error', logger: text, text }],
      },
    ],
  };
}

describe('reading a session file', () => {
  it('keeps every string as the text it was, HTML included, for the panel to show as text', () => {
    const read = readSessionFile(JSON.stringify(fileWith(HTML)));
    if (!read.ok) throw new Error(read.message);
    const { session } = read;
    expect(session.browser).toBe(HTML);
    const [server] = session.servers;
    expect(server).toMatchObject({ name: HTML, url: HTML, error: HTML, instructions: HTML, headerNames: [HTML], auth: { issuer: HTML } });
    expect(server!.protocolLog[0]).toMatchObject({ method: HTML.slice(0, 20), url: HTML, requestHeaders: { [HTML]: HTML } });
    expect(server!.signIn[0]).toMatchObject({ reason: HTML, steps: [{ summary: HTML }] });
    expect(server!.activities[0]).toMatchObject({ tool: HTML, error: HTML });
    expect(server!.logs).toEqual([{ at: 1, level: 'error', logger: HTML, text: HTML }]);
    expect(session.cuts).toEqual([HTML]);
  });

  it('refuses a 200 MB file before parsing it', () => {
    const huge = `{"format":"toolnexus-session","pad":"${'x'.repeat(200 * 1024 * 1024)}"}`;
    expect(huge.length).toBeGreaterThan(MAX_SESSION_CHARS);
    expect(readSessionFile(huge)).toEqual({ ok: false, problem: 'too-large', message: expect.stringContaining('200 MB') });
  });

  it('refuses JSON nested 10,000 deep without parsing it', () => {
    const file = fileWith('x');
    const deep = JSON.stringify(file).replace('"message":{', `"message":${'['.repeat(10_000)}${']'.repeat(10_000)},"was":{`);
    expect(readSessionFile(deep)).toMatchObject({ ok: false, problem: 'too-deep' });
  });

  it('says a file is not a session, is a newer one, or is damaged', () => {
    expect(readSessionFile('not json')).toMatchObject({ ok: false, problem: 'not-a-session' });
    expect(readSessionFile('{"format":"toolnexus-backup"}')).toMatchObject({ ok: false, problem: 'not-a-session' });
    expect(readSessionFile(JSON.stringify({ ...fileWith('x'), version: 2 }))).toMatchObject({
      ok: false,
      problem: 'newer-version',
      message: expect.stringContaining('format 2'),
    });
    expect(readSessionFile(JSON.stringify({ ...fileWith('x'), servers: 'none' }))).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('leaves out what it cannot read, says so, and keeps the rest', () => {
    const file = fileWith('x');
    const server = file.servers[0]!;
    (server.protocolLog as unknown[]).push({ kind: 'http' }, 'junk', { kind: 'message', exchange: 2, at: 2, direction: 'sideways' });
    (server.activities as unknown[]).push({ kind: 'tool', id: 'b' });
    (file.servers as unknown[]).push({ name: 'no url' });
    const read = readSessionFile(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    expect(read.session.servers).toHaveLength(1);
    expect(read.session.servers[0]!.protocolLog).toHaveLength(2);
    expect(read.session.cuts).toEqual([
      'x',
      '3 protocol log records of x could not be read or were past 1,000, and are left out.',
      '1 activity of x could not be read or was past 200, and is left out.',
      '1 server could not be read or was past 200, and is left out.',
    ]);
  });

  it('bounds what one record holds, as the live protocol log does', () => {
    const file = fileWith('x');
    file.servers[0]!.protocolLog[1] = { kind: 'message', exchange: 1, at: 1, direction: 'in', message: { text: 'y'.repeat(1_000_000) } } as never;
    const read = readSessionFile(JSON.stringify(file));
    if (!read.ok) throw new Error(read.message);
    const message = read.session.servers[0]!.protocolLog[1] as { message: { text: string } };
    expect(message.message.text.length).toBeLessThan(250_000);
    expect(message.message.text).toMatch(/more characters not shown\)$/);
  });
});
