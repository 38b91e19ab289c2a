/**
 * CPU profiles from Chromium (CDP `Profiler`) summarized by function and by bundled module.
 * With a non-minified build (bench/wxt.profile.config.ts), the bundle keeps a
 * `// node_modules/…` comment where each module starts, which is enough to attribute lines.
 */
import { readFileSync } from 'node:fs';

export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileLine {
  name: string;
  selfMs: number;
  share: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  byModule: ProfileLine[];
  byFunction: ProfileLine[];
}

/** A module's start in a non-minified bundle: `// node_modules/zod/v4/core/core.js`. */
export const MODULE_MARK = /^\s*\/\/ ((?:node_modules|lib|components|entrypoints|utils)\/\S+|\\0rolldown\/\S+)\s*$/;

/** The npm package a bundled path belongs to, or the project file itself. */
export function moduleName(path: string): string {
  const inPackage = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return inPackage ? inPackage[1]! : path;
}

/** Line (0-based) → module, for one bundle file. */
function moduleIndex(path: string): (line: number) => string {
  const starts: Array<{ line: number; module: string }> = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, line) => {
      const mark = MODULE_MARK.exec(text);
      if (mark) starts.push({ line, module: moduleName(mark[1]!) });
    });
  return (line) => {
    let low = 0;
    let high = starts.length - 1;
    let found = '(bundle prelude)';
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (starts[mid]!.line <= line) {
        found = starts[mid]!.module;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  };
}

/**
 * Self time per function and per module. `files` maps a script URL's path
 * (`/background.js`) to the bundle on disk, for module attribution.
 */
export function summarizeProfile(profile: CpuProfile, files: Record<string, string>, top = 15): ProfileSummary {
  const self = new Map<number, number>();
  for (const [i, node] of profile.samples.entries()) self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const indexes = new Map<string, (line: number) => string>();
  const moduleOf = (url: string, line: number) => {
    if (!url) return '(native / V8)';
    const path = url.replace(/^chrome-extension:\/\/[^/]+/, '');
    const file = files[path];
    if (!file) return path;
    if (!indexes.has(file)) indexes.set(file, moduleIndex(file));
    return indexes.get(file)!(line);
  };
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let idleMs = 0;
  let totalMs = 0;
  for (const node of profile.nodes) {
    const time = self.get(node.id) ?? 0;
    if (time === 0) continue;
    totalMs += time;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      if (functionName === '(idle)') idleMs += time;
      else byModule.set('(program: browser internals)', (byModule.get('(program: browser internals)') ?? 0) + time);
      continue;
    }
    const module = functionName === '(garbage collector)' ? '(garbage collector)' : moduleOf(url, lineNumber);
    byModule.set(module, (byModule.get(module) ?? 0) + time);
    const name = `${functionName || '(anonymous)'} — ${module}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  }
  const busy = totalMs - idleMs;
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, selfMs]) => ({ name, selfMs, share: busy > 0 ? selfMs / busy : 0 }));
  return { totalMs, idleMs, byModule: lines(byModule), byFunction: lines(byFunction) };
}
