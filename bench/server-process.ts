/**
 * The bench's MCP servers, in a process of their own so that server work never shares an
 * event loop with a Node client being measured. Started by servers.ts over IPC; exits when
 * its parent disconnects.
 */
import type { FixtureServer } from '../tests/fixtures/loopback-http';
import { startManyToolsServer } from '../tests/fixtures/many-tools-server';
import { startModernServer } from '../tests/fixtures/modern-server';
import type { ServerUrls } from './servers';
import { startTimedServer } from './timed-server';

const FLEET_SIZE = 20;

const started: FixtureServer[] = [];
const keep = (server: FixtureServer) => {
  started.push(server);
  return server.url;
};

async function main(): Promise<void> {
  const urls: ServerUrls = {
    timed: keep(await startTimedServer()),
    legacyFleet: [],
    modernFleet: [],
    wideApis: [],
    narrowApis: [],
  };
  for (let i = 0; i < FLEET_SIZE; i += 1) urls.legacyFleet.push(keep(await startTimedServer()));
  for (let i = 0; i < FLEET_SIZE; i += 1) urls.modernFleet.push(keep(await startModernServer()));
  for (let i = 0; i < 3; i += 1) urls.wideApis.push(keep(await startManyToolsServer({ name: `Wide ${i + 1}`, tools: 100 })));
  for (let i = 0; i < FLEET_SIZE; i += 1) urls.narrowApis.push(keep(await startManyToolsServer({ name: `Narrow ${i + 1}`, tools: 15 })));
  process.send?.({ type: 'ready', urls });
}

let closing = false;
process.on('disconnect', () => {
  if (closing) return;
  closing = true;
  // Bounded: a server that will not close must not keep the bench from ending.
  setTimeout(() => process.exit(0), 3_000).unref();
  void Promise.allSettled(started.map((server) => server.close())).then(() => process.exit(0));
});

main().catch((error: unknown) => {
  console.error('bench servers failed to start:', error);
  process.exit(1);
});
