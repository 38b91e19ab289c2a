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
