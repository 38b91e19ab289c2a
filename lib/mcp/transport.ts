/**
 * How a connection reaches its server, and whether the server is still there:
 * - every HTTP exchange goes through one `fetch`: sign-in (lib/auth), the language preference,
 *   and one tap (exchangeTap) for the per-origin limit (connectionLimit), the server's budget of
 *   notifications (inboundBudget, eventFilter), the protocol log's recorder and the watch on each
 *   call's stream (callStreams);
 * - Streamable HTTP first, the old HTTP+SSE transport when the POST was not understood;
 * - liveness: the connection is lost when the transport closes or a failing server no longer
 *   answers a ping, and everything waiting on it is failed once.
 */
import { speakingLanguage } from './language';
import {
  type Client,
  type FetchLike,
  ProtocolError,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { createServerAuthorization } from '../auth';
import { t } from '../i18n';
import { errorMessage } from '../errorMessage';
import { callStreamWatch } from './callStreams';
import type { RpcId } from './jsonRpc';
import type { LoadOptions, ServerConfig } from './connection';
import { openRequestLimit } from './connectionLimit';
import { CallError } from './errors';
import { type EventJudge, eventFilter } from './eventFilter';
import { type Tap, tapExchanges } from './exchangeTap';
import { type IdleClock, NO_SDK_TIMEOUT } from './idleClock';
import { listenForListChanges } from './listChanges';
import { protocolRecorder } from './protocolLog';

/** How long closing waits for the server to end its session before it closes all the same. */
const END_SESSION_MS = 2_000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether the connection still stands; `lost` is what every request and Request of it waits on. */
export interface Liveness {
  /** Aborts, with why, once the connection is lost or closed. */
  readonly lost: AbortSignal;
  /** The connect succeeded: a closed transport is a lost connection from now on, not the connect's own failure. */
  connected(): void;
  /** The host is closing the connection, so nothing that follows is a loss; with `reason`, what still waits ends with it. */
  end(reason?: Error): void;
}

type Watched = Pick<Client, 'ping' | 'onclose' | 'onerror'>;

/** Watches `client` for a lost connection and tells `onLost` once, before anything waiting is failed. */
export function liveness(client: Watched, serverName: string, onLost?: (error: Error) => void): Liveness {
  const lost = new AbortController();
  let connected = false;
  let closing = false;
  let probing = false;
  const lose = (error: Error) => {
    if (closing || !connected || lost.signal.aborted) return;
    // The host hears first, while what was waiting on the connection is still listed.
    onLost?.(error);
    lost.abort(error);
  };
  client.onclose = () => lose(new Error(t('mcp.connection.closed', { server: serverName })));
  // A server that dies mid-call leaves the call pending forever: the SDK only reports
  // failed SSE reconnects here. A ping tells a dead server from a passing hiccup.
  client.onerror = () => {
    if (probing || closing || lost.signal.aborted) return;
    probing = true;
    client
      .ping({ timeout: 5_000 })
      .catch((error: unknown) => {
        if (!(error instanceof ProtocolError)) lose(new Error(t('mcp.connection.lost', { server: serverName, error: errorMessage(error) })));
      })
      .finally(() => {
        probing = false;
      });
  };
  return {
    lost: lost.signal,
    connected: () => {
      connected = true;
    },
    end: (reason) => {
      closing = true;
      if (reason) lost.abort(reason);
    },
  };
}

/** The statuses the spec names for "perhaps an old HTTP+SSE server": the Streamable HTTP POST was not understood. */
function offersOldTransport(error: unknown): boolean {
  return error instanceof SdkHttpError && [400, 404, 405].includes(error.status);
}

export interface ServerTransport {
  /** `sse`: the server speaks only the old HTTP+SSE transport (protocol 2024-11-05). */
  readonly kind: 'streamable-http' | 'sse';
  /** The Streamable HTTP session this connection is in, if the server keeps sessions. */
  readonly sessionId: string | undefined;
  /** A transport into another session of the server (one an earlier connection made), for a client that joins it without a handshake. */
  joinSession(sessionId: string): StreamableHTTPClientTransport;
  /** Fails what still waits on the connection, ends the session and closes the client. */
  close(): Promise<void>;
}

export interface TransportSetup extends Pick<LoadOptions, 'fetch' | 'onRecord' | 'authorization' | 'prior' | 'acceptLanguage'> {
  clock: IdleClock;
  liveness: Liveness;
  /** The server requests a call's stream carried, once that call has ended (lib/mcp/callStreams.ts). */
  onCallEnded: (requests: RpcId[]) => void;
  /** Whether an SSE event from the server goes on to anything at all: its budgets (lib/mcp/inboundBudget.ts, questionGate.ts). */
  inbound?: EventJudge;
}

/**
 * Connects `client` to `server`: Streamable HTTP, or the old HTTP+SSE transport as the spec's
 * fallback. The connect runs under the idle clock (the SDK's timer would run on while the
 * person signs in); a failed connect closes the client and throws the error worth showing.
 */
export async function connectTransport(client: Client, server: ServerConfig, setup: TransportSetup): Promise<ServerTransport> {
  const { clock, liveness } = setup;
  const authorization =
    setup.authorization &&
    createServerAuthorization({
      ...setup.authorization,
      server,
      // The person signing in is the person answering: the same pause of the idle clock.
      onInteraction: (waiting) => (waiting ? clock.pause() : clock.resume()),
    });
  const direct: FetchLike = setup.fetch ?? ((url, init) => fetch(url, init));
  const taps: Tap[] = [openRequestLimit()];
  const recorder = setup.onRecord && protocolRecorder(setup.onRecord);
  // The budget before the rest: what it takes out costs nothing further, not even the protocol
  // log; what it answers in the person's name (a refused question's error) is recorded, as sent.
  if (setup.inbound) taps.push(eventFilter(recorder ? tapExchanges(direct, [recorder]) : direct, setup.inbound));
  if (recorder) taps.push(recorder);
  taps.push(callStreamWatch(setup.onCallEnded));
  const tapped = tapExchanges(direct, taps);
  // The language goes on before the recorder sees the request, so the protocol log shows what was sent.
  const mcpFetch = setup.acceptLanguage ? speakingLanguage(tapped, setup.acceptLanguage) : tapped;
  const transportOptions = {
    ...(authorization ? authorization.transportOptions(mcpFetch) : { fetch: mcpFetch }),
    requestInit: server.headers ? { headers: server.headers } : undefined,
  };
  const streamable = new StreamableHTTPClientTransport(new URL(server.url), transportOptions);
  const connecting = new AbortController();
  const connectWatch = clock.watch(() =>
    connecting.abort(new CallError('timeout', t('mcp.timeout.connecting', { server: server.name, allowance: clock.allowance }))),
  );
  const connectOptions = { timeout: NO_SDK_TIMEOUT, signal: connecting.signal, prior: setup.prior };
  /** Set once the server turned out to speak only the old HTTP+SSE transport (protocol 2024-11-05). */
  let overSse = false;

  /**
   * spec 2025-11-25 basic/transports, backwards compatibility: the URL may be an old HTTP+SSE
   * endpoint; GET it and expect an `endpoint` event. Where that fails too, the first error is
   * the one worth showing.
   */
  async function connectOverSse(streamableError: unknown): Promise<void> {
    await client.close().catch(() => {});
    const transport = new SSEClientTransport(new URL(server.url), transportOptions);
    try {
      await client.connect(transport, { ...connectOptions, prior: undefined });
    } catch {
      throw streamableError;
    }
  }

  try {
    try {
      await client.connect(streamable, connectOptions);
    } catch (error) {
      if (!offersOldTransport(error) || connecting.signal.aborted) throw error;
      await connectOverSse(error);
      overSse = true;
    }
    // After a probe the SDK subscribes to the list changes the server offers; adopting a
    // remembered advertisement sends nothing, so subscribe here, which also shows at once
    // whether the server still speaks the era it was remembered in.
    if (setup.prior?.kind === 'modern') await listenForListChanges(client, connecting.signal);
  } catch (error) {
    liveness.end();
    await client.close().catch(() => {});
    throw connecting.signal.aborted ? connecting.signal.reason : error;
  } finally {
    connectWatch.stop();
  }
  liveness.connected();
  return {
    kind: overSse ? 'sse' : 'streamable-http',
    get sessionId() {
      return overSse ? undefined : streamable.sessionId;
    },
    joinSession: (sessionId) => new StreamableHTTPClientTransport(new URL(server.url), { ...transportOptions, sessionId }),
    close: async () => {
      const endSession = !overSse && streamable.sessionId !== undefined && !liveness.lost.aborted;
      // Calls still waiting hold connections the DELETE needs: end them first.
      liveness.end(new CallError('disconnected', t('mcp.connection.wasClosed', { server: server.name })));
      // spec 2025-11-25 transports: a client that no longer needs its session SHOULD end it
      // with DELETE. A server that is gone, slow or does not allow it changes nothing here.
      if (endSession) await Promise.race([streamable.terminateSession().catch(() => {}), delay(END_SESSION_MS)]);
      await client.close();
    },
  };
}
