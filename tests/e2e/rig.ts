/** The shape most e2e files share: their fixture servers and the extension with its panel open, for the whole file. */
import { afterAll, beforeAll } from 'vitest';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

interface Closable {
  close(): Promise<unknown>;
}

export interface Rig<S> {
  /** What `start` gave: one server, several, or nothing. */
  readonly server: S;
  readonly browser: ExtensionBrowser;
  readonly panel: PanelPage;
  /** Restarts the browser on the same profile (ExtensionBrowser.restart) and opens the panel again. */
  restart(): Promise<void>;
}

/**
 * Starts `start()`, then the extension with its panel open, before the file's tests (then
 * `ready`, e.g. adding the servers), and closes the browser and every server after them.
 */
export function withExtension<S extends Closable | readonly Closable[] | undefined = undefined>(
  start?: () => Promise<S>,
  ready?: (rig: Rig<S>) => Promise<unknown>,
  timeoutMs = 60_000,
): Rig<S> {
  const held: { server?: S; browser?: ExtensionBrowser; panel?: PanelPage } = {};
  const rig: Rig<S> = {
    get server() {
      return held.server as S;
    },
    get browser() {
      return held.browser!;
    },
    get panel() {
      return held.panel!;
    },
    async restart() {
      held.browser = await held.browser!.restart();
      held.panel = new PanelPage(await held.browser.openPanel());
    },
  };
  beforeAll(async () => {
    held.server = await start?.();
    held.browser = await launchExtension();
    held.panel = new PanelPage(await held.browser.openPanel());
    await ready?.(rig);
  }, timeoutMs);
  afterAll(async () => {
    await held.browser?.close();
    const servers: readonly (Closable | undefined)[] = Array.isArray(held.server) ? held.server : [held.server as Closable | undefined];
    await Promise.all(servers.map((server) => server?.close()));
  });
  return rig;
}
