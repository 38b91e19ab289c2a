/**
 * The words lib/ builds come out in the catalog's language, not only the panel's: the doctor's
 * advice, a policy refusal and what is wrong with a policy, a hub notice, a registry field left
 * empty (issue 41, "error messages built in lib/"). English is what every other test reads.
 */
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { appOfTool, appResource } from '../../../lib/apps/resource';
import { explainFailure } from '../../../lib/auth/explain';
import { boundedBody } from '../../../lib/auth/trace';
import type { TraceExchange, TraceStep } from '../../../lib/auth/trace';
import { problemOf } from '../../../lib/auth/traceFetch';
import { describeStep } from '../../../lib/auth/traceWords';
import { connectionError } from '../../../lib/diagnosis';
import { discoverSite } from '../../../lib/discovery';
import { crossesIntoPrivate } from '../../../lib/discovery/networks';
import { Notices } from '../../../lib/hub/notices';
import { parseHeaderLines } from '../../../lib/headers';
import { clipText, HistorySaveError } from '../../../lib/history';
import { isolated, isolatedUrl, setCatalog } from '../../../lib/i18n';
import { parseMcpJson } from '../../../lib/mcpJson';
import { nameMarks } from '../../../lib/names';
import { boundForPanel } from '../../../lib/panelBounds';
import { pinTool } from '../../../lib/pinnedTools';
import { redactBody } from '../../../lib/redact';
import { parseSavedCalls } from '../../../lib/savedCalls';
import { PolicyJudge, readPolicy, verdictSentence } from '../../../lib/policy';
import { registryBase } from '../../../lib/registry/client';
import { fillRemote } from '../../../lib/registry/fill';
import { readServerJson } from '../../../lib/registry/serverJson';
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

  it("a site's look in German: what it cannot look at, and a card pointing into a private network", async () => {
    setCatalog(await nodeCatalog('de'));
    const refused = () => Promise.reject(new Error('no network in this test'));
    expect((await discoverSite('chrome://extensions/', refused)).problems).toEqual([
      'chrome://extensions/ kann nicht angesehen werden: Es ist keine Website.',
    ]);
    expect(crossesIntoPrivate(new URL('https://shop.example/'), new URL('https://192.168.0.1/'))).toBe(
      '192.168.0.1 liegt in einem privaten Netzwerk, shop.example nicht: Eine Website darf die Erweiterung nicht dorthin schicken.',
    );
  });

  it("a registry's address and a server.json's problems in German, the file's own names and values as written", async () => {
    setCatalog(await nodeCatalog('de'));
    expect(() => registryBase('https://registry.example/?page=2')).toThrow('Die Registry-Adresse darf kein ?query und kein #fragment enthalten.');
    expect(() => readServerJson({ name: 'weather', description: 'd', version: '1', remotes: {} }, () => ({}) as never)).toThrow(
      'Diese server.json entspricht nicht dem Schema der Registry: name "weather" muss wie "io.github.owner/server" aussehen; remotes muss eine Liste sein',
    );
  });

  it('a refused address inside a registry or server.json problem in German: the refusal is a clause of that sentence, not a server’s request', async () => {
    setCatalog(await nodeCatalog('de'));
    expect(() => registryBase('http://registry.example')).toThrow(
      `Die Registry-Adresse kann nicht verwendet werden: es ist ${isolatedUrl('registry.example')} über unverschlüsseltes http:; außerhalb dieses Computers ist nur https: erlaubt. Abgelehnt.`,
    );
    const remotes = [{ type: 'streamable-http', url: 'javascript:alert(1)' }];
    expect(() => readServerJson({ name: 'io.github.a/weather', description: 'd', version: '1', remotes }, () => ({}) as never)).toThrow(
      `remotes[0].url "javascript:alert(1)" kann nicht verwendet werden: es ist eine ${isolatedUrl('javascript:')}-URL; abgelehnt.`,
    );
  });

  it("an app that cannot be shown in Japanese, the server's ui:// address and MIME type as they came", async () => {
    setCatalog(await nodeCatalog('ja'));
    expect(appOfTool({ _meta: { ui: { resourceUri: 'https://a.example/app' } } })).toEqual({
      problem: 'サーバーがこのツールに指定したインターフェースは ui:// リソースではないため、表示しません。',
    });
    const read = (contents: object) => () => appResource('ui://w/app', { contents: [{ uri: 'ui://w/app', ...contents }] } as never);
    expect(read({ mimeType: 'text/plain', text: 'x' })).toThrow('ui://w/app は「text/plain」で、アプリ（text/html;profile=mcp-app）ではありません。');
    expect(read({ mimeType: 'text/html', text: ' ' })).toThrow('ui://w/app は空です。');
  });

  it("the sign-in trace's and the protocol log's notes on a body, and History's failed save, in German", async () => {
    setCatalog(await nodeCatalog('de'));
    expect(boundedBody('z'.repeat(9_000))).toMatchObject({ cut: '9.000 Zeichen; die ersten 8.000 sind erhalten' });
    expect(redactBody('<html>', 'text/html')).toBe('(6 Zeichen, kein JSON)');
    expect(problemOf(new Error('socket hang up'))).toBe('keine Antwort (socket hang up)');
    expect(new HistorySaveError(new Error('QuotaExceededError')).message).toBe('Der Verlauf konnte nicht gespeichert werden: QuotaExceededError');
  });

  it("an mcp.json's left-out entries, a saved-calls file and a pin in German", async () => {
    setCatalog(await nodeCatalog('de'));
    expect(parseMcpJson(JSON.stringify({ mcpServers: { files: { command: 'npx' } } })).skipped).toEqual([
      { name: 'files', reason: 'er startet ein lokales Programm (npx) über stdio, das ein Browser nicht ausführen kann.' },
    ]);
    expect(() => parseSavedCalls('{}', () => 'id', 0)).toThrow('Das ist keine Datei mit gespeicherten Aufrufen von toolnexus');
    expect(() => pinTool([], 'https://a.example/mcp', 'x'.repeat(1001), true, 0)).toThrow(
      'Ein Tool kann angeheftet werden, wenn sein Name 1 bis 1.000 Zeichen hat.',
    );
  });

  it("a header line's refusal, History's cut and a result's cut note in German, numbers as German writes them", async () => {
    setCatalog(await nodeCatalog('de'));
    expect(() => parseHeaderLines('Accept: */*')).toThrow('Zeile 1: Accept setzt toolnexus selbst.');
    expect(clipText('x'.repeat(1010), 5)).toBe('xxxxx… (1.005 weitere Zeichen nicht behalten)');
    const cut = boundForPanel({ text: 'y'.repeat(2000) }, { maxString: 1000, maxItems: 10, maxKeys: 10, maxDepth: 4, maxTotal: 100_000 });
    expect(cut.cuts).toEqual(['Texte mit mehr als 1.000 Zeichen wurden gekürzt']);
    expect(cut.value.text.endsWith('… (1.000 weitere Zeichen nicht angezeigt)')).toBe(true);
  });

  it("a look-alike letter's label in German, the script named as German names it", async () => {
    setCatalog(await nodeCatalog('de'));
    expect(nameMarks('dеploy').map((mark) => mark.label)).toEqual(['Kyrillisch „е“, U+0435']);
    expect(nameMarks('ｄeploy')[0]!.label).toBe('sieht aus wie „d“, U+FF44');
  });
});
