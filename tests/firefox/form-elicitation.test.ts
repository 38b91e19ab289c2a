import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;

beforeAll(async () => {
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(() => firefox?.close());

describe.each([
  { era: '2025-11-25', name: 'Legacy Fixture', start: startLegacyServer },
  { era: '2026-07-28', name: 'Modern Fixture', start: startModernServer },
])('a form elicitation from a $era server, answered in the Firefox sidebar page', ({ era, name, start }) => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());

  it('adds the server from the Servers tab', async () => {
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus(name)).toBe('Connected');
    expect(await (await panel.serverDetails(name)).textContent()).toContain(`MCP ${era}`);
  });

  it('runs the tool, and the accepted answer reaches the server', async () => {
    await panel.runTool(name, 'deploy');
    const request = panel.request(name);
    await request.waitFor();
    expect(await request.textContent()).toContain('Where should web deploy?');
    // A new Request takes focus, and the defaulted field arrives pre-filled.
    expect(await request.getByLabel('Target').isFocused()).toBe(true);

    await request.getByLabel('Notify team').click();
    await panel.answerDeploy(request, 'prod', 3);

    const expected = { action: 'accept', content: { target: 'prod', replicas: 3, notify: true, note: 'routine' } };
    await expect.poll(() => panel.resultJson('deploy')).toEqual(expected);
    expect(server.seen.at(-1)).toEqual({ tool: 'deploy', result: expected });
    expect(await request.count()).toBe(0);
  });

  it('declines, and the server receives the decline', async () => {
    const before = server.seen.length;
    await panel.runTool(name, 'deploy');
    await panel.request(name).getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => server.seen.length).toBe(before + 1);
    expect(server.seen.at(-1)).toEqual({ tool: 'deploy', result: { action: 'decline' } });
    await expect.poll(() => panel.resultJson('deploy')).toEqual({ action: 'decline' });
  });
});
