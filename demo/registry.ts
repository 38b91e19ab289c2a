/**
 * The demo's own MCP Registry on 127.0.0.1 (the same fixture the tests search): every demo
 * server listed as a registry would list it, so the welcome can find one by name. Its address
 * goes into the search's "Registry address", as a company's subregistry would.
 */
import { type RegistryFixture, type RegistryRecord, startRegistry } from '../tests/fixtures/registry';
import type { RunningDemoServer } from './servers';

const PORT = 7399;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function records(servers: RunningDemoServer[]): RegistryRecord[] {
  return servers.map((server) => ({
    server: {
      name: `io.github.toolnexus/${slug(server.name)}`,
      title: server.name,
      description: server.tryThis.length > 100 ? `${server.tryThis.slice(0, 99)}…` : server.tryThis,
      version: '1.0.0',
      remotes: [
        {
          type: server.url.endsWith('/sse') ? 'sse' : 'streamable-http',
          url: server.url,
          // A declared header, to show how one becomes a field of the Add form (the demo servers ignore it).
          headers: [{ name: 'X-Demo-Key', description: 'Any value: the demo servers do not check it', isSecret: true }],
        },
      ],
    },
  }));
}

/** On its own port, or a free one when that is taken (said on stderr). */
export async function startDemoRegistry(servers: RunningDemoServer[]): Promise<RegistryFixture> {
  try {
    return await startRegistry(records(servers), PORT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const registry = await startRegistry(records(servers));
    console.warn(`Port ${PORT} is taken (another demo still running?); the demo registry listens on ${registry.url} instead.`);
    return registry;
  }
}
