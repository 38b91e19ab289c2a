import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorizationError } from '../../../lib/auth';
import { Connections, exponentialBackoff, isConnectionLost, type ConnectionsOptions } from '../../../lib/hub/connections';
import type { SavedServer } from '../../../lib/hub/servers';
import type { Connection, LoadOptions, ServerConfig } from '../../../lib/mcp/connection';
import { fakeConnection } from './fakeConnection';
import type { EraVerdicts } from '../../../lib/mcp/eras';
import type { ServerView } from '../../../lib/state';
import { isolated, isolatedUrl } from '../../../lib/i18n';

afterEach(() => vi.useRealTimers());

const URL_ = 'https://mcp.example.com/mcp';

/** Saved servers and their views in memory; `update` merges as the real views do. */
function book(saved: SavedServer[]) {
  const servers = new Map(saved.map((server) => [server.id, server]));
  const views = new Map(
    saved.map((server) => [
      server.id,
      { id: server.id, url: server.url, enabled: server.enabled, displayName: 'mcp.example.com', status: 'connecting' } as ServerView,
    ]),
  );
  return {
    saved: (serverId: string) => servers.get(serverId),
    views: () => [...views.values()],
    view: (serverId: string) => views.get(serverId),
    displayName: (serverId: string) => views.get(serverId)?.displayName,
    update: (serverId: string, patch: Partial<ServerView>) => {
      const view = views.get(serverId);
      if (view) views.set(serverId, { ...view, ...patch });
    },
    remove: (serverId: string) => {
      servers.delete(serverId);
      views.delete(serverId);
    },
  };
}

function connections(options: Partial<ConnectionsOptions> = {}, saved: SavedServer[] = [{ id: 's1', url: URL_, enabled: true }]) {
  const servers = book(saved);
  const opened: Array<{ server: ServerConfig; options: LoadOptions; connection: Connection & { closed: boolean } }> = [];
  const settings: ConnectionsOptions = {
    servers,
    authorization: { setupFor: () => undefined, context: async () => '', status: () => undefined },
    asking: { deliver: vi.fn(), bound: vi.fn(() => ({ hold: () => ({ release: () => {} }), refusal: () => 'too many' })), withdraw: vi.fn() },
    visits: { until: vi.fn(async () => {}), complete: vi.fn() },
    calls: { takenOver: async () => {}, resume: vi.fn(), dropServer: vi.fn() },
    connect: vi.fn(async (server: ServerConfig, loadOptions: LoadOptions) => {
      const connection = fakeConnection(server);
      opened.push({ server, options: loadOptions, connection });
      return connection;
    }),
    backoffMs: exponentialBackoff,
    ...options,
  };
  return { subject: new Connections(settings), settings, servers, opened };
}

describe('connecting to a server', () => {
  it('shows it connected with what it offers, its templates’ variables read', async () => {
    const { subject, servers, opened, settings } = connections();
    await subject.connect('s1');
    expect(opened[0]!.server).toEqual({ id: 's1', name: 'mcp.example.com', url: URL_, headers: undefined });
    expect(servers.view('s1')).toMatchObject({
      status: 'connected',
      displayName: 'Deploys',
      era: 'legacy',
      instructions: 'Be brief.',
      tools: [{ name: 'deploy' }],
      resourceTemplates: [{ uriTemplate: 'logs://{day}/{level}', variables: ['day', 'level'] }],
    });
    expect(subject.connection('s1')).toBe(opened[0]!.connection);
    expect(settings.calls.resume).toHaveBeenCalledWith('s1');
  });

  it('hands the server’s questions to the person with where they come from, under the name it now goes by', async () => {
    const { subject, settings, opened } = connections();
    await subject.connect('s1');
    const request = { id: 'r', kind: 'input' as const, prompt: 'Why?', url: null, data: null };
    const signal = new AbortController().signal;
    // With the place its question took in the inbox on its way in.
    const place = { release: vi.fn() };
    void opened[0]!.options.waitFor(request, { signal, problems: [], place });
    expect(settings.asking.deliver).toHaveBeenCalledWith(
      request,
      { serverId: 's1', serverName: 'Deploys', serverOrigin: 'https://mcp.example.com' },
      signal,
      place,
    );
    void opened[0]!.options.untilVisitEnds!(request, signal);
    expect(settings.visits.until).toHaveBeenCalledWith('r', signal);
  });

  it('keeps its lists fresh, and passes on a completed elicitation, only while the connection is current', async () => {
    const { subject, settings, servers, opened } = connections();
    await subject.connect('s1');
    opened[0]!.options.onListChanged!({ kind: 'prompts', items: [{ name: 'summary' }] });
    opened[0]!.options.onElicitationComplete!('e1');
    expect(servers.view('s1')!.prompts).toEqual([{ name: 'summary' }]);
    expect(settings.visits.complete).toHaveBeenCalledWith('s1', 'e1');
    await subject.reconnect('s1');
    opened[0]!.options.onListChanged!({ kind: 'prompts', items: [{ name: 'stale' }] });
    opened[0]!.options.onElicitationComplete!('e2');
    expect(servers.view('s1')!.prompts).toEqual([]);
    expect(settings.visits.complete).toHaveBeenCalledTimes(1);
  });

  it('waits for host access before trying', async () => {
    const { subject, settings, servers } = connections({ canReach: async () => false });
    await subject.connect('s1');
    expect(settings.connect).not.toHaveBeenCalled();
    expect(servers.view('s1')).toMatchObject({
      status: 'needs-permission',
      error: `toolnexus may not reach ${isolatedUrl('https://mcp.example.com')} yet. Grant access to connect.`,
    });
  });

  it('leaves a disabled server alone, and gives up its kept calls once the last worker’s are read', async () => {
    let takenOver!: () => void;
    const calls = { takenOver: () => new Promise<void>((resolve) => (takenOver = resolve)), resume: vi.fn(), dropServer: vi.fn() };
    const { subject, settings, servers } = connections({ calls }, [{ id: 's1', url: URL_, enabled: false }]);
    const connected = subject.connect('s1');
    expect(servers.view('s1')!.status).toBe('disabled');
    await Promise.resolve();
    expect(calls.dropServer).not.toHaveBeenCalled();
    takenOver();
    await connected;
    expect(calls.dropServer).toHaveBeenCalledWith('s1', 'disabled');
    expect(settings.connect).not.toHaveBeenCalled();
  });

  it('tries again after 1 s, 2 s, 4 s while it fails, and shows why and when', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const connect = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const { subject, servers } = connections({ connect });
    await subject.connect('s1');
    // The failure in words (lib/diagnosis.ts), its own words kept as evidence.
    expect(servers.view('s1')).toMatchObject({
      status: 'error',
      error: `Could not reach ${isolatedUrl('mcp.example.com')}: nothing answered. The server may be down, the address or port wrong, or (for https) its certificate not trusted by this browser. (${isolated('fetch failed')})`,
      retryAt: 1_001_000,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connect).toHaveBeenCalledTimes(2);
    expect(servers.view('s1')!.retryAt).toBe(1_001_000 + 2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connect).toHaveBeenCalledTimes(3);
    expect(servers.view('s1')!.retryAt).toBe(1_003_000 + 4_000);
  });

  it('leaves a declined sign-in to the person, without retrying', async () => {
    vi.useFakeTimers();
    const connect = vi.fn(async () => {
      throw new AuthorizationError('declined', 'You declined to sign in.');
    });
    const { subject, servers } = connections({ connect });
    await subject.connect('s1');
    expect(servers.view('s1')).toMatchObject({ status: 'needs-authorization', error: 'You declined to sign in.' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledOnce();
  });

  it('tries a sign-in whose authorization server did not answer again by itself, 1 s, 2 s … later, until it connects', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const unreachable = new AuthorizationError('unreachable', 'Deploys’s authorization server could not be reached.');
    let down = true;
    const { subject, servers, settings } = connections();
    const open = settings.connect;
    settings.connect = vi.fn(async (server, loadOptions) => {
      if (down) throw unreachable;
      return open(server, loadOptions);
    });
    await subject.connect('s1');
    expect(servers.view('s1')).toMatchObject({ status: 'needs-authorization', error: unreachable.message, retryAt: 1_001_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(servers.view('s1')).toMatchObject({ status: 'needs-authorization', retryAt: 1_001_000 + 2_000 });
    down = false;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settings.connect).toHaveBeenCalledTimes(3);
    expect(servers.view('s1')).toMatchObject({ status: 'connected', retryAt: undefined });
  });

  it('stops trying by itself once a sign-in fails for a reason that is the person’s', async () => {
    vi.useFakeTimers();
    const connect = vi.fn(async () => {
      throw new AuthorizationError('unreachable', 'Not reached.');
    });
    const { subject, servers } = connections({ connect });
    await subject.connect('s1');
    subject.signInFailed('s1', new AuthorizationError('declined', 'You declined to sign in.'));
    expect(servers.view('s1')).toMatchObject({ status: 'needs-authorization', error: 'You declined to sign in.', retryAt: undefined });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledOnce();
  });

  it('leaves a sign-in failure to the person also when the SDK’s version probe wrapped it', async () => {
    vi.useFakeTimers();
    const refused = new AuthorizationError('token-refused', 'The server refused the token its authorization server had just issued.');
    const connect = vi.fn(async () => {
      throw new SdkError(
        SdkErrorCode.EraNegotiationFailed,
        `Version negotiation probe failed: ${refused.message}`,
        { cause: refused },
        { cause: refused },
      );
    });
    const { subject, servers } = connections({ connect });
    await subject.connect('s1');
    expect(servers.view('s1')).toMatchObject({ status: 'needs-authorization', error: refused.message });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(connect).toHaveBeenCalledOnce();
  });

  it('closes, and keeps nothing of, a connect overtaken by the server’s removal', async () => {
    let open!: () => void;
    const { subject, settings, servers, opened } = connections();
    const connect = settings.connect;
    settings.connect = vi.fn(async (server, loadOptions) => {
      await new Promise<void>((resolve) => (open = resolve));
      return connect(server, loadOptions);
    });
    const connected = subject.connect('s1');
    await vi.waitFor(() => expect(settings.connect).toHaveBeenCalled());
    servers.remove('s1');
    await subject.remove('s1');
    open();
    await connected;
    expect(opened[0]!.connection.closed).toBe(true);
    expect(subject.connection('s1')).toBeUndefined();
  });
});

describe('what each server was found to speak', () => {
  it('is remembered after a negotiated connect, and used for the next one', async () => {
    const saved: EraVerdicts[] = [];
    const eras = { load: async () => ({}), save: async (value: EraVerdicts) => void saved.push(value) };
    const { subject, opened } = connections({ eras });
    await subject.connect('s1');
    expect(opened[0]!.options.prior).toBeUndefined();
    expect(saved.at(-1)).toEqual({ s1: expect.objectContaining({ url: URL_, era: 'legacy' }) });
    await subject.connect('s1');
    expect(opened[1]!.options.prior).toEqual({ kind: 'legacy' });
  });

  it('is forgotten when it no longer holds, and the connect negotiates again at once', async () => {
    const saved: EraVerdicts[] = [];
    const eras = {
      load: async () => ({ s1: { url: URL_, at: Date.now(), era: 'modern' as const, discover: { ttlMs: 60_000 } as never } }),
      save: async (value: EraVerdicts) => void saved.push(value),
    };
    const priors: unknown[] = [];
    const { subject, servers } = connections({
      eras,
      connect: async (server, loadOptions) => {
        priors.push(loadOptions.prior);
        if (loadOptions.prior) throw new ProtocolError(-32601, 'Method not found');
        return fakeConnection(server);
      },
    });
    await subject.loadEras();
    await subject.connect('s1');
    expect(priors).toEqual([expect.objectContaining({ kind: 'modern' }), undefined]);
    expect(saved[0]).toEqual({});
    expect(servers.view('s1')!.status).toBe('connected');
  });

  it('is forgotten when the person reconnects or removes the server', async () => {
    const saved: EraVerdicts[] = [];
    const eras = { load: async () => ({}), save: async (value: EraVerdicts) => void saved.push(value) };
    const { subject } = connections({ eras });
    await subject.connect('s1');
    expect(saved.at(-1)).toHaveProperty('s1');
    await subject.remove('s1');
    expect(saved.at(-1)).toEqual({});
  });
});

describe('a connection that breaks', () => {
  it('withdraws what its server asked, saying why, closes, and tries again', async () => {
    vi.useFakeTimers();
    const { subject, settings, servers, opened } = connections();
    await subject.connect('s1');
    const error = new Error('stream closed');
    opened[0]!.options.onLost!(error);
    expect(settings.asking.withdraw).toHaveBeenCalledWith('s1', error);
    expect(opened[0]!.connection.closed).toBe(true);
    expect(subject.connection('s1')).toBeUndefined();
    expect(servers.view('s1')).toMatchObject({ status: 'error', error: 'stream closed' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(servers.view('s1')!.status).toBe('connected');
  });

  it('is told apart from a server that answered with an error', async () => {
    vi.useFakeTimers();
    const { subject, settings } = connections();
    await subject.connect('s1');
    subject.requestFailed('s1', new ProtocolError(-32602, 'Invalid params'));
    subject.requestFailed('s1', new SdkError(SdkErrorCode.RequestTimeout, 'timed out'));
    expect(settings.asking.withdraw).not.toHaveBeenCalled();
    subject.requestFailed('s1', new TypeError('fetch failed'));
    expect(settings.asking.withdraw).toHaveBeenCalledWith('s1', expect.any(TypeError));
  });

  it('is lost once only', async () => {
    vi.useFakeTimers();
    const { subject, settings, opened } = connections();
    await subject.connect('s1');
    opened[0]!.options.onLost!(new Error('gone'));
    subject.requestFailed('s1', new TypeError('fetch failed'));
    expect(settings.asking.withdraw).toHaveBeenCalledOnce();
  });
});

describe('host access that changed', () => {
  it('connects servers that waited for it, stops those that lost it, and leaves disabled ones be', async () => {
    const reachable = new Set<string>();
    const saved = [
      { id: 'a', url: 'https://a.example/mcp', enabled: true },
      { id: 'b', url: 'https://b.example/mcp', enabled: true },
      { id: 'c', url: 'https://c.example/mcp', enabled: false },
    ];
    reachable.add('https://b.example');
    const { subject, servers, settings } = connections({ canReach: async (origin) => reachable.has(origin) }, saved);
    await Promise.all(saved.map((server) => subject.connect(server.id)));
    expect(servers.views().map((view) => view.status)).toEqual(['needs-permission', 'connected', 'disabled']);
    reachable.clear();
    reachable.add('https://a.example');
    reachable.add('https://c.example');
    await subject.accessChanged();
    expect(servers.views().map((view) => view.status)).toEqual(['connected', 'needs-permission', 'disabled']);
    expect(settings.asking.withdraw).toHaveBeenCalledWith('b');
  });
});

describe('a failed request', () => {
  it('means a lost connection for network failures and SDK transport errors, not for the server’s own answers or timeouts', () => {
    expect(isConnectionLost(new TypeError('fetch failed'))).toBe(true);
    expect(isConnectionLost(new SdkError(SdkErrorCode.ConnectionClosed, 'closed'))).toBe(true);
    expect(isConnectionLost(new SdkError(SdkErrorCode.RequestTimeout, 'timed out'))).toBe(false);
    expect(isConnectionLost(new SdkError(SdkErrorCode.InvalidResult, 'bad result'))).toBe(false);
    expect(isConnectionLost(new ProtocolError(-32603, 'Internal error'))).toBe(false);
    expect(isConnectionLost(new Error('tool failed'))).toBe(false);
  });
});

describe('the reconnect delay', () => {
  it('doubles from a second, up to a minute', () => {
    expect([0, 1, 2, 5, 6, 20].map(exponentialBackoff)).toEqual([1_000, 2_000, 4_000, 32_000, 60_000, 60_000]);
  });
});

describe('a server that refuses the extension’s Origin', () => {
  const refusal = new Error(
    'Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Invalid Origin header: chrome-extension://x"},"id":null}',
  );

  it('gets its origin let through without Origin, then is connected again, once', async () => {
    const originRefused = vi.fn(async () => {});
    let attempts = 0;
    const { subject, servers, settings } = connections({
      originRefused,
      connect: vi.fn(async (server: ServerConfig) => {
        attempts += 1;
        if (attempts === 1) throw refusal;
        return fakeConnection(server);
      }),
    });
    await subject.connect('s1');
    expect(originRefused).toHaveBeenCalledExactlyOnceWith(URL_);
    expect(settings.connect).toHaveBeenCalledTimes(2);
    expect(servers.view('s1')?.status).toBe('connected');
  });

  it('fails as usual when it still refuses, without asking again', async () => {
    vi.useFakeTimers();
    const originRefused = vi.fn(async () => {});
    const { subject, servers, settings } = connections({ originRefused, connect: vi.fn(async () => Promise.reject(refusal)) });
    await subject.connect('s1');
    expect(originRefused).toHaveBeenCalledOnce();
    expect(settings.connect).toHaveBeenCalledTimes(2);
    expect(servers.view('s1')).toMatchObject({ status: 'error', error: expect.stringContaining('Invalid Origin header') });
  });

  it('asks for nothing on other failures', async () => {
    vi.useFakeTimers();
    const originRefused = vi.fn(async () => {});
    const { subject } = connections({ originRefused, connect: vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) });
    await subject.connect('s1');
    expect(originRefused).not.toHaveBeenCalled();
  });
});
