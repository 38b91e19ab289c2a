/**
 * A small client for Firefox's Marionette protocol (the remote protocol geckodriver speaks to
 * Firefox). We speak it ourselves because WebDriver BiDi refuses navigation to moz-extension://
 * pages and geckodriver is not packaged where the tests run. Frames are `<length>:<JSON>`, the
 * length counted in bytes; commands are `[0, id, name, params]`, replies `[1, id, error, result]`.
 */
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** WebDriver's key for an element reference in JSON (the W3C "web element identifier"). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface ElementRef {
  [ELEMENT_KEY]: string;
}

export const elementId = (element: ElementRef) => element[ELEMENT_KEY];

export class MarionetteError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`${command}: ${error}: ${message}`);
  }
}

type Reply = { resolve(value: unknown): void; reject(error: Error): void; command: string };

export class Marionette {
  private nextId = 1;
  private readonly pending = new Map<number, Reply>();
  private buffer = Buffer.alloc(0);
  private hello?: (value: unknown) => void;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () => {
      for (const reply of this.pending.values()) reply.reject(new Error(`${reply.command}: Marionette closed the connection`));
      this.pending.clear();
    });
  }

  /** Connects to Firefox's Marionette port, retrying while Firefox starts (it listens only once up). */
  static async connect(port: number, timeoutMs = 30_000): Promise<Marionette> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const socket = await new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        });
        const client = new Marionette(socket);
        await new Promise((resolve) => {
          client.hello = resolve;
        });
        return client;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(200);
      }
    }
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const colon = this.buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.buffer.subarray(0, colon).toString('ascii'));
      if (this.buffer.length < colon + 1 + length) return;
      const frame = JSON.parse(this.buffer.subarray(colon + 1, colon + 1 + length).toString('utf8')) as unknown;
      this.buffer = this.buffer.subarray(colon + 1 + length);
      if (!Array.isArray(frame)) {
        this.hello?.(frame);
        continue;
      }
      const [, id, error, result] = frame as [1, number, { error: string; message: string } | null, unknown];
      const reply = this.pending.get(id);
      this.pending.delete(id);
      if (!reply) continue;
      if (error) reply.reject(new MarionetteError(reply.command, error.error, error.message));
      else reply.resolve(result);
    }
  }

  /** Sends one command and resolves with its result (`value` unwrapped when that is all it holds). */
  async send<T = unknown>(command: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    const body = Buffer.from(JSON.stringify([0, id, command, params]), 'utf8');
    const result = await new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, command });
      this.socket.write(Buffer.concat([Buffer.from(`${body.length}:`, 'ascii'), body]));
    });
    const keys = result !== null && typeof result === 'object' ? Object.keys(result) : [];
    return (keys.length === 1 && keys[0] === 'value' ? (result as { value: unknown }).value : result) as T;
  }

  /** Runs `script` (a function body; `arguments` holds `args`) where the current context is. */
  execute<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    return this.send<T>('WebDriver:ExecuteScript', { script, args });
  }

  /** Runs `script` until it calls `resolve` (the last argument), as WebDriver's async script does. */
  executeAsync<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    return this.send<T>('WebDriver:ExecuteAsyncScript', { script, args });
  }

  setContext(context: 'chrome' | 'content'): Promise<unknown> {
    return this.send('Marionette:SetContext', { value: context });
  }

  click(element: ElementRef): Promise<unknown> {
    return this.send('WebDriver:ElementClick', { id: elementId(element) });
  }

  /** Types `text` into an element as key presses (WebDriver's "element send keys"). */
  type(element: ElementRef, text: string): Promise<unknown> {
    return this.send('WebDriver:ElementSendKeys', { id: elementId(element), text });
  }

  clear(element: ElementRef): Promise<unknown> {
    return this.send('WebDriver:ElementClear', { id: elementId(element) });
  }

  close(): void {
    this.socket.destroy();
  }
}
