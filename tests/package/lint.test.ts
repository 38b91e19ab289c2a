/**
 * The Firefox store package as addons.mozilla.org's linter sees it: `web-ext lint` on
 * .output/firefox-mv3-store (`npm test` runs `npm run zip` first, which builds it), every message
 * compared with the reviewer's note (docs/store/firefox-review.md), so that a new warning cannot
 * ship unseen and the note cannot keep a warning that is gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import webExt, { type LintMessage } from 'web-ext';
import { describe, expect, it } from 'vitest';

const PACKAGE = '.output/firefox-mv3-store';
const NOTE = 'docs/store/firefox-review.md';

/** A message as the note names it: kind, code, file (a chunk without its content hash) and the manifest key it is about. */
function named(message: LintMessage): string {
  const file = (message.file ?? '').replace(/-[\w-]{8}\.js$/, '.js');
  const text = [message.message, ...[message.description].flat()].join(' ');
  // The key a manifest message is about is the last one it quotes ("strict_min_version" … "sandbox.pages").
  const key = [...text.matchAll(/"([a-z_]+(?:\.[a-z_]+)*)"/g)].map((match) => match[1]).at(-1) ?? '';
  return `${message._type} ${message.code} ${file} ${key}`.trim();
}

/** The note's table of the warnings that stay, in the same words. */
function reviewed(): string[] {
  const section = readFileSync(NOTE, 'utf8')
    .split(/^## The warnings that stay$/m)[1]
    ?.split(/^## /m)[0];
  if (!section) throw new Error(`${NOTE} has no "## The warnings that stay" section.`);
  return [...section.matchAll(/^\| (error|warning|notice) \| `([A-Z_]+)` \| `([^`]+)` \| `([^`]*)` \|/gm)].map(([, kind, code, file, key]) =>
    `${kind} ${code} ${file} ${key}`.trim(),
  );
}

describe('the Firefox store package under web-ext lint', () => {
  it('reports exactly what the reviewer’s note explains: nothing new, nothing the note keeps that is gone', async () => {
    const result = await webExt.cmd.lint({ sourceDir: PACKAGE, output: 'none', boring: true }, { shouldExitProgram: false });
    const found = [...result.errors, ...result.warnings, ...result.notices].map(named);
    expect(reviewed()).not.toHaveLength(0);
    expect(found.sort()).toEqual(reviewed().sort());
    expect(result.errors).toEqual([]);
  }, 120_000);
});

/** Every script the package ships. */
const scripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? scripts(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );

// `Function` read as a value: called, constructed, or handed to a name (`let e=Function`, what
// zod's compiler minified to); a member (`Function.prototype`) or the word in a string is not.
const FUNCTION_VALUE = /(?:^|[=(,:?&|!;{}[]|\bnew |\breturn |\bthrow )\s*Function\b(?!\s*\.)/;
const EVAL_CALL = /(?:^|[^\w$.])eval\s*\(/;

describe('code made from strings (what the linter finds only by name)', () => {
  it('the package ships no Function constructor, not even under another name, and no eval', () => {
    const offending = scripts(PACKAGE).flatMap((path) => {
      const code = readFileSync(path, 'utf8');
      return [FUNCTION_VALUE, EVAL_CALL].flatMap((pattern) => {
        const match = pattern.exec(code);
        return match ? [`${path}: …${code.slice(Math.max(0, match.index - 60), match.index + 40)}…`] : [];
      });
    });
    expect(offending).toEqual([]);
  });
});
