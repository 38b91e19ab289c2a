/**
 * What the profile build (BENCH_PROFILE=1, bench/wxt.config.ts) adds and no other build has:
 * bench/worker-log.ts first in the worker's entry, bench/render-count.ts first in the
 * panel's. Imported first, they are evaluated before anything of the app's runs.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const PRELUDES: Array<[entry: string, prelude: string]> = [
  ['/entrypoints/background/index.ts', resolve('bench/worker-log.ts')],
  ['/entrypoints/sidepanel/main.tsx', resolve('bench/render-count.ts')],
];

export function instrument(): Plugin {
  return {
    name: 'toolnexus-bench-instrument',
    enforce: 'pre',
    transform(code, id) {
      const prelude = PRELUDES.find(([entry]) => id.endsWith(entry))?.[1];
      return prelude ? { code: `import ${JSON.stringify(prelude)};\n${code}`, map: null } : undefined;
    },
  };
}
