/**
 * Which 2025-11-25 server requests came with a call that has since ended. A server sends
 * `elicitation/create` for a call on that call's own POST response stream (spec transports:
 * such requests SHOULD relate to the originating request), and once the call's response is on
 * that stream the server reads no answer any more. Most servers cancel what they no longer
 * wait for (`notifications/cancelled`); some do not (mcp-lite times its elicitation out, then
 * fails the call), which left a Request in the inbox whose answer nobody would read.
 *
 * The SDK does not say which stream a message came on, so this watches each POST's SSE
 * stream as it passes (lib/mcp/exchangeTap.ts) and reports the server requests it carried once
 * the stream ended with its call over.
 */
import { readRpcMessage, type RpcId } from './jsonRpc';
import type { Tap } from './exchangeTap';

/** Events larger than this are not parsed (a big result, not a question); they count as the call's response. */
const MAX_PARSED = 1_000_000;

/** The JSON-RPC id of the one request a POST carries (the SDK sends one message per POST). */
function requestId(body: unknown): RpcId | undefined {
  const message = typeof body === 'string' ? readRpcMessage(body) : undefined;
  return message?.kind === 'request' ? message.id : undefined;
}

/** Tells `onCallEnded` which server requests a call's POST stream carried, once that stream ended with the call's response on it. */
export function callStreamWatch(onCallEnded: (requests: RpcId[]) => void): Tap {
  return (_url, init) => {
    const call = init?.method === 'POST' ? requestId(init.body) : undefined;
    if (call === undefined) return {};
    return {
      response: (_response, sse) => {
        if (!sse) return;
        const requests: RpcId[] = [];
        let answered = false;
        return {
          event(event) {
            if (answered || (event.event && event.event !== 'message')) return;
            if (event.data.length > MAX_PARSED) {
              answered = true;
              return;
            }
            // What is not a message the SDK reports; here it only means no request to watch.
            const message = readRpcMessage(event.data);
            if (message?.kind === 'request') requests.push(message.id);
            else if (message?.kind === 'response' && message.id === call) answered = true;
          },
          end(complete) {
            // A stream that ends without the call's response is a lost connection or one the SDK
            // resumes: the connection's own checks speak for those.
            if (complete && requests.length > 0 && answered) onCallEnded(requests);
          },
        };
      },
    };
  };
}
