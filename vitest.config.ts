import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { rjsfMarkdownAlias, rjsfPlugins } from './rjsf.vite.ts';

export default defineConfig({
  test: {
    projects: [
      {
        // The forms as the extension builds them (rjsf.vite.ts).
        plugins: [WxtVitest(), preact(), ...rjsfPlugins],
        resolve: { alias: [rjsfMarkdownAlias] },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/catalog.setup.ts'],
          // The property tests run a fixed number of generated cases, CPU-bound: 500 inbox
          // sequences took 9.6 s on a loaded two-core CI machine, past vitest's 5 s default.
          // This bound catches a hang; speed is the bench's to judge.
          testTimeout: 30_000,
          // Through vite's pipeline, so that rjsf.vite.ts replaces its parts here too.
          server: { deps: { inline: ['@rjsf/core', '@rjsf/utils'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/catalog.setup.ts'],
          testTimeout: 30_000,
          // Polls wait on real servers and sockets; a loaded CI machine is slower than 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          // One Chromium at a time: two cores, and each suite owns a browser profile.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'firefox',
          include: ['tests/firefox/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
          // One Firefox at a time, as for Chromium.
          fileParallelism: false,
        },
      },
    ],
  },
});
