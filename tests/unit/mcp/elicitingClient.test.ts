import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it, vi } from 'vitest';
import { ElicitingClient } from '../../../lib/mcp/elicitingClient';

/** A client connected to a hand-played 2025-11-25 server: the test is the server. */
async function connected() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const received: JSONRPCMessage[] = [];
  serverSide.onmessage = (message) => {
    received.push(message);
    if ('method' in message && message.method === 'initialize' && 'id' in message) {
      void serverSide.send({
        jsonrpc: '2.0',
        id: message.id,
        result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'hand', version: '1' } },
      });
    }
  };
  await serverSide.start();
  const client = new ElicitingClient({ name: 'test', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  const handler = vi.fn(async () => ({ action: 'decline' as const }));
  client.setRequestHandler('elicitation/create', handler);
  await client.connect(clientSide);
  const ask = async (id: number, params: unknown) => {
    await serverSide.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params: params as Record<string, unknown> });
    await vi.waitFor(() => expect(received.find((message) => 'id' in message && message.id === id)).toBeDefined());
    return received.find((message) => 'id' in message && message.id === id)!;
  };
  return { client, handler, ask };
}

describe('ElicitingClient', () => {
  it('answers malformed elicitation params with one readable -32602 before the SDK schema runs', async () => {
    const { client, handler, ask } = await connected();
    const reply = await ask(7, { mode: 'form', message: 'Pick', requestedSchema: { type: 'object', properties: { a: { $ref: '#/x' } } } });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32602,
        message:
          'Elicitation refused by the client: requestedSchema property "a" has type undefined; form fields are string, number, integer, boolean or a list of options.',
      },
    });
    expect(handler).not.toHaveBeenCalled();
    await client.close();
  });

  it('hands well-formed params to the handler', async () => {
    const { client, handler, ask } = await connected();
    const reply = await ask(8, { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
    expect(reply).toMatchObject({ id: 8, result: { action: 'decline' } });
    expect(handler).toHaveBeenCalledOnce();
    await client.close();
  });
});
