/**
 * bench/floor-worker's extension beside the product's: the same Chromium, the same panel port
 * and probe, a worker with the SDK v2 client and nothing else. Its rows are the floor under the
 * design (a worker behind a port), not a build being judged.
 */
import type { Page } from 'playwright-core';
import type { BenchBrowser } from './browser';
import type { ProbeWindow } from './probe';

export const FLOOR_LABEL = 'the floor: a worker with only the SDK client (bench/floor-worker)';
export const FLOOR_SERVER = 'floor';

/** The floor's panel, open with its worker connected to `serverUrl` (as server `FLOOR_SERVER`). */
export async function openFloorPanel(floor: BenchBrowser, serverUrl: string): Promise<Page> {
  await floor.saveServers([{ id: FLOOR_SERVER, url: serverUrl, name: 'Bench', enabled: true }]);
  // Woken afresh, it reads the server just saved.
  await floor.stopWorker();
  const page = await floor.openPanel();
  await page.evaluate(
    (id) =>
      (window as unknown as ProbeWindow).__probe.state(
        (state) => state.servers.some((server) => server.id === id && server.status === 'connected'),
        15_000,
        'the floor connected',
      ),
    FLOOR_SERVER,
  );
  return page;
}

/** Whether the floor's panel draws each result (bench/floor-worker/public/sidepanel.js). */
export async function drawsResults(page: Page, draws: boolean): Promise<void> {
  await page.evaluate((draws) => void ((globalThis as { drawsResults?: boolean }).drawsResults = draws), draws);
}
