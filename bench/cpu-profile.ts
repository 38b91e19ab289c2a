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
  /**
   * The line (1-based; 0 when unknown) each sample was taken at, where the profile has them
   * (a trace's): the only way to tell apart the modules of a bundle's top-level code, which
   * all runs in one function.
   */
  lines?: number[];
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
  /** Idle samples, and the unsampled part of gaps (`UNSAMPLED_PAST_MS`): neither is work. */
  idleMs: number;
  /** Of `idleMs`: time between two samples past `UNSAMPLED_PAST_MS`. */
  gapMs: number;
  byModule: ProfileLine[];
  byFunction: ProfileLine[];
}

/** A module's start in a non-minified bundle: `// node_modules/zod/v4/core/core.js`. */
export const MODULE_MARK = /^\s*\/\/ ((?:node_modules|lib|components|entrypoints|utils|bench)\/\S+|\\0rolldown\/\S+)\s*$/;

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

/** A profile node's module, for one set of bundle files (see `summarizeProfile`). */
function moduleResolver(files: Record<string, string>): (url: string, line: number) => string {
  const indexes = new Map<string, (line: number) => string>();
  return (url, line) => {
    if (!url) return '(native / V8)';
    const path = url.replace(/^chrome-extension:\/\/[^/]+/, '');
    const file = files[path];
    if (!file) return path;
    if (!indexes.has(file)) indexes.set(file, moduleIndex(file));
    return indexes.get(file)!(line);
  };
}

export interface TimelineSlice {
  /** From the profile's start. */
  startMs: number;
  busyMs: number;
  /** The modules busiest in the slice, by self time. */
  top: Array<{ name: string; ms: number }>;
}

/**
 * A sample stands for the time since the one before it; past this, the thread was not sampled
 * at all (descheduled on a loaded machine, or between two of a trace's profile chunks) and the
 * rest is a gap, not the sampled function's work: on a machine at load 15 one sample of a
 * once-a-second timer carried 197 ms and topped a panel's profile.
 */
export const UNSAMPLED_PAST_MS = 5;

/** Busy time and its busiest modules, slice by slice: what ran when (a start's phases, the waits between them). */
export function profileTimeline(profile: CpuProfile, files: Record<string, string>, sliceMs: number): TimelineSlice[] {
  const moduleOf = moduleResolver(files);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const slices = new Map<number, Map<string, number>>();
  let at = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const line = (profile.lines?.[i] ?? 0) > 0 ? profile.lines![i]! - 1 : lineNumber;
    const name = functionName === '(program)' ? '(program)' : functionName === '(garbage collector)' ? '(garbage collector)' : moduleOf(url, line);
    const slice = Math.floor(at / sliceMs);
    const byModule = slices.get(slice) ?? new Map<string, number>();
    byModule.set(name, (byModule.get(name) ?? 0) + Math.min(delta, UNSAMPLED_PAST_MS));
    slices.set(slice, byModule);
  }
  return [...slices]
    .sort((a, b) => a[0] - b[0])
    .map(([slice, byModule]) => ({
      startMs: slice * sliceMs,
      busyMs: [...byModule.values()].reduce((sum, value) => sum + value, 0),
      top: [...byModule]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, ms]) => ({ name, ms })),
    }));
}

/**
 * Self time per function and per module. `files` maps a script URL's path
 * (`/background.js`) to the bundle on disk, for module attribution.
 */
export function summarizeProfile(profile: CpuProfile, files: Record<string, string>, top = 15): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const moduleOf = moduleResolver(files);
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, time: number) => map.set(key, (map.get(key) ?? 0) + time);
  let idleMs = 0;
  let gapMs = 0;
  let totalMs = 0;
  for (const [i, id] of profile.samples.entries()) {
    const node = nodes.get(id);
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || delta <= 0) continue;
    totalMs += delta;
    const time = Math.min(delta, UNSAMPLED_PAST_MS);
    gapMs += delta - time;
    idleMs += delta - time;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') {
      if (functionName === '(idle)') idleMs += time;
      else add(byModule, '(program: browser internals)', time);
      continue;
    }
    if (functionName === '(garbage collector)') {
      add(byModule, functionName, time);
      add(byFunction, `${functionName} — ${functionName}`, time);
      continue;
    }
    // The sample's own line where known: a bundle's top-level code is one function over every module.
    const line = (profile.lines?.[i] ?? 0) > 0 ? profile.lines![i]! - 1 : lineNumber;
    const module = moduleOf(url, line);
    add(byModule, module, time);
    const home = moduleOf(url, lineNumber);
    const name = home === module ? `${functionName || '(anonymous)'} — ${module}${url ? `:${lineNumber + 1}` : ''}` : `(top-level code) — ${module}`;
    add(byFunction, name, time);
  }
  const busy = totalMs - idleMs;
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, selfMs]) => ({ name, selfMs, share: busy > 0 ? selfMs / busy : 0 }));
  return { totalMs, idleMs, gapMs, byModule: lines(byModule), byFunction: lines(byFunction) };
}
