/**
 * The MCP servers the demo runs on 127.0.0.1: the same fixtures the tests use, on fixed
 * ports so their URLs stay the same from one run to the next.
 */
import { startExampleAppServer } from '../tests/fixtures/app-servers';
import { EXTENSION_REDIRECT_URL, startProtectedServer } from '../tests/fixtures/auth/protected-server';
import { startLoggingServer } from '../tests/fixtures/logging-server';
import { startManyToolsServer } from '../tests/fixtures/many-tools-server';
import { startIconServer } from '../tests/fixtures/icon-server';
import { startLiveServer } from '../tests/fixtures/live-server';
import { startSlowTaskServer } from '../tests/fixtures/task-server';
import { startSseServer } from '../tests/fixtures/sse-server';
import { startLegacyServer, startModernServer, startShowcaseServer, type FixtureOptions, type FixtureServer } from '../tests/fixtures/servers';

/** The OAuth fixture (oidc-provider + an SDK server) as a demo server; its ports are picked free. */
async function startSignInServer(): Promise<FixtureServer> {
  const server = await startProtectedServer({ login: 'auto' });
  return { url: server.mcpUrl, seen: [], traffic: [], close: () => server.close() };
}

/** The client id the demo's failing sign-in is fixed with: its authorization server's owner "gave" it. */
const DEMO_CLIENT_ID = 'toolnexus-demo';

/**
 * A sign-in that fails as many do in the field: the authorization server offers no
 * registration (no Dynamic Client Registration, no Client ID Metadata Documents), so the
 * person needs a client id from its owner. Its trace says so; entering DEMO_CLIENT_ID there
 * signs in. The ports are picked free.
 */
async function startFailingSignInServer(): Promise<FixtureServer> {
  const server = await startProtectedServer({
    login: 'auto',
    registration: false,
    clientIdMetadataDocuments: false,
    issuerPath: '/realms/acme',
    clients: [{ client_id: DEMO_CLIENT_ID, redirect_uris: [EXTENSION_REDIRECT_URL] }],
  });
  return { url: server.mcpUrl, seen: [], traffic: [], close: () => server.close() };
}

/** A resource that changes every 5 s, for Watch for changes. */
async function startLiveCounter(options: FixtureOptions): Promise<FixtureServer> {
  const server = await startLiveServer('legacy', options);
  const ticking = setInterval(() => server.bump(), 5_000);
  return {
    url: server.url,
    seen: [],
    traffic: [],
    close: () => {
      clearInterval(ticking);
      return server.close();
    },
  };
}

async function startIcons(options: FixtureOptions): Promise<FixtureServer> {
  const server = await startIconServer(options);
  return { url: server.url, seen: [], traffic: [], close: server.close };
}

/** The official MCP Apps example (npm `@modelcontextprotocol/server-budget-allocator`), as published. */
async function startBudgetAllocator(options: FixtureOptions): Promise<FixtureServer> {
  const server = await startExampleAppServer('budget-allocator', options);
  return { ...server, seen: [] };
}

export interface DemoServerSpec {
  /** The name the demo gives it in the panel (the person's name for a server). */
  name: string;
  port: number;
  start: (options: FixtureOptions) => Promise<FixtureServer>;
  /** What to try with it, printed at start. */
  tryThis: string;
}

export interface RunningDemoServer {
  name: string;
  url: string;
  tryThis: string;
  close(): Promise<void>;
}

export const DEMO_SERVERS: DemoServerSpec[] = [
  {
    name: 'Showcase',
    port: 7301,
    start: startShowcaseServer,
    tryThis:
      'plan_trip (a form with every field kind), connect_account (a URL to consent to), long_task (progress), ' +
      'show_content (every content type), drop_table (destructive: asks first); Resources and Prompts tabs',
  },
  {
    name: 'Deploys (2025-11-25)',
    port: 7302,
    start: startLegacyServer,
    tryThis: 'deploy: the form arrives as elicitation/create on the call’s stream (sessions, initialize)',
  },
  {
    name: 'Deploys (2026-07-28)',
    port: 7303,
    start: startModernServer,
    tryThis: 'deploy: the form arrives as an input_required result; the call is retried with your answer',
  },
  {
    name: 'Budget (MCP App)',
    port: 7304,
    start: startBudgetAllocator,
    tryThis: 'get-budget-data: the server’s own interface (an MCP App) in the result, sandboxed; its sliders call back',
  },
  {
    name: 'Old transport (HTTP+SSE)',
    port: 7305,
    start: startSseServer,
    tryThis: 'a server that speaks only the 2024-11-05 HTTP+SSE transport: connected through the fallback; deploy works the same',
  },
  {
    name: 'Logging',
    port: 7306,
    start: startLoggingServer,
    tryThis: 'log_steps: its log messages show with the result and under Server log on its card (choose the level there); Protocol log on any card',
  },
  {
    name: 'Icons',
    port: 7307,
    start: startIcons,
    tryThis: 'icons beside the server and its tools: a data: image per theme and one from its own origin; one on another origin is never requested',
  },
  {
    name: 'Live resource',
    port: 7308,
    start: startLiveCounter,
    tryThis: 'Resources: read live://counter, then Watch for changes: it changes every 5 s and the card reads it again in place',
  },
  {
    name: 'Tasks',
    port: 7309,
    start: (options) => startSlowTaskServer(options, 'Tasks', 20_000),
    tryThis:
      'slow: runs as a task (20 s by default); close the panel or let Chrome stop the worker, the card still gets its result; Cancel sends tasks/cancel',
  },
  {
    name: 'A large API (100 tools)',
    port: 7310,
    start: (options) => startManyToolsServer({ ...options, name: 'A large API', tools: 100 }),
    tryThis:
      'the panel at scale: press / on Tools and type "merge pull", ↓ and Enter open its form; ☆ pins a tool on top; a group’s heading folds it',
  },
  {
    name: 'Sign-in required',
    port: 0,
    start: startSignInServer,
    tryThis: 'OAuth: a consent card names the server, its authorization server and scopes; Open signs you in',
  },
  {
    name: 'Sign-in that fails',
    port: 0,
    start: startFailingSignInServer,
    tryThis: `OAuth that fails: its authorization server (Keycloak-style, /realms/acme) offers no registration. "Show the sign-in, step by step" on its card says each step and why; enter the client id ${DEMO_CLIENT_ID} there and it signs in`,
  },
];

const isAddressInUse = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';

/** Starts one server on its port, or on a free one when that port is taken (said on stderr). */
async function startOnPort(spec: DemoServerSpec): Promise<FixtureServer> {
  try {
    return await spec.start({ port: spec.port });
  } catch (error) {
    if (!isAddressInUse(error)) throw error;
    const server = await spec.start({ port: 0 });
    console.warn(`Port ${spec.port} is taken (another demo still running?); ${spec.name} listens on ${server.url} instead.`);
    return server;
  }
}

/** Starts every demo server; if one fails, the ones already started are closed again. */
export async function startDemoServers(specs: DemoServerSpec[] = DEMO_SERVERS): Promise<RunningDemoServer[]> {
  const running: RunningDemoServer[] = [];
  try {
    for (const spec of specs) {
      const server = await startOnPort(spec);
      running.push({ name: spec.name, url: server.url, tryThis: spec.tryThis, close: () => server.close() });
    }
    return running;
  } catch (error) {
    await closeDemoServers(running);
    throw error;
  }
}

export async function closeDemoServers(servers: RunningDemoServer[]): Promise<void> {
  await Promise.allSettled(servers.map((server) => server.close()));
}
