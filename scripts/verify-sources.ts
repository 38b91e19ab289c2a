/**
 * Checks the promise SOURCE_CODE_REVIEW.md makes to addons.mozilla.org: the sources zip
 * rebuilds the Firefox package byte for byte. Unpacks `.output/toolnexus-<version>-sources.zip`
 * (from `npm run zip`) into an empty folder, runs the commands of that file's own `## Build`
 * block there, and compares the new Firefox zip with the one beside the sources: the whole
 * file, then entry by entry. Not part of `npm test`: `npm ci` alone takes minutes.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import JSZip from 'jszip';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const sourcesZip = resolve(`.output/toolnexus-${version}-sources.zip`);
const firefoxZip = `.output/toolnexus-${version}-firefox.zip`;

async function unzip(zip: JSZip, into: string): Promise<void> {
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    const path = join(into, file.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, await file.async('nodebuffer'));
  }
}

/** The shell lines of the first ```sh block under `## Build`: what a reviewer is told to run. */
function buildCommands(instructions: string): string[] {
  const block = instructions.split(/^## Build$/m)[1]?.match(/^```sh\n([\s\S]*?)^```$/m)?.[1];
  if (!block) throw new Error('SOURCE_CODE_REVIEW.md has no ```sh block under "## Build".');
  return block.split('\n').filter((line) => line.trim() !== '');
}

async function entries(zipFile: Buffer): Promise<Map<string, Buffer>> {
  const zip = await JSZip.loadAsync(zipFile);
  const files = Object.values(zip.files).filter((file) => !file.dir);
  return new Map(await Promise.all(files.map(async (file) => [file.name, await file.async('nodebuffer')] as const)));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function main(): Promise<boolean> {
  if (!existsSync(sourcesZip) || !existsSync(firefoxZip)) throw new Error(`Run \`npm run zip\` first: ${sourcesZip} or ${firefoxZip} is missing.`);
  const folder = mkdtempSync(join(tmpdir(), 'toolnexus-sources-'));
  await unzip(await JSZip.loadAsync(readFileSync(sourcesZip)), folder);
  for (const command of buildCommands(readFileSync(join(folder, 'SOURCE_CODE_REVIEW.md'), 'utf8'))) {
    console.log(`\n$ ${command}   (in ${folder})`);
    execSync(command, { cwd: folder, stdio: 'inherit' });
  }

  const original = readFileSync(firefoxZip);
  const rebuilt = readFileSync(join(folder, firefoxZip));
  const [before, after] = [await entries(original), await entries(rebuilt)];
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  const differing = names.filter((name) => {
    const [was, is] = [before.get(name), after.get(name)];
    return !was || !is || !was.equals(is);
  });

  console.log(`\n${firefoxZip}: ${original.length} bytes, sha256 ${sha256(original)}`);
  console.log(`rebuilt from the sources: ${rebuilt.length} bytes, sha256 ${sha256(rebuilt)}`);
  console.log(original.equals(rebuilt) ? 'The zips are identical, byte for byte.' : 'The zips differ.');
  if (differing.length === 0) console.log(`All ${names.length} entries are identical.`);
  for (const name of differing) {
    console.log(`differs: ${name} (${!before.has(name) ? 'only in the rebuild' : !after.has(name) ? 'only in the original' : 'other bytes'})`);
  }

  const reproduced = original.equals(rebuilt) && differing.length === 0;
  // A failed check keeps the folder, to look at what was built.
  if (reproduced) rmSync(folder, { recursive: true, force: true });
  else console.log(`The rebuild is kept in ${folder}.`);
  return reproduced;
}

process.exitCode = (await main()) ? 0 : 1;
