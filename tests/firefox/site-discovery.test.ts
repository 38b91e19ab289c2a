/**
 * Issue 28's site look in Firefox: the panel (the sidebar's page, here in a tab) sees the tab the
 * person was on, and the click reads what that site publishes, with each card's real origin.
 * (Firefox's computed name of a heading keeps its CSS capitals: "THIS SITE".)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SiteFixture, startSite } from '../fixtures/site';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';
import { readText } from '../readText';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let site: SiteFixture;
let bare: SiteFixture;

beforeAll(async () => {
  [site, bare] = await Promise.all([startSite(), startSite({ mode: 'nothing' })]);
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(async () => {
  await firefox?.close();
  await Promise.all([site?.close(), bare?.close()]);
});

/** A tab on `url`, then back to the panel, as a person turns to the sidebar from the page. */
async function visit(url: string): Promise<void> {
  const { handle } = await firefox.marionette.send<{ handle: string }>('WebDriver:NewWindow', { type: 'tab' });
  await firefox.marionette.send('WebDriver:SwitchToWindow', { handle });
  await firefox.marionette.send('WebDriver:Navigate', { url });
  await firefox.backToPanel();
}

describe('the site in the current tab, in Firefox', () => {
  it('finds what the site publishes, each card with where it came from', async () => {
    await visit(site.url);
    const section = panel.page.getByRole('region', { name: /^this site$/i });
    await section.getByRole('button', { name: `Look for an MCP server on ${new URL(site.origin).host}` }).click();
    await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain('found on');
    // The site's origin is isolated (U+2066…U+2069) in the sentence; read without the marks.
    const text = readText(await section.textContent());
    expect(text).toContain(`3 MCP servers found on ${site.origin}:`);
    expect(text).toContain(`a name of github.com, but the card came from ${new URL(site.origin).host}`);
    expect(text).toContain('192.168.1.1 is on a private network');
  });

  it('says so when the site publishes nothing', async () => {
    await visit(bare.url);
    const section = panel.page.getByRole('region', { name: /^this site$/i });
    await section.getByRole('button', { name: `Look for an MCP server on ${new URL(bare.origin).host}` }).click();
    await expect.poll(() => section.textContent(), { timeout: 20_000 }).toContain(`No MCP server found on ${bare.origin}.`);
    expect(bare.requests.filter((path) => path !== '/' && path !== '/favicon.ico')).toEqual(['/.well-known/ai-catalog.json', '/mcp/server-card']);
  });
});
