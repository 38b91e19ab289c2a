/**
 * Issue 29, app-rendered elicitations (SEP-3118 at c2668f44): against a server of ours that binds
 * an app to its question, in both eras, the Request carries the app only when both sides
 * negotiated the SEP; the app is read from that server with the results' rules; the app's answer
 * reaches the server as the elicitation's result only when it fits the schema.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appAnswer } from '../../lib/mcp/appElicitation';
import { load } from '../../lib/mcp/client';
import type { LoadOptions } from '../../lib/mcp/connection';
import type { Answer, Request } from '../../lib/request';
import { type AppElicitOptions, startAppElicitServer } from '../fixtures/app-elicit-server';
import { testHub, until } from '../hub-harness';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(options: AppElicitOptions = {}) {
  const server = await startAppElicitServer(options);
  close = server.close;
  return server;
}

const ERAS = [
  ['modern', {}],
  ['legacy', { prior: { kind: 'legacy' } }],
] as const satisfies ReadonlyArray<readonly [string, Partial<LoadOptions>]>;

describe.each(ERAS)('an app bound to a question (%s era)', (era, prior) => {
  it('binds the app, and sends the app’s answer as the elicitation’s result once it fits the schema', async () => {
    const server = await serve();
    const asked: Request[] = [];
    const refusals: string[] = [];
    const waitFor = async (request: Request): Promise<Answer> => {
      asked.push(request);
      // The app first answers what the schema refuses (never sent), then what it takes.
      const misfit = appAnswer(request, { action: 'accept', content: { plan: 'enterprise' } });
      if ('refused' in misfit) refusals.push(misfit.refused);
      const fit = appAnswer(request, { action: 'accept', content: { plan: 'pro', seats: 3 } });
      if (!('answer' in fit)) throw new Error(fit.refused);
      return fit.answer;
    };
    const connection = await load({ id: 'p', name: 'Plans', url: server.url }, { waitFor, mcpApps: true, ...prior });
    expect(connection.era).toBe(era);
    const result = await connection.callTool('plan_pick', {});
    expect(asked).toHaveLength(1);
    expect(refusals).toEqual([expect.stringContaining('does not fit what the server asked for')]);
    expect(asked[0]?.app).toEqual({ resourceUri: 'ui://plans/pick.html' });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ action: 'accept', content: { plan: 'pro', seats: 3 } });
    expect(server.plans).toEqual([{ era, hinted: true, outcome: { action: 'accept', content: { plan: 'pro', seats: 3 } } }]);
    await connection.close();
  });

  it('gets the plain form, and the server no hint, when the client does not render apps', async () => {
    const server = await serve();
    const asked: Request[] = [];
    const waitFor = async (request: Request): Promise<Answer> => {
      asked.push(request);
      return { id: request.id, ok: false, reason: 'declined' };
    };
    const connection = await load({ id: 'p', name: 'Plans', url: server.url }, { waitFor, ...prior });
    await connection.callTool('plan_pick', {});
    expect(asked[0]?.app).toBeUndefined();
    expect(server.plans).toEqual([{ era, hinted: false, outcome: { action: 'decline' } }]);
    await connection.close();
  });

  it('ignores a hint the server did not negotiate (it declared no `elicitation` member)', async () => {
    const server = await serve({ declare: false, hintAlways: true });
    const asked: Request[] = [];
    const waitFor = async (request: Request): Promise<Answer> => {
      asked.push(request);
      return { id: request.id, ok: true, data: { plan: 'basic' } };
    };
    const connection = await load({ id: 'p', name: 'Plans', url: server.url }, { waitFor, mcpApps: true, ...prior });
    await connection.callTool('plan_pick', {});
    expect(server.plans[0]?.hinted).toBe(true);
    expect(asked[0]?.app).toBeUndefined();
    await connection.close();
  });
});

describe('the hub loads a Request’s app from the server that asked', () => {
  it('reads the ui:// resource by the results’ rules while the Request waits, and not after', async () => {
    const server = await serve();
    const hub = testHub({ mcpApps: true, servers: [{ id: 'p', url: server.url, enabled: true }] });
    await hub.start();
    await until(hub, (state) => state.servers[0]?.status === 'connected');
    const done = hub.callTool('p', 'plan_pick', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    const request = inbox[0]!;
    expect(request.app).toEqual({ resourceUri: 'ui://plans/pick.html' });
    const app = await hub.loadRequestApp(request.id);
    expect(app.uri).toBe('ui://plans/pick.html');
    expect(app.html).toContain('elicitation/create');
    // The app's answer goes through the same Answer as a form's: a misfit is refused by the inbox too.
    expect(() => hub.answer({ id: request.id, ok: true, data: { plan: 'enterprise' } })).toThrow();
    hub.answer({ id: request.id, ok: true, data: { plan: 'basic', seats: 2 } });
    await done;
    await expect(hub.loadRequestApp(request.id)).rejects.toThrow('no longer waiting');
    expect(server.plans.at(-1)?.outcome).toEqual({ action: 'accept', content: { plan: 'basic', seats: 2 } });
  });
});
