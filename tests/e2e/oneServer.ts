/** The shape most e2e files share: one fixture server and the extension with its panel open, for the whole file. */
import { afterAll, beforeAll } from 'vitest';
import { type ExtensionBrowser, launchExtension } from './browser';
import { PanelPage } from './panel';

export interface OneServer<S> {
  readonly server: S;
  readonly browser: ExtensionBrowser;
  readonly panel: PanelPage;
}

/** Starts `start()` and the extension before the file's tests and closes both after them. */
export function withOneServer<S extends { close(): Promise<unknown> }>(start: () => Promise<S>): OneServer<S> {
  const held: { server?: S; browser?: ExtensionBrowser; panel?: PanelPage } = {};
  beforeAll(async () => {
    held.server = await start();
    held.browser = await launchExtension();
    held.panel = new PanelPage(await held.browser.openPanel());
  }, 60_000);
  afterAll(async () => {
    await held.browser?.close();
    await held.server?.close();
  });
  return {
    get server() {
      return held.server!;
    },
    get browser() {
      return held.browser!;
    },
    get panel() {
      return held.panel!;
    },
  };
}
