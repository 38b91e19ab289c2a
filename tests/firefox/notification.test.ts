/**
 * A Request that arrives while no panel is open shows a system notification (here Firefox's
 * own alert window, clicked over Marionette); clicking it brings that Request into view.
 * Firefox does not count a notification click as a user action, so the sidebar cannot open
 * from it (sidebarAction.open() is refused): the panel opens in a tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModernTaskServer, startModernTaskServer } from '../fixtures/modern-task-server';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

/** Long enough to start both tasks and close the panel before the first asks, at half time. */
const TASK_MS = 16_000;
const NAMES = ['Research A', 'Research B'];

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let servers: ModernTaskServer[] = [];

beforeAll(async () => {
  servers = await Promise.all(NAMES.map(() => startModernTaskServer({}, TASK_MS)));
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
  for (const [index, name] of NAMES.entries()) await panel.addServer(servers[index]!.url, { name });
});

afterAll(async () => {
  await firefox?.close();
  await Promise.all(servers.map((server) => server.close()));
});

describe('a notification clicked in Firefox', () => {
  it('opens the panel in a tab on the Request it told of, not the newest', async () => {
    // `research` with confirm asks to carry on halfway through its task: A asks first, then B.
    for (const name of NAMES) {
      await expect.poll(() => panel.serverStatus(name)).toBe('Connected');
      await panel.tab('Tools');
      const tool = await panel.opened(panel.tool(name, 'research'));
      await tool.getByLabel('confirm').click();
      await panel.runTool(name, 'research');
    }
    await expect.poll(() => panel.page.getByRole('article', { name: 'Result of research' }).count()).toBe(2);
    await firefox.closePanel();
    const tabs = await firefox.handles();

    await expect.poll(() => firefox.notifications(), { timeout: 30_000 }).toEqual(['Research A needs you', 'Research B needs you']);
    await firefox.clickNotification('Research A needs you');

    await firefox.switchToNew(tabs);
    await expect.poll(() => panel.request('Research A').getByLabel('Carry on').isFocused()).toBe(true);
    expect(await panel.request('Research B').count()).toBe(1);
  });
});
