import { describe, expect, it } from 'vitest';
import { signInTraceFile } from '../../../lib/auth/traceFile';
import type { TraceAttempt } from '../../../lib/auth/trace';

const attempt: TraceAttempt = {
  id: 'a',
  at: Date.UTC(2026, 7, 1),
  reason: 'You chose Sign in',
  outcome: 'signed-in',
  steps: [
    {
      kind: 'token',
      at: 0,
      outcome: 'ok',
      summary: 'Tokens received (HTTP 200): an access token (token_type Bearer).',
      facts: [],
      exchanges: [
        {
          at: Date.UTC(2026, 7, 1),
          method: 'POST',
          url: 'https://auth.example.com/token',
          status: 200,
          durationMs: 12,
          requestHeaders: { 'content-type': 'application/x-www-form-urlencoded' },
          requestBody: 'grant_type=authorization_code&code=%5Bredacted%5D',
          responseHeaders: { 'content-type': 'application/json' },
          // Something not redacted on the way in is redacted on the way out.
          responseBody: { access_token: 'leaked-access', token_type: 'Bearer' },
        },
      ],
    },
  ],
};
const creator = { name: 'toolnexus', version: '1.0.0' };

describe('a sign-in trace as a file', () => {
  it('is its own JSON, every attempt with its steps, redacted again', () => {
    const file = signInTraceFile('Acme MCP', 'json', [attempt], creator);
    expect(file.name).toBe('Acme-MCP-sign-in-trace.json');
    const saved = JSON.parse(file.text);
    expect(saved).toMatchObject({ server: 'Acme MCP', attempts: [{ reason: 'You chose Sign in', steps: [{ kind: 'token' }] }] });
    expect(file.text).not.toContain('leaked-access');
  });

  it('is HAR 1.2 of its exchanges, each with what it sent and got', () => {
    const file = signInTraceFile('Acme MCP', 'har', [attempt], creator);
    expect(file.name).toBe('Acme-MCP-sign-in-trace.har');
    const har = JSON.parse(file.text);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(1);
    const [entry] = har.log.entries;
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: 'https://auth.example.com/token',
      postData: { text: 'grant_type=authorization_code&code=%5Bredacted%5D' },
    });
    expect(entry.response).toMatchObject({ status: 200, content: { mimeType: 'application/json' } });
    expect(file.text).not.toContain('leaked-access');
  });
});
