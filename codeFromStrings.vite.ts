// Where the build takes out the dependencies' code that turns a string into code or markup, so
// that none is shipped in the extension's own pages (docs/store/firefox-review.md, issue 40). Each
// replacement must match exactly once: a release that writes the module differently fails the
// build here, not in a reviewer's hands or a person's panel.
import type { Plugin } from 'vite';

interface Replacement {
  /** How the module's path ends, inside node_modules. */
  module: string;
  /** What is replaced, matched exactly once. */
  find: RegExp;
  replace: string;
}

const REPLACEMENTS: Replacement[] = [
  // zod 4 compiles an object schema's parser with `new Function` when a probe says eval works.
  // Extension pages forbid eval (MV3's CSP), so the probe only fails, and logs a CSP violation
  // where it runs (the Apps host in the panel never set `jitless`): the answer is known here.
  {
    module: '/zod/v4/core/util.js',
    find: /export const allowsEval = \/\* @__PURE__\*\/ cached\(\(\) => \{\n[\s\S]*?new F\(""\);[\s\S]*?\n\}\);\n/,
    replace: 'export const allowsEval = /* @__PURE__*/ cached(() => false);\n',
  },
  // What `allowsEval` guards: with it false, never called; gone, not merely unreached.
  {
    module: '/zod/v4/core/doc.js',
    find: /\n {4}compile\(\) \{\n {8}const F = Function;[\s\S]*?\n {4}\}\n/,
    replace: '\n    compile() {\n        throw new Error("toolnexus builds zod without its JIT: no parser is compiled from a string.");\n    }\n',
  },
  // Preact sets `innerHTML` only for `dangerouslySetInnerHTML`, which no code the panel ships
  // passes (components/, rjsf, markdown-to-jsx with raw HTML off). Written as text, such a
  // string would show as the text it is, never as markup.
  {
    module: '/preact/dist/preact.mjs',
    find: /\(([\w$]+)\.innerHTML=([\w$]+)\.__html\)/,
    replace: '($1.textContent=$2.__html)',
  },
];

function replaceOnce(code: string, { module, find, replace }: Replacement): string {
  const global = new RegExp(find.source, `${find.flags}g`);
  const found = code.match(global)?.length ?? 0;
  if (found !== 1) throw new Error(`${module} is not as codeFromStrings.vite.ts expects (${found} matches): check what it replaces`);
  return code.replace(find, replace);
}

export const noCodeFromStrings: Plugin = {
  name: 'toolnexus:no-code-from-strings',
  enforce: 'pre',
  transform(code, id) {
    const path = id.replaceAll('\\', '/').split('?')[0]!;
    const replacement = REPLACEMENTS.find(({ module }) => path.endsWith(`/node_modules${module}`));
    return replacement ? { code: replaceOnce(code, replacement), map: null } : null;
  },
};
