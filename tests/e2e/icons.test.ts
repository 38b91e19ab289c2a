/**
 * Issue 14, icons, in Chromium: a server's icons show beside its name and its tools', a
 * data: image and one on the server's own origin load, and an icon on any other origin is
 * never requested (that origin counts 0 requests) — the panel makes no third-party requests.
 */
import { describe, expect, it } from 'vitest';
import { startIconServer } from '../fixtures/icon-server';
import { withExtension } from './rig';

const NAME = 'Icons';
const run = withExtension(startIconServer);

/** The icon images in a region, each with whether it loaded. */
const iconsIn = (region: ReturnType<typeof run.panel.page.getByRole>) =>
  region
    .locator('img.icon')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({ src: image.currentSrc.slice(0, 30), loaded: image.complete && image.naturalWidth > 0 })),
    );

describe('icons', () => {
  it('show for the server and its tools, from data: and the server’s own origin only', async () => {
    const { panel, server } = run;
    await panel.addServer(server.url);
    await expect.poll(() => panel.serverStatus(NAME)).toBe('Connected');
    await expect.poll(() => iconsIn(panel.server(NAME))).toEqual([{ src: 'data:image/svg+xml;base64,PHN2', loaded: true }]);

    await panel.tab('Tools');
    await expect.poll(() => iconsIn(panel.tool(NAME, 'painted'))).toEqual([{ src: 'data:image/svg+xml;base64,PHN2', loaded: true }]);
    await expect
      .poll(() => iconsIn(panel.tool(NAME, 'home')))
      .toEqual([{ src: `${new URL(server.url).origin}/icon.png`.slice(0, 30), loaded: true }]);
    expect(server.ownRequests()).toBeGreaterThan(0);
    expect(await panel.tool(NAME, 'stranger').locator('img').count()).toBe(0);

    await panel.tab('Resources');
    await panel.page.getByRole('button', { name: 'Read icons://notes' }).waitFor();
    await panel.tab('Prompts');
    await panel.page.getByRole('article', { name: 'Prompt hello' }).waitFor();
    expect(await panel.page.locator('img[src*="resource.png"], img[src*="prompt.png"], img[src*="spy.png"]').count()).toBe(0);
    expect(server.foreignRequests()).toBe(0);
  });

  it('follow the theme: a dark panel shows the dark icon', async () => {
    const { panel } = run;
    await panel.page.emulateMedia({ colorScheme: 'dark' });
    await panel.tab('Tools');
    const painted = panel.tool(NAME, 'painted').locator('img.icon');
    const dark = await painted.evaluate((image) => (image as HTMLImageElement).currentSrc);
    await panel.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => painted.evaluate((image) => (image as HTMLImageElement).currentSrc)).not.toBe(dark);
    expect(Buffer.from(dark.split(',')[1]!, 'base64').toString()).toContain('#4ade80');
    expect(run.server.foreignRequests()).toBe(0);
  });
});
