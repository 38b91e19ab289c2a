/**
 * What a run measures: the working tree's build, and with `--baseline <ref>` that git ref's
 * build beside it, so that every figure is read next to its baseline from the same run on the
 * same machine (the benches interleave the two). The ref is taken out of git into a folder of
 * its own (`git archive`: its committed files, nothing of this tree's), given this tree's
 * node_modules, and built with its own wxt.config.ts into `.output/bench-baseline-<commit>`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXTENSION_DIR } from './browser';

export interface Build {
  /** Where the built extension is (its manifest.json). */
  dir: string;
  /** How its rows are named: `this tree`, or `baseline <ref> (<commit>)`. */
  label: string;
}

export const WORKING_TREE: Build = { dir: EXTENSION_DIR, label: 'this tree' };

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Builds `ref` (a branch, tag or commit) once per commit; a later run with the same commit reuses its build. */
export function buildBaseline(ref: string): Build {
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(`--baseline ${ref}: no such commit, branch or tag in this repository.`);
  }
  const short = commit.slice(0, 12);
  const label = `baseline ${ref === short || commit.startsWith(ref) ? short : `${ref} (${short})`}`;
  const out = resolve(`.output/bench-baseline-${short}`);
  const dir = join(out, 'chrome-mv3');
  if (existsSync(join(dir, 'manifest.json'))) return { dir, label };

  const source = join(tmpdir(), `toolnexus-bench-baseline-${short}`);
  if (!existsSync(join(source, 'package.json'))) {
    mkdirSync(source, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(source)}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  if (!existsSync(join(source, 'node_modules'))) symlinkSync(resolve('node_modules'), join(source, 'node_modules'), 'dir');
  if (readFileSync(join(source, 'package-lock.json'), 'utf8') !== readFileSync('package-lock.json', 'utf8')) {
    console.warn(`${label}: its package-lock.json differs from this tree's; it is built with this tree's node_modules.`);
  }
  // Its own app config, built as the bench builds this tree (bench/wxt.config.ts), into this tree's .output.
  writeFileSync(
    join(source, 'bench-baseline.config.ts'),
    [
      "import { defineConfig } from 'wxt';",
      "import app from './wxt.config';",
      `export default defineConfig({ ...app, root: process.cwd(), outDir: ${JSON.stringify(out)} });`,
      '',
    ].join('\n'),
  );
  const started = Date.now();
  const result = spawnSync('npx', ['wxt', 'build', '-c', 'bench-baseline.config.ts'], { cwd: source, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0 || !existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`Building ${label} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`built ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { dir, label };
}
