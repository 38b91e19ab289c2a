/**
 * The house's rules (docs/layers.md), each kept by a well-kept tool and checked on every run:
 * imports (dependency-cruiser: no circle anywhere, lib/ runs in Node, components/ are
 * presentational), sizes (Biome: no file past 400 lines, no function past 120 in lib/,
 * components/ and entrypoints/), unused files, exports and dependencies (knip), and lib/'s
 * types without the DOM (tsc). Each is also run with a planted offender, so a rule that can
 * no longer fail is noticed.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const run = promisify(execFile);
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

/** A tool's report, whether it passed or failed (they exit 1 on a finding). */
async function report(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(bin(command), args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw new Error(`${command} failed without a report: ${stderr}`);
    return stdout;
  }
}

const SOURCES = ['lib', 'components', 'entrypoints', 'tests', 'bench', 'demo', 'conformance', 'scripts'];

async function importViolations(): Promise<string[]> {
  const { summary } = JSON.parse(await report('depcruise', [...SOURCES, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'])) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string; cycle?: Array<{ name: string }> }> };
  };
  return summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
}

async function sizeViolations(): Promise<string[]> {
  const only = ['--only=style/noExcessiveLinesPerFile', '--only=complexity/noExcessiveLinesPerFunction'];
  const { diagnostics } = JSON.parse(await report('biome', ['lint', ...only, '--reporter=json', 'lib', 'components', 'entrypoints'])) as {
    diagnostics: Array<{ category: string; location: { path: string } }>;
  };
  return diagnostics.map(({ category, location }) => `${category}: ${location.path}`);
}

async function unused(): Promise<string[]> {
  const { issues } = JSON.parse(await report('knip', ['--reporter', 'json', '--no-progress'])) as {
    issues: Array<{ file: string; files?: unknown[]; exports?: Array<{ name: string }>; dependencies?: Array<{ name: string }> }>;
  };
  return issues.flatMap(({ file, files = [], exports = [], dependencies = [] }) => [
    ...(files.length > 0 ? [`unused file: ${file}`] : []),
    ...exports.map(({ name }) => `unused export: ${file} ${name}`),
    ...dependencies.map(({ name }) => `unused dependency: ${name}`),
  ]);
}

const typecheckLib = () =>
  run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.lib.json'], { cwd: ROOT }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );

/** One offender for each rule, planted while the tools run a second time. */
const OFFENDERS: Record<string, string> = {
  'lib/__rule_probe_circle_a.ts': "import { b } from './__rule_probe_circle_b';\nexport const a = () => b;\n",
  'lib/__rule_probe_circle_b.ts': "import { a } from './__rule_probe_circle_a';\nexport const b = () => a;\n",
  'lib/__rule_probe_layer.ts':
    "import browser from 'webextension-polyfill';\nimport { AppFrame } from '@/components/apps/AppFrame';\nexport const probe = [browser, AppFrame];\nexport { nothing } from '@/lib/__no_such_file';\n",
  'components/__rule_probe_layer.tsx': "export { default } from '@/entrypoints/sidepanel/connection';\n",
  'lib/__rule_probe_dom.ts': 'export const title = document.title;\nexport const id = chrome.runtime.id;\n',
  'lib/__rule_probe_long_file.ts': `${Array.from({ length: 401 }, (_, index) => `export const line${index} = ${index};`).join('\n')}\n`,
  'lib/__rule_probe_long_function.ts': `export function long(): number {\n  let sum = 0;\n${Array.from({ length: 121 }, (_, index) => `  sum += ${index};`).join('\n')}\n  return sum;\n}\n`,
  'lib/__rule_probe_exports.ts': 'export const used = 1;\nexport const neverImported = 2;\n',
  'tests/unit/__rule_probe.test.ts': "import { used } from '../../lib/__rule_probe_exports';\nexport const probe = used;\n",
};

describe('The house rules', () => {
  it('hold for the whole tree', async () => {
    const [imports, sizes, unusedCode, libTypes] = await Promise.all([importViolations(), sizeViolations(), unused(), typecheckLib()]);
    expect(imports).toEqual([]);
    expect(sizes).toEqual([]);
    expect(unusedCode).toEqual([]);
    expect(libTypes).toBe('');
  }, 180_000);

  describe('with an offender planted for each', () => {
    beforeAll(() => {
      for (const [file, text] of Object.entries(OFFENDERS)) {
        mkdirSync(dirname(join(ROOT, file)), { recursive: true });
        writeFileSync(join(ROOT, file), text);
      }
    });
    afterAll(() => {
      for (const file of Object.keys(OFFENDERS)) rmSync(join(ROOT, file), { force: true });
    });

    it('dependency-cruiser finds the circle, both layer breaches and an import it cannot follow', async () => {
      const found = await importViolations();
      expect(found).toContainEqual(expect.stringMatching(/^no-circular: lib\/__rule_probe_circle_a\.ts → lib\/__rule_probe_circle_b\.ts/));
      expect(found).toContainEqual(expect.stringMatching(/^lib-runs-in-node: lib\/__rule_probe_layer\.ts → node_modules\/webextension-polyfill\//));
      expect(found).toContainEqual('lib-runs-in-node: lib/__rule_probe_layer.ts → components/apps/AppFrame.tsx');
      expect(found).toContain('resolvable: lib/__rule_probe_layer.ts → @/lib/__no_such_file');
      expect(found).toContainEqual(expect.stringMatching(/^components-are-presentational: components\/__rule_probe_layer\.tsx → entrypoints\//));
    }, 120_000);

    it('Biome finds the 401-line file and the 121-line function', async () => {
      const found = await sizeViolations();
      expect(found).toContain('lint/style/noExcessiveLinesPerFile: lib/__rule_probe_long_file.ts');
      expect(found).toContain('lint/complexity/noExcessiveLinesPerFunction: lib/__rule_probe_long_function.ts');
    }, 120_000);

    it('knip finds the unused file and the unused export', async () => {
      const found = await unused();
      expect(found).toContain('unused file: lib/__rule_probe_dom.ts');
      expect(found).toContain('unused export: lib/__rule_probe_exports.ts neverImported');
    }, 120_000);

    it('lib/ does not typecheck with `document` or `chrome` in it', async () => {
      const failure = await typecheckLib();
      expect(failure).toMatch(/__rule_probe_dom\.ts.*Cannot find name 'document'/);
      expect(failure).toMatch(/Cannot find name 'chrome'/);
    }, 120_000);
  });
});
