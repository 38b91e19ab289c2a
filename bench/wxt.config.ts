/**
 * The app's own WXT config, built into .output/bench so that a concurrent `npm test` or
 * `npm run build` cannot replace the extension under a running bench. BENCH_PROFILE=1 builds
 * a copy that keeps names and module comments (no minification) for CPU profiles, and records
 * storage calls and component renders (bench/instrument.ts).
 */
import { defineConfig } from 'wxt';
import app from '../wxt.config';
import { instrument } from './instrument';

const profiling = process.env.BENCH_PROFILE === '1';

export default defineConfig({
  ...app,
  root: process.cwd(),
  outDir: profiling ? '.output/bench-profile' : '.output/bench',
  vite: async (env) => {
    const base = (await app.vite?.(env)) ?? {};
    if (!profiling) return base;
    return { ...base, plugins: [...(base.plugins ?? []), instrument()], build: { ...base.build, minify: false, sourcemap: true } };
  },
});
