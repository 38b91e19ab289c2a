import { describe, expect, it, vi } from 'vitest';
import { type AuthorizationError, memoryArea } from '../../../lib/auth';
import type { SavedServer } from '../../../lib/hub/servers';
import { SignIn, type SignInOptions } from '../../../lib/hub/signIn';
import type { Request } from '../../../lib/request';

const server: SavedServer = { id: 's1', url: 'https://mcp.example.com/mcp', enabled: true };

function signIn(options: Partial<SignInOptions> = {}, saved: SavedServer | undefined = server) {
  const order: string[] = [];
  const update = vi.fn((_serverId: string, _patch: object) => void order.push('update'));
  const settings: SignInOptions = {
    authorization: {
      storage: { local: memoryArea(), session: memoryArea() },
      redirectUrl: 'https://extension.example/callback',
      authorize: async () => 'https://extension.example/callback?code=c',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    },
    servers: {
      saved: (serverId) => (serverId === saved?.id ? saved : undefined),
      displayName: () => 'Deploys',
      update,
      edit: vi.fn((_serverId: string, _patch: object) => {
        order.push('edit');
        return true;
      }),
      persist: vi.fn(async () => void order.push('persist')),
    },
    asking: { deliver: vi.fn(async (request: Request) => ({ id: request.id, ok: true })) },
    clientMetadataUrl: () => undefined,
    reconnect: vi.fn(async () => void order.push('reconnect')),
    disconnect: vi.fn(async () => void order.push('disconnect')),
    signInFailed: vi.fn((_serverId: string, _failure: AuthorizationError) => void order.push('failed')),
    ...options,
  };
  return { subject: new SignIn(settings), settings, update, order };
}

describe('a server’s sign-in', () => {
  it('is set up with the server’s name, its pre-registered client and the metadata URL the person set', () => {
    const saved = { ...server, oauthClientId: 'app', oauthClientSecret: 'hush' };
    const { subject } = signIn({ clientMetadataUrl: () => 'https://example.com/toolnexus.json' }, saved);
    expect(subject.setupFor('s1')).toMatchObject({
      server: { id: 's1', name: 'Deploys', url: saved.url },
      preRegistered: { clientId: 'app', clientSecret: 'hush' },
      clientMetadataUrl: 'https://example.com/toolnexus.json',
      redirectUrl: 'https://extension.example/callback',
    });
  });

  it('leaves out a metadata URL that was cleared, and a client that was never registered', () => {
    const { subject } = signIn({ clientMetadataUrl: () => '' });
    expect(subject.setupFor('s1')).toMatchObject({ clientMetadataUrl: undefined, preRegistered: undefined });
  });

  it('asks the person’s consent as a sign-in from that server', async () => {
    const { subject, settings } = signIn();
    const request: Request = { id: 'r', kind: 'authorization', prompt: 'Sign in', url: 'https://as.example/authorize', data: null };
    await subject.setupFor('s1')!.consent(request);
    expect(settings.asking.deliver).toHaveBeenCalledWith(request, {
      serverId: 's1',
      serverName: 'Deploys',
      serverOrigin: 'https://mcp.example.com',
      purpose: 'oauth',
    });
  });

  it('does not exist without token storage, or for a server not saved', () => {
    expect(signIn({ authorization: undefined }).subject.setupFor('s1')).toBeUndefined();
    expect(signIn().subject.setupFor('unknown')).toBeUndefined();
  });

  it('gives no context and no status, not even one to wait for, without token storage', async () => {
    const { subject } = signIn({ authorization: undefined });
    await expect(subject.context('s1')).resolves.toBe('');
    expect(subject.status('s1')).toBeUndefined();
  });

  it('shows signed out before any sign-in', async () => {
    await expect(signIn().subject.status('s1')).resolves.toMatchObject({ signedIn: false });
  });
});

describe('Sign in', () => {
  it('that fails hands the failure, in its words, to what shows the server’s card, and does not reconnect', async () => {
    const { subject, settings } = signIn();
    await subject.signIn('s1');
    // Nothing answered it (the network here fails every request) before anyone was asked.
    expect(settings.signInFailed).toHaveBeenCalledWith(
      's1',
      expect.objectContaining({ code: 'unreachable', message: expect.stringMatching(/could not be reached/) }),
    );
    expect(settings.reconnect).not.toHaveBeenCalled();
  });

  it('with a client id the person entered keeps it as the server’s own client, secret included, before signing in with it', async () => {
    const { subject, settings, order } = signIn();
    await subject.signIn('s1', { clientId: '  acme-client ', clientSecret: 'hush' });
    expect(settings.servers.edit).toHaveBeenCalledWith('s1', { oauthClientId: 'acme-client', oauthClientSecret: 'hush' });
    expect(order.slice(0, 3)).toEqual(['edit', 'persist', 'failed']);
  });

  it('is traced where the hub keeps traces, and shares one sign-in between the server’s connections and its button', () => {
    const keeper = vi.fn();
    const { subject } = signIn({ traces: { keeper: () => keeper } });
    const first = subject.setupFor('s1')!;
    expect(first.trace).toBe(keeper);
    expect(subject.setupFor('s1')!.shared).toBe(first.shared);
  });

  it('does nothing for a server that cannot sign in', async () => {
    const { subject, settings, update } = signIn({ authorization: undefined });
    await subject.signIn('s1');
    await subject.signOut('s1');
    expect(update).not.toHaveBeenCalled();
    expect(settings.reconnect).not.toHaveBeenCalled();
    expect(settings.disconnect).not.toHaveBeenCalled();
  });
});

describe('Sign out', () => {
  it('disconnects first, then shows the server signed out with nothing of what it offered', async () => {
    const { subject, update, order } = signIn();
    await subject.signOut('s1');
    expect(order).toEqual(['disconnect', 'update']);
    expect(update).toHaveBeenCalledWith('s1', {
      status: 'needs-authorization',
      error: expect.any(String),
      auth: expect.objectContaining({ signedIn: false }),
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
    });
  });
});
