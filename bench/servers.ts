/** Starts server-process.ts and hands back its URLs; `close()` ends that process. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { withTimeout } from './stats';

export interface ServerUrls {
  /** The timed server (tools `echo`, `ask_form`, `ask_url`; `/clock`), 2025-11-25. */
  timed: string;
  /** 20 timed servers, one port each (an origin's 6-connection limit is per port). */
  legacyFleet: string[];
  /** 20 modern fixtures (2026-07-28; `deploy` asks through `input_required`). */
  modernFleet: string[];
  /** 3 servers of 100 tools each (tests/fixtures/many-tools-server.ts). */
  wideApis: string[];
  /** 20 servers of 15 tools each. */
  narrowApis: string[];
}

export interface ServerProcess extends ServerUrls {
  pid: number;
  close(): Promise<void>;
}

export async function startServerProcess(): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`bench servers exited (code ${code})`))));
  const ready = new Promise<ServerUrls>((resolve) => {
    child.on('message', (message) => {
      const { type, urls } = message as { type: string; urls: ServerUrls };
      if (type === 'ready') resolve(urls);
    });
  });
  exited.catch(() => {});
  let urls: ServerUrls;
  try {
    urls = await withTimeout(Promise.race([ready, exited]), 30_000, 'starting the bench servers');
  } catch (error) {
    child.kill();
    throw error;
  }
  return {
    ...urls,
    pid: child.pid!,
    async close() {
      if (child.exitCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await withTimeout(gone, 5_000, 'bench servers to exit').catch(() => child.kill('SIGKILL'));
    },
  };
}
