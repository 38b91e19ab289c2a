/**
 * The raw SDK v2 client in an extension page of the bench build (never in the product):
 * the same-browser baseline for tools/call, so the extension's own cost can be told apart
 * from what any client pays for Chromium's network stack. bench/run.ts builds it into the
 * bench extension after WXT does; bench/tool-call.ts drives it.
 */
// As in the worker: zod must not probe for eval under the extension CSP.
import '../../lib/mcp/zodJitless';
import type { Client } from '@modelcontextprotocol/client';
import { connectSdkClient, sdkEchoCalls } from '../sdk-client';

export interface SdkPageWindow {
  __benchSdk: {
    connect(url: string): Promise<void>;
    /** Calls `echo` once per text, one after another; resolves with each round trip in ms. */
    calls(texts: string[]): Promise<number[]>;
  };
}

let client: Client | undefined;

(window as unknown as SdkPageWindow).__benchSdk = {
  async connect(url) {
    client = await connectSdkClient(url);
  },
  async calls(texts) {
    if (!client) throw new Error('connect first');
    return sdkEchoCalls(client, texts);
  },
};
