/**
 * The words lib/ builds come out in the catalog's language, not only the panel's: the doctor's
 * advice, a policy refusal and what is wrong with a policy, a hub notice, a registry field left
 * empty (issue 41, "error messages built in lib/"). English is what every other test reads.
 */
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { explainFailure } from '../../../lib/auth/explain';
import type { TraceExchange, TraceStep } from '../../../lib/auth/trace';
import { describeStep } from '../../../lib/auth/traceWords';
import { connectionError } from '../../../lib/diagnosis';
import { Notices } from '../../../lib/hub/notices';
import { isolated, isolatedUrl, setCatalog } from '../../../lib/i18n';
import { PolicyJudge, readPolicy, verdictSentence } from '../../../lib/policy';
import { fillRemote } from '../../../lib/registry/fill';
import { nodeCatalog } from '../../../locales/read';

afterEach(async () => {
  setCatalog(await nodeCatalog('en'));
});

const exchange = (url: string, answer: Partial<TraceExchange>): TraceExchange => ({ at: 0, method: 'POST', url, requestHeaders: {}, ...answer });
const step = (kind: TraceStep['kind'], exchanges: TraceExchange[], facts: TraceStep['facts'] = []): TraceStep => ({
  kind,
  at: 0,
  outcome: 'running',
  summary: '',
  facts,
  exchanges,
});

const notFound = () => new SdkHttpError(SdkErrorCode.ClientHttpFailedToOpenStream, 'Not Found', { status: 404, statusText: 'Not Found' });

describe("lib's words in another language", () => {
  it("the doctor's advice in German, the host isolated, the failure's own words kept as evidence", async () => {
    setCatalog(await nodeCatalog('de'));
    const said = connectionError(notFound(), 'https://mcp.example.com/mcp');
    expect(said).toMatch(new RegExp(`^Unter ${isolatedUrl('/mcp')} auf ${isolatedUrl('mcp.example.com')} antwortet nichts \\(404 Not Found\\)\\. `));
    expect(said).toContain('Dokumentation des Servers');
  });

  it('a policy refusal and a policy problem in German, the admin’s keys and values as written', async () => {
    setCatalog(await nodeCatalog('de'));
    const judge = new PolicyJudge(readPolicy({ deniedMcpServers: [{ serverName: 'CRM' }] }), 'https://registry.modelcontextprotocol.io');
    expect(verdictSentence(judge.judgeServer({ url: 'https://crm.example.com/mcp', name: 'CRM' }))).toBe(
      'Von Ihrer Organisation festgelegt (deniedMcpServers[0] serverName "CRM"): Ihre Organisation sperrt diesen Server.',
    );
    const reading = readPolicy({ mcpAccess: 'everyone' });
    expect(reading.state === 'refused' && reading.problems).toContain('mcpAccess ist "everyone"; erlaubt ist nur "none", "registry", "all".');
  });

  it('a notice in Japanese and a missing field in Arabic, the server’s and publisher’s names isolated', async () => {
    setCatalog(await nodeCatalog('ja'));
    const notices = new Notices(() => {});
    notices.flooded({ prompt: 'p', url: null }, { serverId: 's', serverName: 'Flood' }, 50);
    expect(notices.list()[0]!.reason).toMatch(new RegExp(`^${isolated('Flood')} が一度に 50 件を超える質問をしました。`));
    setCatalog(await nodeCatalog('ar'));
    const remote = {
      transport: 'streamable-http' as const,
      urlTemplate: 'https://{tenant}.weather.example/mcp',
      origin: 'https://{tenant}.weather.example',
      variables: [{ name: 'tenant', description: '', isRequired: true, isSecret: false }],
      headers: [],
      warnings: [],
    };
    expect(() => fillRemote(remote, {})).toThrow(`املأ ${isolated('tenant')} أولًا: يعدّه الناشر مطلوبًا.`);
  });

  it("a sign-in trace's step and the sign-in's explanation in German, the authorization server's own words as it wrote them", async () => {
    const granted = () => {
      const body = { access_token: 'a', token_type: 'Bearer', expires_in: 3600, refresh_token: 'r', scope: 'read' };
      const tokens = step('token', [exchange('https://auth.example.com/token', { status: 200, responseBody: body })]);
      describeStep(tokens);
      return tokens.summary;
    };
    expect(granted()).toBe('Tokens received (HTTP 200): an access token (token_type Bearer), valid for 3600 s, a refresh token; scope read.');
    setCatalog(await nodeCatalog('de'));
    expect(granted()).toBe('Tokens erhalten (HTTP 200): ein Access Token (token_type Bearer), gültig für 3600 s, ein Refresh Token; scope read.');

    const refusedBody = { error: 'access_denied', error_description: 'Registration is closed.' };
    const client = step('client', [exchange('https://auth.example.com/register', { status: 403, responseBody: refusedBody })]);
    describeStep(client);
    expect(client.summary).toBe(
      'auth.example.com hat die Registrierung von toolnexus abgelehnt (RFC 7591): HTTP 403 access_denied: Registration is closed.',
    );
    const metadata = { ...step('authorization-server-metadata', [], [['issuer', 'https://auth.example.com']]), outcome: 'ok' as const };
    const attempt = { id: 'a', at: 0, reason: 'r', outcome: 'failed' as const, steps: [metadata, client] };
    const context = { serverName: 'CRM', serverUrl: 'https://crm.example.com/mcp', redirectUrl: 'https://id.chromiumapp.org/', preRegistered: false };
    expect(explainFailure(new Error('refused'), attempt, context)).toMatchObject({
      step: 'client',
      words: `${client.summary} Geben Sie eine Client-ID ein, die der Betreiber von https://auth.example.com für toolnexus registriert hat (mit der Weiterleitungs-URL https://id.chromiumapp.org/), oder bitten Sie ihn, diese Registrierung zuzulassen.`,
    });
  });
});
