/** The Marionette client's framing, against a scripted server: lengths count bytes, and TCP splits frames anywhere. */
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Marionette, MarionetteError } from './marionette';

const frame = (message: unknown) => {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`${body.length}:`), body]);
};

let server: Server | undefined;
let client: Marionette | undefined;

afterEach(async () => {
  client?.close();
  await new Promise((done) => server?.close(done));
});

/** A server that greets, then hands each command to `reply` (which writes to the socket as it likes). */
async function scripted(reply: (socket: Socket, command: [0, number, string, Record<string, unknown>]) => Promise<void>): Promise<number> {
  server = createServer((socket) => {
    socket.write(frame({ applicationType: 'gecko', marionetteProtocol: 3 }));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let colon = buffer.indexOf(':'); colon >= 0; colon = buffer.indexOf(':')) {
        const end = colon + 1 + Number(buffer.subarray(0, colon).toString());
        if (buffer.length < end) return;
        void reply(socket, JSON.parse(buffer.subarray(colon + 1, end).toString('utf8')));
        buffer = buffer.subarray(end);
      }
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the Marionette client', () => {
  it('sends frames whose length counts UTF-8 bytes, and reads replies split anywhere, even inside a character', async () => {
    const port = await scripted(async (socket, [, id, , params]) => {
      const bytes = frame([1, id, null, { value: `echo ${String(params.text)}` }]);
      for (const byte of bytes) {
        socket.write(Buffer.from([byte]));
        await sleep(0);
      }
    });
    client = await Marionette.connect(port);
    expect(await client.send('Test:Echo', { text: 'Reconnecting… — ümlaut ✓' })).toBe('echo Reconnecting… — ümlaut ✓');
  });

  it('reads two replies that arrive in one chunk, each to its own command, where a character takes more than a byte', async () => {
    const waiting: [Socket, number][] = [];
    const port = await scripted(async (socket, [, id]) => {
      waiting.push([socket, id]);
      if (waiting.length < 2) return;
      const [[, first], [, second]] = waiting as [[Socket, number], [Socket, number]];
      socket.write(Buffer.concat([frame([1, second, null, { value: 'second ✓' }]), frame([1, first, null, { value: 'first…' }])]));
    });
    client = await Marionette.connect(port);
    expect(await Promise.all([client.send('Test:One'), client.send('Test:Two')])).toEqual(['first…', 'second ✓']);
  });

  it('rejects with the error Marionette names, and keeps results with more than a value whole', async () => {
    const port = await scripted(async (socket, [, id, command]) => {
      socket.write(
        command === 'Test:Fail'
          ? frame([1, id, { error: 'no such element', message: 'Unable to locate element' }, null])
          : frame([1, id, null, { value: 1, other: 2 }]),
      );
    });
    client = await Marionette.connect(port);
    const failure = client.send('Test:Fail');
    await expect(failure).rejects.toBeInstanceOf(MarionetteError);
    await expect(failure).rejects.toMatchObject({ error: 'no such element' });
    expect(await client.send('Test:Both')).toEqual({ value: 1, other: 2 });
  });
});
