/** SEP-3118 at c2668f44, the client's side (lib/mcp/appElicitation.ts): declaring, binding, and an app's answer. */
import { describe, expect, it } from 'vitest';
import { appAnswer, appsSettings, bindApp, elicitationApp, serverBindsApps, SEP_3118 } from '../../../lib/mcp/appElicitation';
import { elicitations } from '../../../lib/mcp/elicitations';
import { idleClock } from '../../../lib/mcp/idleClock';
import { elicitationToRequest } from '../../../lib/mcp/protocol';
import type { Request } from '../../../lib/request';

const schema = {
  type: 'object' as const,
  properties: { plan: { type: 'string', enum: ['basic', 'pro'] }, seats: { type: 'integer', minimum: 1, maximum: 50 } },
  required: ['plan'],
};
const params = (meta?: unknown, more: Record<string, unknown> = {}) => ({
  mode: 'form',
  message: 'Which plan?',
  requestedSchema: schema,
  ...(meta !== undefined && { _meta: meta }),
  ...more,
});

describe('declaring (SEP-3118 at c2668f44)', () => {
  it('names its revision, and adds only `elicitation: {}` to the MCP Apps settings', () => {
    expect(SEP_3118).toBe('c2668f44');
    expect(appsSettings()).toEqual({ mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} });
  });

  it('is negotiated only when the server declared the same member', () => {
    expect(serverBindsApps({ extensions: { 'io.modelcontextprotocol/ui': { elicitation: {} } } })).toBe(true);
    expect(serverBindsApps({ extensions: { 'io.modelcontextprotocol/ui': {} } })).toBe(false);
    expect(serverBindsApps({ extensions: { 'io.modelcontextprotocol/ui': { elicitation: true } } })).toBe(false);
    expect(serverBindsApps({})).toBe(false);
    expect(serverBindsApps(undefined)).toBe(false);
  });
});

describe('binding a question to its app', () => {
  it('reads `_meta.ui.resourceUri` of a form elicitation', () => {
    expect(elicitationApp(params({ ui: { resourceUri: 'ui://plans/pick.html' } }))).toEqual({ resourceUri: 'ui://plans/pick.html' });
    expect(elicitationToRequest(params({ ui: { resourceUri: 'ui://plans/pick.html' } }), 'elc-1').app).toEqual({
      resourceUri: 'ui://plans/pick.html',
    });
    expect(elicitationApp(params())).toBeUndefined();
    expect(elicitationApp(params({ ui: {} }))).toBeUndefined();
  });

  it('never binds a URL elicitation (the SEP leaves them out: their trust boundary is the page)', () => {
    expect(elicitationApp({ mode: 'url', message: 'Go', url: 'https://a.example', _meta: { ui: { resourceUri: 'ui://x/y' } } })).toBeUndefined();
  });

  it('says why a hint that is not an absolute ui:// URI is not followed', () => {
    for (const uri of ['https://evil.example/app.html', 'ui:relative', 'ui:///no-host', 42, `ui://x/${'a'.repeat(2_000)}`]) {
      expect(elicitationApp(params({ ui: { resourceUri: uri } }))).toEqual({ problem: expect.stringContaining('not an absolute ui://') });
    }
  });

  it('keeps the app only when both sides negotiated it; otherwise the plain form', () => {
    const bound = elicitationToRequest(params({ ui: { resourceUri: 'ui://plans/pick.html' } }), 'elc-1');
    expect(bindApp(bound, true)).toBe(bound);
    expect(bindApp(bound, false)).toEqual({ ...bound, app: undefined });
    expect('app' in bindApp(bound, false)).toBe(false);
  });

  it('asks the person with the app only on a negotiated connection (the one funnel of both eras)', async () => {
    const asked: Request[] = [];
    const ask = (negotiated: boolean) =>
      elicitations({
        serverName: 'Plans',
        maxAttempts: 1,
        clock: idleClock(60_000),
        lost: new AbortController().signal,
        modern: () => true,
        appsBound: () => negotiated,
        waitFor: async (request) => {
          asked.push(request);
          return { id: request.id, ok: false, reason: 'cancelled' };
        },
      }).elicit(elicitationToRequest(params({ ui: { resourceUri: 'ui://plans/pick.html' } })), new AbortController().signal);
    await ask(true);
    await ask(false);
    expect(asked.map((request) => request.app)).toEqual([{ resourceUri: 'ui://plans/pick.html' }, undefined]);
  });
});

describe('an app’s answer', () => {
  const request = elicitationToRequest(params({ ui: { resourceUri: 'ui://plans/pick.html' } }), 'elc-7');

  it('is the person’s Answer for this Request when it accepts content that fits', () => {
    expect(appAnswer(request, { action: 'accept', content: { plan: 'pro', seats: 3 } })).toEqual({
      answer: { id: 'elc-7', ok: true, data: { plan: 'pro', seats: 3 } },
    });
  });

  it('is refused, saying why, when its content does not fit the requested schema', () => {
    const sent = appAnswer(request, { action: 'accept', content: { plan: 'enterprise', seats: 500 } });
    expect(sent).toEqual({ refused: expect.stringMatching(/does not fit what the server asked for \(.*plan.*seats.*\); nothing was sent/) });
    expect(appAnswer(request, { action: 'accept', content: {} })).toEqual({ refused: expect.stringContaining('plan') });
  });

  it('cannot decline or cancel in the person’s name: those are the card’s own buttons', () => {
    expect(appAnswer(request, { action: 'decline' })).toEqual({ refused: expect.stringContaining('only your own Decline or Cancel') });
    expect(appAnswer(request, { action: 'cancel' })).toEqual({ refused: expect.stringContaining('“cancel”') });
  });

  it('is refused when it is not an elicitation result at all', () => {
    for (const result of [null, 'accept', [], { content: { plan: 'pro' } }, { action: 7 }]) {
      expect(appAnswer(request, result)).toEqual({ refused: expect.stringContaining('not an elicitation result') });
    }
    expect(appAnswer(request, { action: 'accept', content: ['pro'] })).toEqual({ refused: expect.stringContaining('not an object') });
  });
});
