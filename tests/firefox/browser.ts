/**
 * Launches Debian's Firefox ESR, headless, with a fresh profile, and installs the built add-on
 * (.output/firefox-mv3) as a temporary add-on over Marionette. `npm test` builds it first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freeLoopbackPort } from '../fixtures/loopback-http';
import { Locator } from './locator';
import { Marionette } from './marionette';
import { FirefoxPanel } from './panel';

export const ADDON_DIR = resolve('.output/firefox-mv3');
/**
 * The built add-on's browser_specific_settings.gecko.id (wxt.config.ts: TOOLNEXUS_GECKO_ID, else
 * toolnexus@toolnexus), read from the build so a test's policy names the add-on under test.
 */
export const ADDON_ID: string = existsSync(join(ADDON_DIR, 'manifest.json'))
  ? (JSON.parse(readFileSync(join(ADDON_DIR, 'manifest.json'), 'utf8')).browser_specific_settings?.gecko?.id ?? 'toolnexus@toolnexus')
  : 'toolnexus@toolnexus';
/** Pinned through `extensions.webextensions.uuids`, so the panel's URL is known before install. */
export const ADDON_UUID = '8a6c1b0e-5f4d-4c3b-9a2e-7d1f0e6b5c4a';
const PANEL_URL = `moz-extension://${ADDON_UUID}/sidepanel.html`;
/** `browser.identity.getRedirectURL()` in Firefox: a hash of the add-on id, never a real host. */
export const FIREFOX_REDIRECT_URL = `https://${createHash('sha1').update(ADDON_ID).digest('hex')}.extensions.allizom.org/`;
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxWithAddon {
  marionette: Marionette;
  /** Opens the sidebar's page in a tab, makes it the page Marionette drives, and returns it. */
  openPanel(): Promise<FirefoxPanel>;
  /** Makes the panel's tab the page Marionette drives again. */
  backToPanel(): Promise<void>;
  /** Closes the panel's tab and the sidebar: no panel is open, as when notifications are shown. */
  closePanel(): Promise<void>;
  /** The titles of the notifications shown now, sorted. */
  notifications(): Promise<string[]>;
  /** Clicks the notification titled `title`, as a person does. */
  clickNotification(title: string): Promise<void>;
  /** Every window and tab's handle: what `switchToNew` compares against. */
  handles(): Promise<string[]>;
  /** Waits for a window or tab that is not among `known` and makes it the page Marionette drives. */
  switchToNew(known: string[]): Promise<void>;
  /**
   * Unloads the add-on's background page (`Extension.terminateBackground()`, what Firefox runs
   * when an event page idles out), at once, pending calls or not; the next extension event
   * (the panel reconnecting its port) loads a fresh one. Resolves with the page's state read
   * at once in the same script, `stopped` when it was unloaded, before any event can wake it.
   */
  unloadBackground(): Promise<string>;
  /** Firefox's own word on the background page: `running`, `stopped` or `starting`. */
  backgroundState(): Promise<string>;
  /**
   * Quits Firefox and starts it again on the same profile, the add-on installed again as it was:
   * storage.local stays (the profile keeps a removed add-on's storage and uuid), and Firefox reads
   * its policies.json afresh, which it does only at its start.
   */
  restart(): Promise<FirefoxWithAddon>;
  close(): Promise<void>;
}

/** Preferences a test adds to the profile's, e.g. the UI language (tests/firefox/language.test.ts). */
export type FirefoxPrefs = Record<string, string | number | boolean>;

function userPrefs(port: number, extra: FirefoxPrefs): string {
  const prefs: FirefoxPrefs = {
    'marionette.port': port,
    'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
    // Only loopback is reachable here: keep Firefox from calling home.
    'app.update.disabledForTesting': true,
    'browser.safebrowsing.update.enabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'extensions.getAddons.cache.enabled': false,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'services.settings.server': 'http://127.0.0.1:1/',
    // Notifications show as Firefox's own alert windows, which Marionette can click, not as the desktop's.
    'alerts.useSystemBackend': false,
    // A temporary add-on is removed at quit: its storage and uuid are kept for the restart to find.
    'extensions.webextensions.keepStorageOnUninstall': true,
    'extensions.webextensions.keepUuidOnUninstall': true,
    ...extra,
  };
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`)
    .join('');
}

/** `prefs`: preferences the test adds (e.g. the UI language); `profile`: a profile a restart keeps (else a fresh one). */
export async function launchFirefox(
  prefs: FirefoxPrefs = {},
  profile = mkdtempSync(join(tmpdir(), 'toolnexus-firefox-')),
): Promise<FirefoxWithAddon> {
  if (!existsSync(join(ADDON_DIR, 'manifest.json'))) {
    throw new Error(`No built add-on at ${ADDON_DIR}: run \`npm run build:firefox\` first.`);
  }
  if (!existsSync(FIREFOX)) throw new Error(`No Firefox at ${FIREFOX}: \`apt-get install firefox-esr\`, or set FIREFOX_PATH.`);
  const port = await freeLoopbackPort();
  writeFileSync(join(profile, 'user.js'), userPrefs(port, prefs));
  const firefox: ChildProcess = spawn(FIREFOX, ['--marionette', '-remote-allow-system-access', '--headless', '--no-remote', '--profile', profile], {
    stdio: 'ignore',
  });
  const exited = new Promise((done) => firefox.once('exit', done));
  let marionette: Marionette | undefined;
  const quit = async () => {
    marionette?.close();
    firefox.kill();
    await exited;
  };
  const close = async () => {
    await quit();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    marionette = await Marionette.connect(port);
    await marionette.send('WebDriver:NewSession', { capabilities: {} });
    await marionette.send('Addon:Install', { path: ADDON_DIR, temporary: true });
  } catch (error) {
    await close();
    throw error;
  }
  const client = marionette;

  /** Runs `script` with system privileges in the browser window; returns what it returns. */
  async function inChrome<T>(script: string, args: unknown[] = []): Promise<T> {
    await client.setContext('chrome');
    try {
      return await client.execute<T>(script, args);
    } finally {
      await client.setContext('content');
    }
  }

  const handles = () => client.send<string[]>('WebDriver:GetWindowHandles');
  async function switchToNew(known: string[]): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const handle = (await handles()).find((handle) => !known.includes(handle));
      if (handle) {
        await client.send('WebDriver:SwitchToWindow', { handle });
        return;
      }
      if (Date.now() > deadline) throw new Error('No new window or tab opened within 10 s.');
      await sleep(100);
    }
  }
  let panelHandle: string | undefined;

  return {
    marionette: client,
    handles,
    switchToNew,
    async openPanel() {
      const before = await handles();
      // Content cannot open moz-extension:// pages; the browser window can, as the system.
      await inChrome(
        `gBrowser.selectedTab = gBrowser.addTab(arguments[0], { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() });`,
        [PANEL_URL],
      );
      await switchToNew(before);
      panelHandle = await client.send<string>('WebDriver:GetWindowHandle');
      return new FirefoxPanel(client);
    },
    async backToPanel() {
      if (panelHandle === undefined) throw new Error('The panel was never opened.');
      await client.send('WebDriver:SwitchToWindow', { handle: panelHandle });
    },
    closePanel: () =>
      inChrome(
        `SidebarController.hide();
        for (const tab of gBrowser.tabs) if (tab.linkedBrowser.currentURI.spec === arguments[0]) gBrowser.removeTab(tab);`,
        [PANEL_URL],
      ),
    notifications: () =>
      inChrome<string[]>(
        `return [...Services.wm.getEnumerator('alert:alert')].map((alert) => alert.document.getElementById('alertTitleLabel').value).sort();`,
      ),
    async clickNotification(title) {
      await client.setContext('chrome');
      const browserWindow = await client.send<string>('WebDriver:GetWindowHandle');
      try {
        // In the chrome context the handles are the browser's windows; each alert is one.
        for (const handle of await handles()) {
          await client.send('WebDriver:SwitchToWindow', { handle });
          if ((await client.execute(`return document.getElementById('alertTitleLabel')?.value;`)) !== title) continue;
          // alert.js: a click on the alert tells its listener (the add-on's notifications.onClicked), then closes it.
          await new Locator(client).locator('#alertBox').click();
          return;
        }
        throw new Error(`No notification titled ${title}.`);
      } finally {
        await client.send('WebDriver:SwitchToWindow', { handle: browserWindow });
        await client.setContext('content');
      }
    },
    unloadBackground: () =>
      inChrome<string>(
        `const extension = WebExtensionPolicy.getByID(arguments[0]).extension;
        return extension.terminateBackground().then(() => extension.backgroundState);`,
        [ADDON_ID],
      ),
    backgroundState: () => inChrome<string>(`return WebExtensionPolicy.getByID(arguments[0]).extension.backgroundState;`, [ADDON_ID]),
    async restart() {
      // Quit as a person does, so that what the add-on stored is written before the profile is reused.
      const quitting = client.send('Marionette:Quit', { flags: ['eAttemptQuit'] }).catch(() => {});
      await Promise.race([Promise.all([quitting, exited]), sleep(15_000)]);
      await quit();
      return launchFirefox(prefs, profile);
    },
    close,
  };
}
