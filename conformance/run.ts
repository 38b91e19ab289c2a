/**
 * `npm run conformance`: runs every client scenario of the installed
 * `@modelcontextprotocol/conformance` release (all that `conformance list` names, i.e. the
 * `--suite all` set) against conformance/client.ts, judges the results more strictly than
 * the suite does, and writes conformance/RESULTS.md.
 *
 * The suite needs Node 22 (it calls `fs.globSync`); this project runs on Node 20. Node 22 is
 * fetched once from npm (`node-<platform>-<arch>@22`, the official binary repackaged) into
 * node_modules/.cache/node22/ and used for the suite alone; the machine is left as it is.
 * The harness runs on the Node that runs this script (the project's), bundled once with
 * esbuild so that each of its 26 runs starts in a fraction of a second instead of compiling
 * TypeScript (tsx conformance/client.ts <url> runs it unbundled, for debugging).
 *
 * A scenario passes when it has at least one SUCCESS check, no FAILURE, no WARNING, and the
 * harness reports that the session ended as the scenario expects. The suite's own verdict is
 * not enough: a client that does nothing passes some scenarios with no checks at all, and
 * `--suite` mode ignores the client's exit code. Scenarios in expected-failures.json must
 * fail (a pass there is a stale entry). Anything else exits non-zero.
 *
 *   npm run conformance                       all scenarios; rewrites RESULTS.md
 *   npm run conformance -- auth/basic-cimd    just these (RESULTS.md untouched)
 */
import { build } from 'esbuild';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../lib/errorMessage';
import { catalogMessages } from '../locales/read';

const NODE22 = '22.23.5';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'node_modules', '.cache');
const HERE = join(ROOT, 'conformance');
const require = createRequire(import.meta.url);

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  description: string;
  errorMessage?: string;
}

interface ExpectedFailures {
  conformance: string;
  scenarios: Record<string, string>;
}

interface Outcome {
  scenario: string;
  specs: string;
  passed: number;
  total: number;
  /** `pass`, `expected` (an expected failure that failed), or `fail`. */
  result: 'pass' | 'expected' | 'fail';
  /** Why it failed, for the console (and the stale-entry note). */
  why: string[];
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

/** Node 22 for the suite: this one if it is 22+, else the npm-packaged binary, fetched once. */
function node22(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const target = join(CACHE, 'node22', NODE22);
  const binary = join(target, 'bin', 'node');
  if (!existsSync(binary)) {
    const spec = `node-${process.platform}-${process.arch}@${NODE22}`;
    log(`Fetching Node ${NODE22} for the suite (${spec}, once, into ${relative(ROOT, target)})…`);
    const download = mkdtempSync(join(tmpdir(), 'node22-'));
    try {
      const tarball = execFileSync('npm', ['pack', spec, '--pack-destination', download, '--silent'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1)!;
      mkdirSync(target, { recursive: true });
      execFileSync('tar', ['xzf', join(download, tarball), '-C', target, '--strip-components=1']);
    } finally {
      rmSync(download, { recursive: true, force: true });
    }
  }
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith('v22.')) throw new Error(`${binary} is ${version}, not Node 22; delete ${target} and run again.`);
  return binary;
}

async function bundleHarness(): Promise<string> {
  const outfile = join(CACHE, 'toolnexus-conformance', 'client.mjs');
  await build({
    entryPoints: [join(HERE, 'client.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // Bundled CommonJS dependencies still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  // The product's words, English, as the browser would hand them over: the harness reads them beside itself (client.ts).
  writeFileSync(join(dirname(outfile), 'messages.json'), JSON.stringify(Object.fromEntries(await catalogMessages('en'))));
  return outfile;
}

function suiteCli(): { bin: string; version: string } {
  const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
  const { version, bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string; bin: { conformance: string } };
  return { bin: join(dirname(manifest), bin.conformance), version };
}

/** Client scenarios of this release, with their spec versions, from `conformance list`. */
function listScenarios(node: string, cli: string): Map<string, string> {
  const listing = execFileSync(node, [cli, 'list'], { encoding: 'utf8' });
  const section = listing.split(/^Client scenarios.*$/m)[1] ?? '';
  const scenarios = new Map<string, string>();
  for (const match of section.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?/gm)) scenarios.set(match[1]!, (match[2] ?? '').replace(/,/g, ', '));
  if (scenarios.size === 0) throw new Error(`Could not read the client scenarios from \`conformance list\`:\n${listing}`);
  return scenarios;
}

/** Scenarios that time the client to within 200 ms: run alone, after the others. */
const TIMING_SENSITIVE = new Set(['sse-retry']);

/**
 * Runs each scenario through the suite's CLI (`client --scenario`), a few at a time. `--suite
 * all` would start all of them at once, and on a small CI machine the CPU contention alone
 * makes sse-retry's timing check (reconnect after `retry: 500` ms, 200 ms late at most) flaky.
 */
async function runScenarios(node: string, cli: string, harness: string, outDir: string, scenarios: string[]): Promise<void> {
  // The suite splits --command on spaces and runs it through a shell.
  if (/\s/.test(process.execPath + harness)) throw new Error(`The harness command cannot contain spaces: ${process.execPath} ${harness}`);
  const command = `${process.execPath} ${harness}`;
  const queue = scenarios.filter((scenario) => !TIMING_SENSITIVE.has(scenario));
  const runOne = (scenario: string) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const output: Buffer[] = [];
      const child = spawn(node, [cli, 'client', '--command', command, '--scenario', scenario, '--output-dir', outDir, '--timeout', '30000'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', reject);
      // The suite's own exit code is not the verdict: judge() reads what it saved.
      child.on('close', () => {
        writeFileSync(join(outDir, `${scenario.replace(/\//g, '_')}.log`), Buffer.concat(output));
        log(`  ran ${scenario} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        resolve();
      });
    });
  const worker = async () => {
    for (let scenario = queue.shift(); scenario !== undefined; scenario = queue.shift()) await runOne(scenario);
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
  for (const scenario of scenarios.filter((name) => TIMING_SENSITIVE.has(name))) await runOne(scenario);
}

/** `<outDir>/<scenario>-<ISO timestamp>/checks.json` → scenario → that directory. */
function resultDirs(outDir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (!statSync(path).isDirectory()) continue;
      if (existsSync(join(path, 'checks.json'))) {
        const scenario = relative(outDir, path)
          .split(sep)
          .join('/')
          .replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
        found.set(scenario, path);
      } else {
        walk(path);
      }
    }
  };
  walk(outDir);
  return found;
}

function judge(scenario: string, specs: string, dir: string | undefined, expected: string | undefined): Outcome {
  if (!dir) return { scenario, specs, passed: 0, total: 0, result: 'fail', why: ['the suite produced no result for it'] };
  const checks = JSON.parse(readFileSync(join(dir, 'checks.json'), 'utf8')) as Check[];
  const count = (status: Check['status']) => checks.filter((check) => check.status === status).length;
  const passed = count('SUCCESS');
  const total = passed + count('FAILURE') + count('WARNING');
  const why = checks
    .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? check.description}`);
  if (passed === 0) why.push('no check passed (a client that does nothing gets this too)');
  const stdout = existsSync(join(dir, 'stdout.txt')) ? readFileSync(join(dir, 'stdout.txt'), 'utf8') : '';
  const verdict = stdout.match(/^toolnexus-harness: (PASS|FAIL) .*$/m);
  if (!verdict) why.push('the harness did not finish (see stderr.txt)');
  else if (verdict[1] === 'FAIL') why.push(verdict[0]);
  const failed = why.length > 0;
  if (expected !== undefined) {
    return failed
      ? { scenario, specs, passed, total, result: 'expected', why }
      : { scenario, specs, passed, total, result: 'fail', why: ['passes now: remove it from conformance/expected-failures.json'] };
  }
  return { scenario, specs, passed, total, result: failed ? 'fail' : 'pass', why };
}

function resultsMarkdown(version: string, outcomes: Outcome[], expected: ExpectedFailures): string {
  const label = { pass: '✅ pass', expected: '⚠️ expected failure', fail: '❌ FAIL' } as const;
  const passing = outcomes.filter((outcome) => outcome.result === 'pass').length;
  const rows = outcomes.map(
    (outcome) => `| \`${outcome.scenario}\` | ${outcome.specs} | ${outcome.passed}/${outcome.total} | ${label[outcome.result]} |`,
  );
  const reasons = Object.entries(expected.scenarios).map(([scenario, reason]) => `- \`${scenario}\`: ${reason}`);
  return [
    '# MCP conformance: client scenarios',
    '',
    `\`npm run conformance\` runs every client scenario of \`@modelcontextprotocol/conformance\` ${version}`,
    "(the `--suite all` set) against toolnexus's own client core (`lib/mcp` with its one answer check,",
    '`lib/auth`) through `conformance/client.ts`, with a scripted person answering forms and consent and a',
    "headless browser following the authorization server's redirects. A scenario passes with at least",
    'one passing check, no failed check, no warning, and a session that ended as the scenario expects.',
    '',
    `**${passing} of ${outcomes.length} scenarios pass**; the others are expected failures, listed below with the reason.`,
    '',
    '| Scenario | Spec | Checks passed / total | Result |',
    '|---|---|---|---|',
    ...rows,
    '',
    '## Expected failures',
    '',
    ...reasons,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const expected = JSON.parse(readFileSync(join(HERE, 'expected-failures.json'), 'utf8')) as ExpectedFailures;
  const { bin, version } = suiteCli();
  if (expected.conformance !== version) {
    throw new Error(
      `conformance/expected-failures.json was written for ${expected.conformance}, but ${version} is installed: review it, then set "conformance" to ${version}.`,
    );
  }
  const node = node22();
  const scenarios = listScenarios(node, bin);
  for (const name of [...only, ...Object.keys(expected.scenarios)]) {
    if (!scenarios.has(name)) throw new Error(`${name} is not a client scenario of @modelcontextprotocol/conformance ${version}.`);
  }
  const harness = await bundleHarness();
  const outDir = join(CACHE, 'toolnexus-conformance', 'results', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(outDir, { recursive: true });
  log(
    `Running ${only.length > 0 ? only.join(', ') : `all ${scenarios.size} client scenarios`} of @modelcontextprotocol/conformance ${version} on Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}; toolnexus on Node ${process.version}.`,
  );
  const selected = [...scenarios.keys()].filter((scenario) => only.length === 0 || only.includes(scenario));
  await runScenarios(node, bin, harness, outDir, selected);

  const dirs = resultDirs(outDir);
  const outcomes = selected.map((scenario) => judge(scenario, scenarios.get(scenario)!, dirs.get(scenario), expected.scenarios[scenario]));

  log('\n=== toolnexus verdict ===');
  for (const outcome of outcomes) {
    const mark = { pass: 'pass    ', expected: 'expected', fail: 'FAIL    ' }[outcome.result];
    log(`${mark} ${outcome.scenario} (${outcome.passed}/${outcome.total} checks)`);
    if (outcome.result !== 'pass') for (const line of outcome.why) log(`         ${line}`);
  }
  if (only.length === 0) {
    writeFileSync(join(HERE, 'RESULTS.md'), resultsMarkdown(version, outcomes, expected));
    log(`\nWrote conformance/RESULTS.md. Raw results: ${relative(ROOT, outDir)}`);
  } else {
    log(`\nRaw results: ${relative(ROOT, outDir)}`);
  }
  const regressions = outcomes.filter((outcome) => outcome.result === 'fail');
  if (regressions.length > 0) {
    log(`\n${regressions.length} scenario(s) regressed: ${regressions.map((outcome) => outcome.scenario).join(', ')}`);
    process.exit(1);
  }
  log(
    `\nConformance: ${outcomes.filter((outcome) => outcome.result === 'pass').length} passed, ${outcomes.filter((outcome) => outcome.result === 'expected').length} expected failures.`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${errorMessage(error)}\n`);
  process.exit(1);
});
