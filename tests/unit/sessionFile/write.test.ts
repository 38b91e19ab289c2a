import { describe, expect, it } from 'vitest';
import { tracedFetch } from '../../../lib/auth/traceFetch';
import { TraceRecorder } from '../../../lib/auth/trace';
import { tapExchanges } from '../../../lib/mcp/exchangeTap';
import { type ProtocolRecord, protocolRecorder, QUIET_MS } from '../../../lib/mcp/protocolLog';
import { readSessionFile } from '../../../lib/sessionFile';
import { sessionFile, type SessionServerInput } from '../../../lib/sessionFile/write';
import type { ServerView } from '../../../lib/state';

/** Every credential a session can see, each distinct so the file can be searched for it. */
const SECRETS = {
  authorization: 'Bearer auth-header-token-0001',
  cookie: 'session=cookie-value-0002',
  setCookie: 'sid=set-cookie-value-0003; HttpOnly',
  accessToken: 'access-token-value-0004',
  refreshToken: 'refresh-token-value-0005',
  clientSecret: 'client-secret-value-0006',
  code: 'oauth-code-value-0007',
  verifier: 'code-verifier-value-0008',
  bearerInText: 'bearer-in-text-value-0009',
  apiKeyMember: 'api-key-member-0010',
  personHeader: 'person-header-value-0011',
  password: 'password-value-0012',
  echoedHeader: 'person-header-value-0011',
  storedToken: 'stored-token-value-0013',
};

const settled = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS + 50));

/** A protocol log recorded by the real recorder from exchanges carrying every kind of credential. */
async function recordedLog(): Promise<ProtocolRecord[]> {
  const records: ProtocolRecord[] = [];
  const responses = [
    new Response(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        result: {
          content: [{ type: 'text', text: `Use Bearer ${SECRETS.bearerInText} and ${SECRETS.echoedHeader}` }],
          access_token: SECRETS.accessToken,
        },
      }),
      { headers: { 'content-type': 'application/json', 'set-cookie': SECRETS.setCookie } },
    ),
  ];
  const fetch = tapExchanges(async () => responses.shift()!, [protocolRecorder((record) => records.push(record))]);
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'login', arguments: { password: SECRETS.password, api_key: SECRETS.apiKeyMember } },
  };
  const headers = {
    authorization: SECRETS.authorization,
    cookie: SECRETS.cookie,
    'x-person': SECRETS.personHeader,
    'content-type': 'application/json',
  };
  await (await fetch(`http://127.0.0.1/mcp?code=${SECRETS.code}`, { method: 'POST', headers, body: JSON.stringify(body) })).text();
  await settled();
  return records;
}

/** A sign-in trace recorded by the real tracer: a token request with a form body and tokens in its answer. */
async function recordedTrace() {
  const trace = new TraceRecorder('You chose Sign in');
  const fetch = tracedFetch(
    async () => Response.json({ access_token: SECRETS.accessToken, refresh_token: SECRETS.refreshToken, token_type: 'Bearer' }),
    () => trace,
    () => undefined,
  );
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: SECRETS.code,
    code_verifier: SECRETS.verifier,
    client_secret: SECRETS.clientSecret,
  });
  await fetch('http://127.0.0.1:9/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  trace.end('signed-in');
  return [trace.attempt];
}

const view = (fields: Partial<ServerView> = {}): ServerView => ({
  id: 'srv-1',
  url: 'http://127.0.0.1/mcp',
  enabled: true,
  displayName: 'Fixture',
  status: 'connected',
  headers: { 'X-Person': SECRETS.personHeader },
  tools: [],
  resources: [],
  resourceTemplates: [],
  prompts: [],
  ...fields,
});

async function input(): Promise<SessionServerInput> {
  return {
    view: view({ protocolVersion: '2025-11-25', era: 'legacy', instructions: 'Be kind', serverInfo: { name: 'fixture', version: '1.0.0' } }),
    capabilities: { tools: { listChanged: true } },
    protocolLog: await recordedLog(),
    signIn: await recordedTrace(),
    activities: [
      {
        kind: 'tool',
        id: 'a1',
        serverId: 'srv-1',
        startedAt: 1,
        endedAt: 2,
        status: 'done',
        tool: 'login',
        args: { password: SECRETS.password, note: `token ${SECRETS.storedToken}` },
        result: { content: [{ type: 'text', text: `Authorization: Bearer ${SECRETS.bearerInText}` }] },
      },
    ],
  };
}

describe('the session file', () => {
  it('holds no credential of any kind, wherever it was', async () => {
    const { text } = sessionFile({
      product: { name: 'toolnexus', version: '0.1.0' },
      browser: 'Test/1.0',
      savedAt: new Date('2026-12-06T10:00:00Z'),
      servers: [await input()],
      secrets: [SECRETS.personHeader, SECRETS.storedToken, SECRETS.clientSecret],
    });
    for (const [name, secret] of Object.entries(SECRETS)) expect(text, name).not.toContain(secret.match(/[a-z-]+-\d{4}/)![0]);
    expect(text).toContain('[redacted]');
  });

  it('keeps what the server’s author needs: versions, what was negotiated, the log, the sign-in, the calls', async () => {
    const { name, text } = sessionFile({
      product: { name: 'toolnexus', version: '0.1.0' },
      browser: 'Test/1.0',
      savedAt: new Date('2026-12-06T10:00:00Z'),
      servers: [await input()],
      secrets: [],
    });
    expect(name).toBe('Fixture-session-2026-12-06.json');
    const read = readSessionFile(text);
    if (!read.ok) throw new Error(read.message);
    const [server] = read.session.servers;
    expect(read.session).toMatchObject({ product: { version: '0.1.0' }, browser: 'Test/1.0', savedAt: '2026-12-06T10:00:00.000Z', cuts: [] });
    expect(server).toMatchObject({
      name: 'Fixture',
      protocolVersion: '2025-11-25',
      era: 'legacy',
      instructions: 'Be kind',
      serverInfo: { name: 'fixture' },
      capabilities: { tools: { listChanged: true } },
      headerNames: ['X-Person'],
    });
    expect(server!.protocolLog.map((record) => record.kind)).toEqual(['http', 'message', 'message']);
    expect(server!.signIn[0]).toMatchObject({ outcome: 'signed-in', steps: [expect.objectContaining({ kind: 'token' })] });
    expect(server!.activities[0]).toMatchObject({ kind: 'tool', tool: 'login', result: { content: [{ type: 'text' }] } });
  });

  it('leaves out the oldest records when the file would pass its bound, and says so', async () => {
    const big: SessionServerInput = {
      ...(await input()),
      protocolLog: Array.from({ length: 400 }, (_, index) => ({
        kind: 'message',
        exchange: index,
        at: index,
        direction: 'in',
        message: 'x'.repeat(1_000),
      })),
    };
    const { text } = sessionFile({ product: { name: 't', version: '1' }, browser: '', savedAt: new Date(), servers: [big], secrets: [] }, 200_000);
    expect(text.length).toBeLessThan(220_000);
    const read = readSessionFile(text);
    if (!read.ok) throw new Error(read.message);
    expect(read.session.cuts[0]).toMatch(/^The oldest \d+ records of Fixture’s protocol log were left out/);
    expect(read.session.servers[0]!.protocolLog.at(-1)).toMatchObject({ exchange: 399 });
  });
});
