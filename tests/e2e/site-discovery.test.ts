import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startShowcaseServer } from '../fixtures/servers';
import { startSite } from '../fixtures/site';
import { withExtension } from './rig';

const rig = withExtension(async () => {
  const server = await startShowcaseServer();
  const [site, bare] = await Promise.all([startSite({ remoteUrl: server.url }), startSite({ mode: 'nothing' })]);
  return [server, site, bare] as const;
});

/** What the extension asked of a site: everything but the page and its favicon, which the tab itself loads. */
const asked = (requests: string[]) => requests.filter((path) => path !== '/' && path !== '/favicon.ico');

/** A tab on `url`, as the person has it open when they turn to the panel. */
async function visit(url: string): Promise<Page> {
  const page = await rig.browser.context.newPage();
  await page.goto(url);
  return page;
}

const welcomeSite = () => rig.panel.page.getByRole('region', { name: 'This site' }).first();

describe('the site in the current tab', () => {
  it('finds the servers a site publishes, and adds one: connected, and its tool runs', async () => {
    const [server, site] = rig.server;
    const tab = await visit(site.url);
    const host = new URL(site.origin).host;
    const look = welcomeSite().getByRole('button', { name: `Look for an MCP server on ${host}` });
    await look.click();
    const results = welcomeSite().getByRole('list', { name: `MCP servers on ${site.origin}` });
    await results.waitFor();
    expect(await welcomeSite().getByRole('status').first().textContent()).toBe(`3 MCP servers found on \u2066${site.origin}\u2069:`);
    // A card that calls itself GitHub's is shown with where it really came from.
    const impostor = results.getByRole('listitem').filter({ hasText: 'com.github/github' }).first();
    expect(await impostor.textContent()).toContain(`Card from ${site.origin}`);
    expect(await impostor.textContent()).toContain(`a name of github.com, but the card came from ${host}`);
    // Only the card's data: icon is in the page; its https icon was never asked for.
    const own = results.getByRole('listitem', { name: 'Site Fixture Server' });
    expect(await own.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // What was left out is said, in words.
    expect(await welcomeSite().locator('.site-problems').textContent()).toContain('192.168.1.1 is on a private network');

    await own.getByRole('button', { name: /^Add Site Fixture Server/ }).click();
    const form = rig.panel.page.getByRole('form', { name: 'Add Site Fixture Server' });
    expect(await form.textContent()).toContain(`Described by the site ${site.origin}`);
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => rig.panel.serverStatus('Site Fixture Server'), { timeout: 20_000 }).toBe('Connected');
    await rig.panel.runTool('Site Fixture Server', 'show_content');
    await expect.poll(() => rig.panel.result('show_content').locator('.status').textContent()).toMatch(/^done/);
    expect(server.traffic.some((exchange) => exchange.messages.includes('tools/call'))).toBe(true);
    await tab.close();
  });

  it('says so when the site publishes nothing, and asks no other site', async () => {
    const [, site, bare] = rig.server;
    const before = site.requests.length;
    const tab = await visit(bare.url);
    await rig.panel.tab('Servers');
    const section = rig.panel.page.getByRole('region', { name: 'This site' }).first();
    const button = section.getByRole('button', { name: `Look for an MCP server on ${new URL(bare.origin).host}` });
    await button.waitFor();
    // The panel knows the tab's site, and has asked it nothing: only the click does.
    expect(asked(bare.requests)).toEqual([]);
    await section.getByRole('button', { name: `Look for an MCP server on ${new URL(bare.origin).host}` }).click();
    await section.getByText(`No MCP server found on ${bare.origin}.`).waitFor();
    expect(await section.locator('.site-problems').textContent()).toContain(
      `${bare.origin} publishes no MCP server: no AI Catalog at /.well-known/ai-catalog.json and no server card at /mcp/server-card (both HTTP 404).`,
    );
    expect(asked(bare.requests)).toEqual(['/.well-known/ai-catalog.json', '/mcp/server-card']);
    expect(site.requests.length).toBe(before);
    await tab.close();
  });
});
