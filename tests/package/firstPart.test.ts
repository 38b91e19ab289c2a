/**
 * The panel's first part of the catalog in the store package (locales/firstPart.vite.ts): its
 * first-load code asks by position only, and every language has a file with a message at every
 * position, so a first render never shows a key or an empty label, in any language.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedSizes } from '../../bench/chunks';
import { firstKeys } from '../../locales/firstPart.vite';
import { languageTag } from '../../locales/build';
import { catalogMessages } from '../../locales/read';
import { type FirstEntry, firstPartPath } from '../../lib/i18n/firstPart';

const STORE_BUILD = '.output/chrome-mv3-store';
const code = (files: Array<{ path: string }>) =>
  files.filter((file) => file.path.endsWith('.js')).map((file) => readFileSync(join(STORE_BUILD, file.path), 'utf8'));
const firstPart = (tag: string) => JSON.parse(readFileSync(join(STORE_BUILD, firstPartPath(tag)), 'utf8')) as FirstEntry[];

describe("the panel's first part of the catalog", () => {
  it('leaves no key in the first-load code, and every key in the code loaded later', async () => {
    const english = await catalogMessages('en');
    const { panelInitial, panelLater } = shippedSizes(STORE_BUILD);
    expect(firstKeys(code(panelInitial), english)).toEqual([]);
    expect(firstKeys(code(panelLater), english).length).toBeGreaterThan(100);
  });

  it('has a file for each language the browser can pick, a message at every position of each', () => {
    const tags = readdirSync(join(STORE_BUILD, '_locales')).map(languageTag);
    const english = firstPart('en');
    expect(english.length).toBeGreaterThan(50);
    for (const tag of tags) {
      expect(existsSync(join(STORE_BUILD, firstPartPath(tag))), tag).toBe(true);
      const entries = firstPart(tag);
      expect(entries, tag).toHaveLength(english.length);
      entries.forEach((entry, position) => {
        // A plural where English has a plural, a message where it has one; never empty.
        expect(typeof entry, `${tag} ${position}`).toBe(typeof english[position]);
        expect(typeof entry === 'string' ? entry : entry.other, `${tag} ${position}`).toBeTruthy();
      });
    }
  });
});
