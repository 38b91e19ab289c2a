/**
 * Issue 14, the keyboard's way in, for real in Firefox: the manifest command's key (Alt+Shift+M)
 * pressed in the browser window opens toolnexus's sidebar and brings the newest Request into
 * view in the panel, on the Inbox. Issue 41: Escape there cancels it, and focus goes to the
 * Inbox's tab, not to <body> (components/inbox/focusAfterCard.ts).
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

/** WebDriver's key codes for the modifiers, and Escape. */
const ALT = '\uE00A';
const SHIFT = '\uE008';
const ESCAPE = '\uE00C';

/** Presses `keys` together (each down in order, then up in reverse), in the context Marionette drives now. */
async function press(...keys: string[]): Promise<void> {
  const down = keys.map((value) => ({ type: 'keyDown', value }));
  const up = keys.map((value) => ({ type: 'keyUp', value })).reverse();
  await firefox.marionette.send('WebDriver:PerformActions', { actions: [{ type: 'key', id: 'keyboard', actions: [...down, ...up] }] });
  await firefox.marionette.send('WebDriver:ReleaseActions');
}

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
      await press(ALT, SHIFT, 'M');
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

describe('Escape on the Request', () => {
  it('cancels it, and focus goes to the Inbox tab, not to <body>', async () => {
    const target = panel.request('Legacy Fixture').getByLabel('Target');
    await expect.poll(() => target.isFocused().catch(() => false)).toBe(true);
    await press(ESCAPE);
    await expect.poll(() => server.seen.at(-1)?.result).toEqual({ action: 'cancel' });
    await expect.poll(() => panel.page.locator('#tab-inbox').isFocused()).toBe(true);
  });
});
