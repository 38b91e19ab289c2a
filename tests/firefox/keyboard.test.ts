/**
 * Issue 14, the keyboard's way in, for real in Firefox: the manifest command's key (Alt+Shift+M)
 * pressed in the browser window opens toolnexus's sidebar and brings the newest Request into
 * view in the panel, on the Inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let server: FixtureServer;

beforeAll(async () => {
  server = await startLegacyServer();
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
  await panel.addServer(server.url);
});

afterAll(async () => {
  await firefox?.close();
  await server?.close();
});

/** WebDriver's key codes for the modifiers. */
const ALT = '\uE00A';
const SHIFT = '\uE008';

describe('Alt+Shift+M', () => {
  it('opens the sidebar and focuses the newest Request', async () => {
    await expect.poll(() => panel.serverStatus('Legacy Fixture')).toBe('Connected');
    await panel.runTool('Legacy Fixture', 'deploy');
    await panel.request('Legacy Fixture').getByLabel('Target').waitFor();
    await panel.tab('Tools');
    const m = firefox.marionette;
    // The key is pressed in the browser window (chrome context): the browser's own shortcut.
    await m.setContext('chrome');
    try {
      // Firefox shows a new add-on's sidebar at install: close it, as a person would have.
      await m.execute('SidebarController.hide();');
      await expect.poll(() => m.execute<boolean>('return SidebarController.isOpen;')).toBe(false);
      await m.send('WebDriver:PerformActions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value: ALT },
              { type: 'keyDown', value: SHIFT },
              { type: 'keyDown', value: 'M' },
              { type: 'keyUp', value: 'M' },
              { type: 'keyUp', value: SHIFT },
              { type: 'keyUp', value: ALT },
            ],
          },
        ],
      });
      await m.send('WebDriver:ReleaseActions');
      await expect.poll(() => m.execute<boolean>('return SidebarController.isOpen;')).toBe(true);
    } finally {
      await m.setContext('content');
    }
    // The panel went back to the Inbox and the Request's first field has focus.
    await expect
      .poll(() =>
        panel
          .request('Legacy Fixture')
          .getByLabel('Target')
          .isFocused()
          .catch(() => false),
      )
      .toBe(true);
  });
});
