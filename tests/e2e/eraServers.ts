/** The rig e2e suites share: Chromium with the extension, its panel, and a 2025-11-25 and a 2026-07-28 fixture server added. */
import { afterAll, beforeAll } from 'vitest';
import { startLegacyServer, startModernServer, type FixtureServer } from '../fixtures/servers';
import { launchExtension, type ExtensionBrowser } from './browser';
import { PanelPage } from './panel';

export interface EraRig {
  browser: ExtensionBrowser;
  panel: PanelPage;
  legacy: FixtureServer;
  modern: FixtureServer;
}

export async function launchWithEraServers(): Promise<EraRig> {
  const [legacy, modern] = await Promise.all([startLegacyServer(), startModernServer()]);
  const browser = await launchExtension();
  const panel = new PanelPage(await browser.openPanel());
  await panel.addServer(legacy.url);
  await panel.addServer(modern.url);
  return { browser, panel, legacy, modern };
}

/** Closes what a rig holds; any part may be missing when its launch failed. */
export async function closeRig({ browser, legacy, modern }: Partial<EraRig>): Promise<void> {
  await browser?.close();
  await Promise.all([legacy?.close(), modern?.close()]);
}

/** Launches a rig before the suite and closes it after; the object returned holds it meanwhile. */
export function eraRigForSuite(): EraRig {
  const rig = {} as EraRig;
  beforeAll(async () => {
    Object.assign(rig, await launchWithEraServers());
  });
  afterAll(() => closeRig(rig));
  return rig;
}
