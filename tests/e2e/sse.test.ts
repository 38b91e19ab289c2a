/**
 * Issue 12, legacy HTTP+SSE servers, in Chromium: the worker reaches a server that speaks only
 * the old transport (the official SDK v1 SSEServerTransport) through the spec's fallback, says
 * so on its card, and a form elicitation over it lands in the inbox and is answered.
 */
import { describe, expect, it } from 'vitest';
import { startSseServer } from '../fixtures/sse-server';
import { withExtension } from './rig';

const rig = withExtension(startSseServer);

describe('A server on the old HTTP+SSE transport', () => {
  it('connects through the fallback, says so, and answers a form over it', async () => {
    const { panel, server } = rig;
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus('SSE Fixture'), { timeout: 20_000 }).toBe('Connected');
    expect(await (await panel.serverDetails('SSE Fixture')).textContent()).toMatch(/old HTTP\+SSE transport/);
    await panel.runTool('SSE Fixture', 'deploy');
    const card = await panel.reach(panel.request('SSE Fixture'));
    await panel.answerDeploy(card, 'staging', 3);
    await expect
      .poll(() => server.seen.at(-1)?.result, { timeout: 10_000 })
      .toMatchObject({ action: 'accept', content: { target: 'staging', replicas: 3 } });
    await panel.tab('Tools');
    await expect.poll(() => panel.result('deploy').textContent(), { timeout: 10_000 }).toMatch(/staging/);
  }, 60_000);
});
