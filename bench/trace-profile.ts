/**
 * CPU profiles out of a Chromium trace (category `disabled-by-default-v8.cpu_profiler`):
 * the only way to profile a service worker from its first instruction, and a page from
 * navigation start, without a debugger pausing them.
 */
import type { CpuProfile } from './cpu-profile';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: Array<{ id: number; parent?: number; callFrame: Partial<CpuProfile['nodes'][number]['callFrame']> }>;
        samples?: number[];
      };
      timeDeltas?: number[];
      lines?: number[];
    };
  };
}

export interface Trace {
  traceEvents: TraceEvent[];
}

export const PROFILE_CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel'];

/** Thread names by `pid:tid`. */
export function threadNames(trace: Trace): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of trace.traceEvents) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name) names.set(`${event.pid}:${event.tid}`, event.args.name);
  }
  return names;
}

/**
 * The CPU profiles of every thread whose name passes `pick`. A `Profile` event sits on the
 * profiled thread; its `ProfileChunk`s come from V8's profiler thread with the same pid and id.
 */
export function traceProfiles(trace: Trace, pick: (thread: { name: string; pid: number }) => boolean): CpuProfile[] {
  const names = threadNames(trace);
  const byId = new Map<string, { profile: CpuProfile; parents: Map<number, number> }>();
  for (const event of trace.traceEvents) {
    if (event.name !== 'Profile' || !pick({ name: names.get(`${event.pid}:${event.tid}`) ?? '', pid: event.pid })) continue;
    const start = event.args?.data?.startTime ?? event.ts;
    byId.set(`${event.pid}:${event.id}`, {
      profile: { nodes: [], samples: [], timeDeltas: [], lines: [], startTime: start, endTime: start },
      parents: new Map(),
    });
  }
  for (const event of trace.traceEvents) {
    const entry = event.name === 'ProfileChunk' ? byId.get(`${event.pid}:${event.id}`) : undefined;
    if (!entry) continue;
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const { functionName = '', url = '', lineNumber = 0, columnNumber = 0 } = node.callFrame;
      entry.profile.nodes.push({ id: node.id, callFrame: { functionName, url, lineNumber, columnNumber }, children: [] });
      if (node.parent !== undefined) entry.parents.set(node.id, node.parent);
    }
    entry.profile.samples.push(...(data?.cpuProfile?.samples ?? []));
    entry.profile.timeDeltas.push(...(data?.timeDeltas ?? []));
    const samples = data?.cpuProfile?.samples ?? [];
    entry.profile.lines!.push(...(data?.lines ?? samples.map(() => 0)));
    entry.profile.endTime = Math.max(entry.profile.endTime, event.ts);
  }
  return [...byId.values()].map(({ profile, parents }) => {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [child, parent] of parents) nodes.get(parent)?.children?.push(child);
    return profile;
  });
}

/** Durations (ms) of complete events with these names on threads whose name passes `pick`. */
export function traceDurations(trace: Trace, pick: (thread: { name: string; pid: number }) => boolean, eventNames: string[]): Record<string, number> {
  const names = threadNames(trace);
  const totals: Record<string, number> = {};
  for (const event of trace.traceEvents) {
    if (event.ph !== 'X' || !eventNames.includes(event.name) || !pick({ name: names.get(`${event.pid}:${event.tid}`) ?? '', pid: event.pid }))
      continue;
    totals[event.name] = (totals[event.name] ?? 0) + (event.dur ?? 0) / 1000;
  }
  return totals;
}

/** The pid of the process running the extension's service worker (its pages share it). */
export function extensionPid(trace: Trace): number | undefined {
  for (const [thread, name] of threadNames(trace)) if (name === 'ServiceWorker thread') return Number(thread.split(':')[0]);
  return undefined;
}
