/**
 * The floor under the extension's design: a service worker holding the SDK v2 client and nothing
 * of the product (no hub, no storage mirrors, no protocol log, no state diffing). Woken by the
 * panel's port, it reads the saved servers (one `storage.local` read, as the product's worker
 * does), tells the panel at once, then connects and lists each server as the Node baseline does
 * (bench/sdk-client.ts, the era known), telling the panel as each is connected (bench 5's cold
 * start). A `callTool` command on the port is called and answered with one message, the call
 * done (bench 1's tools/call). A server's `elicitation/create` goes to the panel as one message
 * and waits for its answer (bench 2's form ready). Built into an extension of its own (bench/run.ts,
 * `.output/bench-floor`), never into the product: what the product's worker takes beyond this
 * is its own, the rest is the SDK's, the port's and the browser's.
 */
import '../../lib/mcp/zodJitless';
import type { Browser } from 'webextension-polyfill';
import type { SavedServer } from '../../lib/hub';
import { PANEL_PORT } from '../../lib/port/messages';
import type { Client } from '@modelcontextprotocol/client';
import { connectAndList } from '../sdk-client';

// Chromium's own promise API, whose shape the polyfill's types describe.
declare const chrome: Browser;

interface Command {
  type?: string;
  command?: string;
  args?: [string, string, Record<string, unknown>];
  /** An answer: the Request's id and the person's action. */
  id?: string;
  action?: 'accept' | 'decline' | 'cancel';
}

type Action = NonNullable<Command['action']>;

/** A saved server as the floor reads it: `negotiate` asks its era, as for a 2026-07-28 server (bench/memory.ts). */
interface FloorServer extends SavedServer {
  negotiate?: boolean;
}

chrome.runtime.onConnect.addListener(async (port) => {
  if (port.name !== PANEL_PORT) return;
  const clients = new Map<string, Client>();
  let servers: FloorServer[] = [];
  let activities: object[] = [];
  /** The elicitations the panel shows, each waiting for its answer. */
  let inbox: Array<{ id: string; prompt: string }> = [];
  const answers = new Map<string, (action: Action) => void>();
  // The messages the bench's probe reads (bench/probe.ts): a whole `state` each time.
  const tell = () =>
    port.postMessage({
      type: 'state',
      state: { servers: servers.map(({ id, name }) => ({ id, name, status: clients.has(id) ? 'connected' : 'connecting' })), activities, inbox },
    });
  const ask = ({ message }: { message: string }) =>
    new Promise<{ action: Action }>((resolve) => {
      const id = crypto.randomUUID();
      answers.set(id, (action) => {
        answers.delete(id);
        inbox = inbox.filter((request) => request.id !== id);
        tell();
        resolve({ action });
      });
      inbox = [...inbox, { id, prompt: message }];
      tell();
    });
  port.onMessage.addListener(async (raw) => {
    const message = raw as Command;
    if (message.type === 'answer' && message.id && message.action) return answers.get(message.id)?.(message.action);
    if (message.type !== 'command' || message.command !== 'callTool' || !message.args) return;
    const [serverId, name, args] = message.args;
    const result = await clients.get(serverId)!.callTool({ name, arguments: args });
    activities = [{ id: crypto.randomUUID(), kind: 'tool', serverId, tool: name, args, status: 'done', result }];
    tell();
  });
  servers = ((await chrome.storage.local.get('servers')) as { servers?: FloorServer[] }).servers ?? [];
  tell();
  await Promise.all(
    servers.map(async (server) => {
      // The era as the product's worker would know it: remembered for a 2025-11-25 server,
      // negotiated for a 2026-07-28 one whose advertisement may not be kept (bench 13).
      const prior = server.negotiate ? undefined : ({ kind: 'legacy' } as const);
      clients.set(server.id, await connectAndList(server.url, { prior, onElicit: ask }));
      tell();
    }),
  );
});
