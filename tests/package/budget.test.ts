/**
 * What the Chrome store package weighs, held to bench/budget.json: every file gzipped, the
 * panel's first load, everything the panel can load, the MCP Apps host and the worker (all it
 * loads at its start). `npm test` runs `npm run zip` first, which builds .output/chrome-mv3-store.
 * Deterministic: the same sources build the same bytes, and gzip level 9 packs them alike.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Budget, overBudget, type Shipped, shippedSizes } from '../../bench/chunks';

const budget = JSON.parse(readFileSync('bench/budget.json', 'utf8')) as Budget;
const STORE_BUILD = '.output/chrome-mv3-store';

describe('the Chrome store package', () => {
  it('stays within bench/budget.json, file by file and in total', () => {
    expect(overBudget(shippedSizes(STORE_BUILD), budget)).toEqual([]);
  });

  it("keeps the panel's first load within issue 24's 30 KB", () => {
    expect(budget.totals['panel first load']).toBeLessThanOrEqual(30 * 1024);
  });
});

describe('the budget check', () => {
  const shipped = (): Shipped => shippedSizes(STORE_BUILD);
  const grown = (path: RegExp, bytes: number): Shipped => {
    const sizes = shipped();
    for (const list of Object.values(sizes)) for (const file of list) if (path.test(file.path)) file.gzip += bytes;
    return sizes;
  };

  it('fails a file that grows past its number, and the total it belongs to', () => {
    const over = grown(/^chunks\/sidepanel-/, 4_000);
    const problems = overBudget(over, budget);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^chunks\/sidepanel\.js is \d+ B gzip, past its/),
        expect.stringMatching(/^panel first load is \d+ B gzip, past its/),
      ]),
    );
  });

  it('fails the worker growing past its number', () => {
    expect(overBudget(grown(/^background\.js$/, 2_000), budget)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^worker \(background\.js, all it loads at its start\) is \d+ B gzip, past its/)]),
    );
  });

  it('fails a chunk it has no number for, and a number whose chunk is gone', () => {
    const sizes = shipped();
    sizes.panelLater.push({ path: 'chunks/NewThing-Abc12345.js', raw: 10, gzip: 10 });
    const file = sizes.panelLater.find((item) => item.path.startsWith('chunks/exportFiles-'))!;
    sizes.panelLater.splice(sizes.panelLater.indexOf(file), 1);
    expect(overBudget(sizes, budget)).toEqual([
      'chunks/NewThing.js (10 B gzip) is new: give it a number in bench/budget.json',
      'chunks/exportFiles.js is no longer built: take its number out of bench/budget.json',
    ]);
  });
});
