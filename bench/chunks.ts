/**
 * What a build ships, by who loads it and when: the side panel's first load (what
 * sidepanel.html references and what that imports statically), what the panel loads later
 * (`import()`), the MCP Apps host (loaded only for a result with an app), the worker
 * (background.js: an MV3 service worker loads nothing after it starts), and the rest. Sizes
 * are each file gzipped at level 9, as a server would send it. Bench 3b reports them; the
 * budget test (tests/package/budget.test.ts) holds them to bench/budget.json.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  path: string;
  raw: number;
  gzip: number;
}

export interface Shipped {
  panelInitial: FileSize[];
  /** Loaded after the first render, but for the MCP Apps host. */
  panelLater: FileSize[];
  apps: FileSize[];
  worker: FileSize[];
  other: FileSize[];
}

/** The MCP Apps host (components/apps/AppFrame.tsx: the official AppBridge and the SDK core it needs), loaded only for a result with an app. */
const isAppsChunk = (path: string) => /(^|\/)AppFrame-[^/]*\.js$/.test(path);
const isCode = (path: string) => /\.(m?js|css)$/.test(path);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

export function sizes(root: string, paths: string[]): FileSize[] {
  return paths.map((path) => {
    const content = readFileSync(path);
    return { path: relative(root, path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
}

export const total = (files: FileSize[]) =>
  files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });

/** The chunks a module names, statically (`import … from "…"`) or by `import("…")`, as paths in the build. */
function importsOf(dir: string, file: string): { static: string[]; dynamic: string[] } {
  const code = readFileSync(join(dir, file), 'utf8');
  const resolve = (specifier: string) => relative(dir, specifier.startsWith('/') ? join(dir, specifier) : join(dir, dirname(file), specifier));
  // Only chunks that exist: a library's own text can look like an import (the non-minified
  // build keeps ext-apps' doc strings, `from "./codec.js"` among them).
  const found = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => resolve(match[1]!)).filter((path) => existsSync(join(dir, path)));
  // The minifier quotes with ", ' or ` alike.
  return { static: found(/(?:\bfrom|\bimport)\s*["'`]([^"'`]+\.js)["'`]/g), dynamic: found(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g) };
}

/** Every JS and CSS file of the built extension in `dir`, by who loads it. */
export function shippedSizes(dir: string): Shipped {
  const html = readFileSync(join(dir, 'sidepanel.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, '').replace(/^\.\//, '')));
  const later = new Set<string>();
  const queue = [...initial].filter((path) => path.endsWith('.js')).map((path) => ({ path, eager: true }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { static: eager, dynamic } = importsOf(dir, next.path);
    for (const path of eager) {
      if (next.eager ? initial.has(path) : initial.has(path) || later.has(path)) continue;
      (next.eager ? initial : later).add(path);
      queue.push({ path, eager: next.eager });
    }
    for (const path of dynamic) {
      if (initial.has(path) || later.has(path)) continue;
      later.add(path);
      queue.push({ path, eager: false });
    }
  }
  // bench-sdk/ is the bench's own raw-SDK page (bench/sdk-page), not part of the product.
  const all = sizes(
    dir,
    walk(dir).filter((path) => isCode(path) && !relative(dir, path).startsWith('bench-sdk/')),
  );
  const worker = (file: FileSize) => file.path === 'background.js';
  return {
    panelInitial: all.filter((file) => initial.has(file.path)),
    panelLater: all.filter((file) => later.has(file.path) && !isAppsChunk(file.path)),
    apps: all.filter((file) => later.has(file.path) && isAppsChunk(file.path)),
    worker: all.filter(worker),
    other: all.filter((file) => !initial.has(file.path) && !later.has(file.path) && !worker(file)),
  };
}

/** A file's name without the build's content hash, so a budget outlives a rebuild: `chunks/RjsfSchemaForm-D-7p69Cx.js` → `chunks/RjsfSchemaForm.js`. */
export function stableName(path: string): string {
  return path.replace(/-[A-Za-z0-9_-]{8}(\.(?:m?js|css))$/, '$1');
}

/** bench/budget.json: gzip bytes each shipped file and each total may reach. */
export interface Budget {
  totals: Record<BudgetTotal, number>;
  files: Record<string, number>;
}

export type BudgetTotal =
  | 'panel first load'
  | 'panel, everything it can load but the MCP Apps host'
  | 'MCP Apps host'
  | 'worker (background.js, all it loads at its start)';

/** The totals a budget holds, from what a build ships. */
export function budgetTotals(shipped: Shipped): Record<BudgetTotal, number> {
  return {
    'panel first load': total(shipped.panelInitial).gzip,
    'panel, everything it can load but the MCP Apps host': total([...shipped.panelInitial, ...shipped.panelLater]).gzip,
    'MCP Apps host': total(shipped.apps).gzip,
    'worker (background.js, all it loads at its start)': total(shipped.worker).gzip,
  };
}

/**
 * Every way `shipped` breaks `budget`, in words (none: within it): a file or total past its
 * number, a file the budget does not name (a new chunk gets a number of its own), and a number
 * for a file no longer built (it would hide the bytes moved elsewhere).
 */
export function overBudget(shipped: Shipped, budget: Budget): string[] {
  const problems: string[] = [];
  const files = [...shipped.panelInitial, ...shipped.panelLater, ...shipped.apps, ...shipped.worker, ...shipped.other];
  const names = new Set<string>();
  for (const file of files) {
    const name = stableName(file.path);
    names.add(name);
    const allowed = budget.files[name];
    if (allowed === undefined) problems.push(`${name} (${file.gzip} B gzip) is new: give it a number in bench/budget.json`);
    else if (file.gzip > allowed) problems.push(`${name} is ${file.gzip} B gzip, past its ${allowed} B (${file.gzip - allowed} B over)`);
  }
  for (const name of Object.keys(budget.files))
    if (!names.has(name)) problems.push(`${name} is no longer built: take its number out of bench/budget.json`);
  for (const [name, size] of Object.entries(budgetTotals(shipped)) as Array<[BudgetTotal, number]>) {
    const allowed = budget.totals[name];
    if (size > allowed) problems.push(`${name} is ${size} B gzip, past its ${allowed} B (${size - allowed} B over)`);
  }
  return problems;
}
