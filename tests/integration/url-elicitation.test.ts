import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenMode } from '../../lib/state';
import { startModernServer, startShowcaseServer, type FixtureServer } from '../fixtures/servers';
import { testHub, until } from '../hub-harness';

/** Stands in for the browser: "visits" the page (one request, no redirect followed). */
const visited: string[] = [];
async function visit(url: string, _mode: OpenMode): Promise<void> {
  visited.push(url);
  if (url.startsWith('http://127.0.0.1')) await fetch(url, { redirect: 'manual' });
}

let showcase: FixtureServer;
let modern: FixtureServer;
beforeAll(async () => {
  [showcase, modern] = await Promise.all([startShowcaseServer(), startModernServer()]);
});
afterAll(async () => {
  await Promise.all([showcase.close(), modern.close()]);
});

async function hubFor(url: string, openUrl = visit) {
  const hub = testHub({ openUrl });
  const id = await hub.addServer({ url });
  return { hub, id };
}

describe('URL-mode elicitation, 2025-11-25', () => {
  it('shows the URL with its analysis; Open accepts, opens it, and the server’s completion ends the flow', async () => {
    let finishVisit!: () => void;
    const { hub, id } = await hubFor(showcase.url, async (url, mode) => {
      await visit(url, mode);
      // The page redirected back, but keep the window "open": only the server's completion ends the flow.
      await new Promise<void>((resolve) => (finishVisit = resolve));
    });
    const call = hub.callTool(id, 'connect_account', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    const request = inbox[0]!;
    expect(request).toMatchObject({
      kind: 'authorization',
      prompt: 'Open this page to connect your account.',
      elicitationId: expect.stringMatching(/^connect-/),
    });
    expect(request.analysis).toMatchObject({ refused: null, domain: null, hostParts: { domain: '127.0.0.1' }, warnings: [] });
    hub.openUrl(request.id, 'window');
    expect((await call).result?.content[0]).toEqual({ type: 'text', text: '{"action":"accept"}' });
    await until(hub, (state) => state.visits.length === 0);
    expect(visited.at(-1)).toBe(request.url);
    finishVisit();
    await hub.removeServer(id);
  });

  it('refuses a javascript: URL without asking, and says so', async () => {
    const { hub, id } = await hubFor(showcase.url);
    const call = await hub.callTool(id, 'connect_account', { url: 'javascript:alert(document.cookie)' });
    expect(call.result?.content[0]).toEqual({ type: 'text', text: '{"action":"decline"}' });
    expect(hub.state().inbox).toEqual([]);
    expect(hub.state().notices[0]).toMatchObject({
      kind: 'refused',
      serverName: 'Showcase',
      url: 'javascript:alert(document.cookie)',
      reason: expect.stringContaining('javascript:'),
    });
    await expect.poll(() => hub.state().history[0]).toMatchObject({ action: 'decline', reason: expect.stringContaining('javascript:') });
    await hub.removeServer(id);
  });

  it('shows each URL a -32042 error names, and retries the call once they are completed', async () => {
    const { hub, id } = await hubFor(showcase.url);
    const call = hub.callTool(id, 'linked_report', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    expect(inbox[0]).toMatchObject({ prompt: 'Link your account to see reports.', url: expect.stringContaining('/connect?flow=link-') });
    hub.openUrl(inbox[0]!.id, 'window');
    const done = await call;
    expect(done).toMatchObject({ status: 'done', result: { content: [{ type: 'text', text: 'Your linked account has 3 new reports.' }] } });
    await hub.removeServer(id);
  });

  it('fails the call with a reason when the person declines a required URL', async () => {
    const { hub, id } = await hubFor(showcase.url);
    const call = hub.callTool(id, 'linked_report', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    hub.answer({ id: inbox[0]!.id, ok: false, reason: 'declined' });
    expect(await call).toMatchObject({ status: 'failed', error: 'linked_report needs you to open a page first; that was declined.' });
    await hub.removeServer(id);
  });
});

describe('URL-mode elicitation, 2026-07-28', () => {
  it('sends the accept in the retried call only once the person is done with the page', async () => {
    let closeWindow!: () => void;
    const { hub, id } = await hubFor(modern.url, () => new Promise<void>((resolve) => (closeWindow = resolve)));
    const call = hub.callTool(id, 'connect_account', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    const calls = () => modern.traffic.filter((exchange) => exchange.messages.includes('tools/call')).length;
    const before = calls();
    hub.openUrl(inbox[0]!.id, 'window');
    await until(hub, (state) => state.visits.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls()).toBe(before);
    expect(modern.seen.filter((entry) => entry.tool === 'connect_account')).toEqual([]);
    closeWindow();
    expect((await call).result?.content[0]).toEqual({ type: 'text', text: '{"action":"accept"}' });
    expect(modern.seen.at(-1)).toEqual({ tool: 'connect_account', result: { action: 'accept', state: 'connect:asked' } });
    await hub.removeServer(id);
  });

  it('retries at once when the person presses Retry', async () => {
    const { hub, id } = await hubFor(modern.url, () => new Promise<void>(() => {}));
    const call = hub.callTool(id, 'connect_account', {});
    const { inbox } = await until(hub, (state) => state.inbox.length === 1);
    hub.openUrl(inbox[0]!.id, 'tab');
    const { visits } = await until(hub, (state) => state.visits.length === 1);
    expect(visits[0]).toMatchObject({ mode: 'tab', serverName: 'Modern Fixture', domain: 'example.com' });
    hub.finishVisit(visits[0]!.requestId);
    expect((await call).status).toBe('done');
    await hub.removeServer(id);
  });
});
