// Where the panel's build (wxt.config.ts) and the unit tests (vitest.config.ts) replace or
// trim parts of rjsf, so that the tests render the forms the extension ships.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** rjsf imports markdown-to-jsx/react (version 9, 31 KB gzip); the panel renders markdown with its own renderer. */
export const rjsfMarkdownAlias = {
  find: /^markdown-to-jsx\/react$/,
  replacement: fileURLToPath(new URL('components/forms/rjsfMarkdown.tsx', import.meta.url)),
};

/**
 * Parts of rjsf's default registry that only a name reaches: a uiSchema's `ui:field` or
 * `ui:widget`, or a schema whose `$id` (fields) or `format` (widgets) is the part's own name
 * or one of rjsf's own widget aliases (`alt-date`, `alt-datetime`: no JSON Schema format; a
 * date is `date`, drawn by the browser's date input). The panel's uiSchema
 * (components/forms/RjsfSchemaForm.tsx `forRjsf`) names none of them, and a server's schema
 * should not pick rjsf's components by name. `getDefaultRegistry()`, which `Form` imports,
 * builds the registry from three index modules that import every part, so nothing of them
 * tree-shakes: 3.1 KB gzip, and 1.2 KB more for the two year/month/day pickers (bench/findings.md).
 */
const LEFT_OUT: Record<string, string[]> = {
  'components/fields/index.js': ['LayoutGridField', 'LayoutHeaderField', 'LayoutMultiSchemaField'],
  'components/widgets/index.js': ['AltDateTimeWidget', 'AltDateWidget', 'RatingWidget'],
  'components/templates/index.js': ['GridTemplate'],
};

/** Drops each left-out part's import and registry entry (one line each) from rjsf's index modules. */
const rjsfLeftOut: Plugin = {
  name: 'toolnexus:rjsf-left-out',
  enforce: 'pre',
  transform(code, id) {
    const path = id.replaceAll('\\', '/').split('/@rjsf/core/lib/')[1];
    const names = path === undefined ? undefined : LEFT_OUT[path];
    if (!names) return null;
    const lines = code.split('\n');
    const kept = lines.filter((line) => !names.some((name) => new RegExp(`\\b${name}\\b`).test(line)));
    // An rjsf release that writes these modules differently fails the build here, not in a form.
    if (lines.length - kept.length !== names.length * 2) throw new Error(`rjsf's ${path} is not as rjsf.vite.ts expects: check its left-out parts`);
    return { code: kept.join('\n'), map: null };
  },
};

const SEPARATOR_MODULE = '/@rjsf/utils/lib/getDecimalSeparator.js';
const SEPARATOR_EXPORT = 'export default function getDecimalSeparator(languages) {';

/**
 * rjsf's NumberField asks `getDecimalSeparator()` on every render, and each ask builds an
 * `Intl.NumberFormat` for the browser's languages: ~0.3 ms a number field, on a form's first
 * render and again on every keystroke (bench/findings.md, 2026-12-05 stop 34). The answer
 * depends only on the locale list, so it is worked out once per list.
 */
const rjsfSeparatorOnce: Plugin = {
  name: 'toolnexus:rjsf-separator-once',
  enforce: 'pre',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').endsWith(SEPARATOR_MODULE)) return null;
    if (!code.includes(SEPARATOR_EXPORT)) throw new Error(`rjsf's ${SEPARATOR_MODULE} is not as rjsf.vite.ts expects`);
    const once = `
const separators = new Map();
export default function getDecimalSeparator(languages) {
  const key = String(languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined));
  let separator = separators.get(key);
  if (separator === undefined) separators.set(key, (separator = separatorOf(languages)));
  return separator;
}`;
    return { code: code.replace(SEPARATOR_EXPORT, 'function separatorOf(languages) {') + once, map: null };
  },
};

/** What both builds of rjsf (the panel's, the unit tests') go through. */
export const rjsfPlugins = [rjsfLeftOut, rjsfSeparatorOnce];
