import { Client, InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import type { ListChange } from '../../../lib/mcp/connection';
import { listChangedOption, listenForListChanges, listenWithoutAdvertisement } from '../../../lib/mcp/listChanges';

/** A client connected to a hand-played 2025-11-25 server with these capabilities and one tool. */
async function connected(capabilities: Record<string, unknown>) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  let tools = [{ name: 'first', inputSchema: { type: 'object' } }];
  serverSide.onmessage = (message: JSONRPCMessage) => {
    if (!('method' in message) || !('id' in message)) return;
    const result =
      message.method === 'initialize'
        ? { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'hand', version: '1' } }
        : message.method === 'tools/list'
          ? { tools }
          : {};
    void serverSide.send({ jsonrpc: '2.0', id: message.id, result });
  };
  await serverSide.start();
  const client = new Client({ name: 'test', version: '1' }, { capabilities: {} });
  await client.connect(clientSide);
  const announce = async (next: typeof tools) => {
    tools = next;
    await serverSide.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
  };
  return { client, announce };
}

describe('listenWithoutAdvertisement', () => {
  it('lists again when a server that never advertised listChanged says its tools changed', async () => {
    const { client, announce } = await connected({ tools: {} });
    const changes: ListChange[] = [];
    listenWithoutAdvertisement(client, (change) => changes.push(change));
    await announce([{ name: 'second', inputSchema: { type: 'object' } }]);
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({ kind: 'tools', items: [{ name: 'second' }] });
    await client.close();
  });

  it('leaves an advertised list to the SDK, so a change is not reported twice', async () => {
    const { client, announce } = await connected({ tools: { listChanged: true } });
    const onListChanged = vi.fn();
    listenWithoutAdvertisement(client, onListChanged);
    await announce([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onListChanged).not.toHaveBeenCalled();
    await client.close();
  });
});

describe('listChangedOption', () => {
  it('hands each fresh list on by kind, and drops a refresh that failed', () => {
    const changes: ListChange[] = [];
    const option = listChangedOption((change) => changes.push(change))!;
    option.prompts!.onChanged(null, [{ name: 'greet' }]);
    option.tools!.onChanged(new Error('tools/list failed'), null);
    option.resources!.onChanged(null, null);
    expect(changes).toEqual([
      { kind: 'prompts', items: [{ name: 'greet' }] },
      { kind: 'resources', items: [] },
    ]);
  });
});

describe('listenForListChanges', () => {
  it('opens one subscriptions/listen stream naming every list the server says can change, and none when none can', async () => {
    const listen = vi.fn(async () => ({}));
    const client = (capabilities: object) => ({ getServerCapabilities: () => capabilities, listen }) as unknown as Client;
    const signal = new AbortController().signal;
    await listenForListChanges(client({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: {} }), signal);
    await listenForListChanges(client({ tools: {} }), signal);
    expect(listen).toHaveBeenCalledTimes(1);
    expect(listen).toHaveBeenCalledWith({ toolsListChanged: true, promptsListChanged: true }, expect.objectContaining({ signal }));
  });
});
