/**
 * The store packages as a store receives them: `npm test` runs `npm run zip` first, and each
 * zip's own manifest.json is checked here against SECURITY.md's Permissions table.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';

type Browser = 'Chrome' | 'Firefox';
type Manifest = Record<string, unknown> & {
  version: string;
  browser_specific_settings?: { gecko?: { id?: string; strict_min_version?: string } };
};

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

async function manifestOf(browser: Browser): Promise<Manifest> {
  const zip = await JSZip.loadAsync(readFileSync(resolve(`.output/toolnexus-${version}-${browser.toLowerCase()}.zip`)));
  const manifest = zip.file('manifest.json');
  if (!manifest) throw new Error(`The ${browser} package has no manifest.json.`);
  return JSON.parse(await manifest.async('string')) as Manifest;
}

/** SECURITY.md's Permissions table, as `{ manifest key: values }` for one browser. */
function declaredPermissions(browser: Browser): Record<string, string[]> {
  const section = readFileSync('SECURITY.md', 'utf8')
    .split(/^## Permissions$/m)[1]
    ?.split(/^## /m)[0];
  if (!section) throw new Error('SECURITY.md has no "## Permissions" section.');
  const declared: Record<string, string[]> = {};
  for (const row of section.matchAll(/^\| `([a-z_]+)` \| `([^`]+)` \| ([^|]+) \|/gm)) {
    const [, key, value, browsers] = row as unknown as [string, string, string, string];
    if (browsers.split(',').some((name) => name.trim() === browser)) (declared[key] ??= []).push(value);
  }
  return declared;
}

/** Every top-level `…permissions` member of a manifest, so an unlisted kind fails too. */
function askedPermissions(manifest: Manifest): Record<string, string[]> {
  return Object.fromEntries(Object.entries(manifest).filter(([key]) => key.endsWith('permissions'))) as Record<string, string[]>;
}

describe.each<Browser>(['Chrome', 'Firefox'])('the %s store package', (browser) => {
  it('asks for exactly the permissions SECURITY.md lists', async () => {
    const declared = declaredPermissions(browser);
    expect(Object.keys(declared)).not.toHaveLength(0);
    const asked = askedPermissions(await manifestOf(browser));
    expect(Object.keys(asked).sort()).toEqual(Object.keys(declared).sort());
    for (const [key, values] of Object.entries(declared)) expect([...(asked[key] ?? [])].sort(), key).toEqual([...values].sort());
  });

  it("carries package.json's version", async () => {
    expect((await manifestOf(browser)).version).toBe(version);
  });
});

describe('the Chrome store package', () => {
  it('carries no key, so the Chrome Web Store assigns the id', async () => {
    expect(await manifestOf('Chrome')).not.toHaveProperty('key');
  });
});

describe('the Firefox store package', () => {
  // The add-on id fixes the OAuth redirect URL servers register (README, Firefox), and 140 is
  // the first ESR with data_collection_permissions.
  it('names its add-on id and the Firefox it needs', async () => {
    const gecko = (await manifestOf('Firefox')).browser_specific_settings?.gecko;
    expect(gecko?.id).toBe('toolnexus@toolnexus');
    expect(gecko?.strict_min_version).toBe('140.0');
  });

  // Firefox for Android has no sidebar, and nothing here tests it (README, Firefox).
  it('declares no Firefox for Android', async () => {
    expect((await manifestOf('Firefox')).browser_specific_settings).not.toHaveProperty('gecko_android');
  });
});
