/**
 * The layers (docs/layers.md), checked on every run: lib/ is protocol and state that runs in
 * Node, components/ are presentational, entrypoints/ are the browser's edges. Each rule is
 * also tried on a planted offender, so a rule that can no longer fail is noticed.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Who may not import what: a folder, and the import specifiers its files must not use. */
const RULES: Array<{ folder: string; forbidden: RegExp; why: string }> = [
  {
    folder: 'lib',
    forbidden: /^(@\/)?(\.\.\/)*(components|entrypoints)\/|^webextension-polyfill$|^wxt(\/|$)|^preact(\/|$)|^@preact\//,
    why: 'lib/ runs in Node: no UI, no browser extension API',
  },
  { folder: 'components', forbidden: /^(@\/)?(\.\.\/)*entrypoints\/|^webextension-polyfill$|^wxt\/browser$/, why: 'components only render what they are given' },
];

function sourcesIn(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

/** Every module specifier a file imports or re-exports, statically or dynamically. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? match[2] ?? match[3]!,
  );
}

function violations(files: string[]): string[] {
  return RULES.flatMap(({ folder, forbidden, why }) =>
    files
      .filter((file) => file.startsWith(`${folder}/`))
      .flatMap((file) => importsOf(file).filter((specifier) => forbidden.test(specifier)).map((specifier) => `${file} imports ${specifier} (${why})`)),
  );
}

/** Writes `text` at `file` for the length of `check`. */
async function planted<T>(file: string, text: string, check: () => Promise<T> | T): Promise<T> {
  writeFileSync(join(ROOT, file), text);
  try {
    return await check();
  } finally {
    rmSync(join(ROOT, file), { force: true });
  }
}

describe('Layers', () => {
  it('lib/ and components/ import only what their layer may', () => {
    expect(violations([...sourcesIn('lib'), ...sourcesIn('components')])).toEqual([]);
  });

  it('a planted offender in each layer is caught', async () => {
    const offenders = {
      'lib/__layer_probe.ts': "import browser from 'webextension-polyfill';\nimport { App } from '../components/App';\nexport { browser, App };\n",
      'components/__layer_probe.tsx': "export { default } from '@/entrypoints/sidepanel/connection';\n",
    };
    for (const [file, text] of Object.entries(offenders)) {
      const found = await planted(file, text, () => violations([relative(ROOT, join(ROOT, file))]));
      expect(found.length, file).toBeGreaterThan(0);
    }
  });

  it('lib/ typechecks without the DOM or extension APIs, and a planted `document` fails it', async () => {
    const tsc = (project: string) => promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], { cwd: ROOT });
    await expect(tsc('tsconfig.lib.json')).resolves.toBeDefined();
    const failure = await planted('lib/__layer_probe.ts', 'export const title = document.title;\nexport const id = chrome.runtime.id;\n', () =>
      tsc('tsconfig.lib.json').then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      ),
    );
    expect(failure).toMatch(/__layer_probe\.ts.*Cannot find name 'document'/);
    expect(failure).toMatch(/Cannot find name 'chrome'/);
  }, 120_000);
});
