/**
 * Issue 28's registry search in the Firefox sidebar page: nothing fetched before Search, a local
 * registry searched from the welcome, a deprecated entry said, and a result added through its
 * variable and secret header until it is connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../fixtures/loopback-http';
import { type RegistryFixture, recordsAround, startRegistry } from '../fixtures/registry';
import { startShowcaseServer } from '../fixtures/servers';
import { type FirefoxWithAddon, launchFirefox } from './browser';
import type { FirefoxPanel } from './panel';

let firefox: FirefoxWithAddon;
let panel: FirefoxPanel;
let showcase: FixtureServer;
let registry: RegistryFixture;

beforeAll(async () => {
  showcase = await startShowcaseServer();
  registry = await startRegistry(recordsAround(showcase.url));
  firefox = await launchFirefox();
  panel = await firefox.openPanel();
});

afterAll(async () => {
  await firefox?.close();
  await registry?.close();
  await showcase?.close();
});

describe('the registry search, in Firefox', () => {
  const welcome = () => panel.page.getByRole('region', { name: 'Welcome to toolnexus' });

  it('searches only when asked, says what it found, and adds a result through its fields', async () => {
    const search = welcome().locator('section.registry-search');
    await welcome().waitFor({ timeout: 20_000 });
    await search.waitFor({ timeout: 20_000 });
    expect(registry.requests).toEqual([]);
    await search.locator('summary').click();
    await search.getByLabel('Registry address').fill(registry.url);
    await search.getByLabel('Find servers by name').fill('showcase');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const results = search.locator('.registry-results > li');
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(2);
    expect(registry.requests).toEqual(['/v0.1/servers?limit=30&version=latest&search=showcase']);
    const text = await search.locator('.registry-results').textContent();
    expect(text).toContain('Every kind of content, form and tool.');
    expect(text).toContain('The registry marks this server deprecated: Use io.github.toolnexus/showcase.');

    await search.getByRole('button', { name: 'Add Showcase (streamable-http, http://127.0.0.1:{port})' }).click();
    const form = welcome().locator('form.offer-form');
    await form.getByLabel('port (required)').fill(new URL(showcase.url).port);
    await form.getByLabel('X-Api-Key (required)').fill('k-firefox');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect.poll(() => panel.serverStatus('Showcase'), { timeout: 20_000 }).toBe('Connected');
  });
});
