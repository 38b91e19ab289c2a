/**
 * Bench 3b: what the extension ships, gzipped (zlib level 9, file by file, as a server
 * would send each), next to the MCP Inspector's web client: v1's from its npm tarball (`npm pack`),
 * the target's baseline, and v2's from the package bench 1 installs (only their files are read here).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MODULE_MARK, moduleName } from './cpu-profile';
import { INSPECTOR_VERSION, installInspector } from './inspector';
import { table, type Section } from './report';
import { bytes } from './stats';

const INSPECTOR = '@modelcontextprotocol/inspector-client';
const PANEL_TARGET = 120 * 1024;
const FIRST_LOAD_TARGET = 30 * 1024;
/** The MCP Apps host (components/apps/AppFrame.tsx: the official AppBridge and the SDK core it needs), loaded only for a result with an app. */
const isAppsChunk = (file: FileSize) => /(^|\/)AppFrame-[^/]*\.js$/.test(file.path);

interface FileSize {
  path: string;
  raw: number;
  gzip: number;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function sizes(root: string, paths: string[]): FileSize[] {
  return paths.map((path) => {
    const content = readFileSync(path);
    return { path: relative(root, path), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
}

const total = (files: FileSize[]) => files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
const isCode = (path: string) => /\.(m?js|css)$/.test(path);

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

/**
 * The panel's first load is what sidepanel.html references and what those modules import
 * statically; what they import with `import()` comes later. background.js is the worker.
 */
function extensionSizes(dir: string): { panelInitial: FileSize[]; panelLater: FileSize[]; worker: FileSize[]; other: FileSize[] } {
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
  return {
    panelInitial: all.filter((file) => initial.has(file.path)),
    panelLater: all.filter((file) => later.has(file.path)),
    worker: all.filter((file) => file.path === 'background.js'),
    other: all.filter((file) => !initial.has(file.path) && !later.has(file.path) && file.path !== 'background.js'),
  };
}

interface WebClientSizes {
  files: FileSize[];
  /** What its index.html loads. */
  initial: FileSize[];
}

function webClientSizes(dist: string): WebClientSizes {
  const files = sizes(dist, walk(dist).filter(isCode));
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/?([^"]+)"/g)].map((match) => match[1]!));
  return { files, initial: files.filter((file) => referenced.has(file.path)) };
}

function inspectorSizes(): WebClientSizes & { version: string } {
  const temp = mkdtempSync(join(tmpdir(), 'toolnexus-inspector-'));
  try {
    const output = execFileSync('npm', ['pack', INSPECTOR, '--pack-destination', temp, '--json', '--silent'], {
      encoding: 'utf8',
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const packed = (JSON.parse(output) as Array<{ filename: string; version: string }>)[0];
    if (!packed) throw new Error(`npm pack ${INSPECTOR} reported no tarball.`);
    const { filename, version } = packed;
    // npm names the file @scope-name-version.tgz in its JSON but writes scope-name-version.tgz.
    execFileSync('tar', ['-xzf', join(temp, filename.replace(/^@/, '').replace(/\//g, '-')), '-C', temp], { timeout: 60_000 });
    return { version, ...webClientSizes(join(temp, 'package', 'dist')) };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

interface ModuleShare {
  module: string;
  /** Its share of the minified file's gzip size, estimated from the non-minified build. */
  gzip: number;
}

/**
 * What a bundle is made of: the non-minified build's text split at its module comments,
 * grouped by package, each group gzipped; shares scaled to the minified file's gzip size.
 */
function composition(profileFiles: string[], minifiedGzip: number): ModuleShare[] {
  const groups = new Map<string, string[]>();
  for (const file of profileFiles) {
    let current = '(bundle prelude)';
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const mark = MODULE_MARK.exec(line);
      if (mark) current = moduleName(mark[1]!);
      if (!groups.has(current)) groups.set(current, []);
      groups.get(current)!.push(line);
    }
  }
  const sizes = [...groups].map(([module, lines]) => ({ module, gzip: gzipSync(lines.join('\n'), { level: 9 }).length }));
  const sum = sizes.reduce((total, entry) => total + entry.gzip, 0);
  return sizes.map((entry) => ({ module: entry.module, gzip: (entry.gzip / sum) * minifiedGzip })).sort((a, b) => b.gzip - a.gzip);
}

function compositionTable(title: string, shares: ModuleShare[], top = 10): string {
  const shown = shares.slice(0, top);
  const rest = shares.slice(top).reduce((total, entry) => total + entry.gzip, 0);
  return table(
    [title, '≈ gzip'],
    [...shown.map((entry) => [entry.module, bytes(Math.round(entry.gzip))]), [`${shares.length - shown.length} more`, bytes(Math.round(rest))]],
  );
}

export function benchBundleSize(extensionDir: string, profileDir?: string): Section {
  const ours = extensionSizes(extensionDir);
  const inspector = inspectorSizes();
  const v2 = webClientSizes(join(installInspector(), 'clients/web/dist'));
  const panelInitial = total(ours.panelInitial);
  const appsChunk = ours.panelLater.filter(isAppsChunk);
  const apps = total(appsChunk);
  const later = ours.panelLater.filter((file) => !isAppsChunk(file));
  // The Apps host is its own budget: it loads only when a result has an MCP App.
  const panel = total([...ours.panelInitial, ...later]);
  const worker = total(ours.worker);
  const whole = total([...ours.panelInitial, ...ours.panelLater, ...ours.worker, ...ours.other]);
  const theirs = total(inspector.files);
  const theirsInitial = total(inspector.initial);
  const share = (value: number) => `1/${(theirs.gzip / value).toFixed(1)}`;
  const row = (label: string, size: { raw: number; gzip: number }) => [label, bytes(size.raw), `**${bytes(size.gzip)}**`, share(size.gzip)];
  const names = (files: FileSize[]) => files.map((file) => file.path).join(', ');
  const markdown: string[] = [
    `JS and CSS only, each file gzipped at level 9. Inspector: \`${INSPECTOR}@${inspector.version}\` from \`npm pack\`, every \`.js\`/\`.css\` under \`dist/\` ` +
      `(the targets' baseline); v2: \`@modelcontextprotocol/inspector@${INSPECTOR_VERSION}\`'s \`clients/web/dist/\`, for comparison. ` +
      "The panel's first load is what sidepanel.html references and what that imports statically; the rest of the panel is what it loads with `import()` (right after its first render).",
    '',
    table(
      ['bundle', 'raw', 'gzip', 'vs Inspector'],
      [
        row(`toolnexus side panel, first load (${names(ours.panelInitial)})`, panelInitial),
        ...(later.length > 0 ? [row(`toolnexus side panel, loaded after (${names(later)})`, total(later))] : []),
        row('**toolnexus side panel, everything it can load** (but the MCP Apps host)', panel),
        ...(appsChunk.length > 0 ? [row(`toolnexus MCP Apps host, only for a result with an app (${names(appsChunk)})`, apps)] : []),
        row('toolnexus worker (background.js: SDK client, hub, auth)', worker),
        ...(ours.other.length > 0 ? [row(`toolnexus other (${names(ours.other)})`, total(ours.other))] : []),
        row('**toolnexus, whole extension**', whole),
        row(`MCP Inspector web client, what index.html loads (${names(inspector.initial)})`, theirsInitial),
        row('**MCP Inspector web client, all of dist/**', theirs),
        row(`MCP Inspector v2 web client, what index.html loads (${names(v2.initial)})`, total(v2.initial)),
        row('**MCP Inspector v2 web client, all of dist/**', total(v2.files)),
      ],
    ),
  ];
  if (profileDir) {
    const profiled = extensionSizes(profileDir);
    const panelJs = [...profiled.panelInitial, ...profiled.panelLater]
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => join(profileDir, file.path));
    const panelJsGzip = [...ours.panelInitial, ...ours.panelLater]
      .filter((file) => file.path.endsWith('.js'))
      .reduce((sum, file) => sum + file.gzip, 0);
    markdown.push(
      '',
      'What they are made of (the non-minified build split at its module comments, grouped by package, shares scaled to the minified gzip size):',
      '',
      compositionTable('worker (background.js)', composition([join(profileDir, 'background.js')], worker.gzip)),
      '',
      compositionTable('side panel (all its JS)', composition(panelJs, panelJsGzip)),
    );
  }
  return {
    title: '3b. Bundle size',
    markdown: markdown.join('\n'),
    targets: [
      {
        name: '3. side panel (everything it can load) vs Inspector',
        goal: '≤ 1/8',
        measured: `${share(panel.gzip)} (${bytes(panel.gzip)} vs ${bytes(theirs.gzip)}; first load ${bytes(panelInitial.gzip)}, ${share(panelInitial.gzip)})`,
        met: panel.gzip * 8 <= theirs.gzip,
      },
      // KB here are 1024 bytes, as everywhere in these tables; say the decimal size too.
      {
        name: '3. side panel (everything it can load) gzip',
        goal: '≤ 120 KB',
        measured: `${bytes(panel.gzip)} (${(panel.gzip / 1000).toFixed(1)} kB)`,
        met: panel.gzip <= PANEL_TARGET,
      },
      {
        name: "11. side panel's first load gzip",
        goal: '≤ 30 KB',
        measured: `${bytes(panelInitial.gzip)} (${(panelInitial.gzip / 1000).toFixed(1)} kB); the MCP Apps chunk ${bytes(apps.gzip)}, loaded only for a result with an app`,
        met: panelInitial.gzip <= FIRST_LOAD_TARGET,
      },
      {
        name: '3. beyond the issue: whole extension (worker too) vs Inspector',
        goal: '≤ 1/8',
        measured: `${share(whole.gzip)} (${bytes(whole.gzip)})`,
        met: whole.gzip * 8 <= theirs.gzip,
      },
    ],
  };
}
