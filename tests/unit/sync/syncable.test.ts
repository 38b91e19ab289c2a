import { describe, expect, it } from 'vitest';
import { localEntities, linkByUrl } from '../../../lib/sync/local';
import { answeredSecrets, secretRequest, serverFromSync } from '../../../lib/sync/secrets';
import { readCall, readPins, readServer, syncableServer, type LocalServer } from '../../../lib/sync/syncable';
import { DEFAULT_SETTINGS, readSettings } from '../../../lib/hub/settings';

const notManaged = { isManaged: () => false };
const server = (fields: Partial<LocalServer> = {}): LocalServer => ({ id: 's1', url: 'https://mcp.example.com/mcp', enabled: true, ...fields });

describe('what of a server syncs', () => {
  it('syncs its URL, name, open headers and client id, and names its secret headers without their values', () => {
    const body = syncableServer(
      server({
        name: 'Example',
        headers: {
          Authorization: 'Bearer abcdefgh12345678',
          'X-Api-Key': 'k-123456789',
          'X-Workspace': 'acme',
          'X-Custom': 'Bearer zyxwvuts98765432',
        },
        oauthClientId: 'client-1',
        oauthClientSecret: 's3cr3t-value',
      }),
      notManaged,
    );
    expect(body).toEqual({
      url: 'https://mcp.example.com/mcp',
      name: 'Example',
      headers: { 'X-Workspace': 'acme' },
      secretHeaders: ['Authorization', 'X-Api-Key', 'X-Custom'],
      oauthClientId: 'client-1',
      clientSecret: true,
    });
    const text = JSON.stringify(body);
    for (const secret of ['abcdefgh12345678', 'k-123456789', 'zyxwvuts98765432', 's3cr3t-value']) expect(text).not.toContain(secret);
  });

  it('syncs nothing of a server the admin policy manages, nor its pins', () => {
    const managed = { isManaged: (s: { url: string }) => s.url.includes('corp') };
    expect(syncableServer(server({ url: 'https://corp.example/mcp' }), managed)).toBeNull();
    const entities = localEntities(
      {
        servers: [server({ url: 'https://corp.example/mcp' }), server({ id: 's2' })],
        settings: DEFAULT_SETTINGS,
        calls: [],
        pins: [
          { serverUrl: 'https://corp.example/mcp', tool: 'a', pinnedAt: 1 },
          { serverUrl: 'https://mcp.example.com/mcp', tool: 'b', pinnedAt: 2 },
        ],
      },
      managed,
    );
    expect([...entities.keys()].sort()).toEqual(['pins:https://mcp.example.com/mcp', 'server:s2', 'settings']);
  });

  it('keeps naming the secrets a synced server still waits for, so writing it back drops no header elsewhere', () => {
    const entities = localEntities(
      { servers: [server({ oauthClientId: 'c' })], settings: DEFAULT_SETTINGS, calls: [], pins: [] },
      { ...notManaged, awaiting: new Map([['s1', { headers: ['X-Api-Key'], clientSecret: true }]]) },
    );
    expect(entities.get('server:s1')?.body).toMatchObject({ secretHeaders: ['X-Api-Key'], clientSecret: true });
  });
});

describe('reading what another browser wrote', () => {
  it('reads a server as far as it can: fields of the wrong type are left out, a bad URL makes it unreadable', () => {
    expect(readServer({ url: 'https://a.example/mcp', name: 42, headers: { A: 'x', B: 7 }, secretHeaders: ['K', 3], future: { x: 1 } })).toEqual({
      url: 'https://a.example/mcp',
      headers: { A: 'x' },
      secretHeaders: ['K'],
    });
    expect(readServer({ url: 'javascript:alert(1)' })).toEqual({ unreadable: 'its URL is not an http: or https: address' });
  });

  it('reads each setting alone, leaving out those this browser would refuse', () => {
    expect(
      readSettings({ requestTimeoutMinutes: 99_999, registryUrl: 'https://registry.example', clientMetadataUrl: 'http://x/', unknown: 1 }),
    ).toEqual({
      registryUrl: 'https://registry.example',
    });
  });

  it('reads saved calls and pins with their own checks', () => {
    expect(readCall({ serverUrl: 'https://a.example/mcp', tool: 't', name: ' n ', arguments: {}, savedAt: 5 }, 'c1')).toEqual({
      id: 'c1',
      serverUrl: 'https://a.example/mcp',
      tool: 't',
      name: 'n',
      arguments: {},
      savedAt: 5,
    });
    expect(readCall({ serverUrl: 'https://a.example/mcp', tool: 't', name: '', arguments: {} }, 'c1')).toEqual({
      unreadable: 'A saved call needs a name.',
    });
    expect(readPins({ serverUrl: 'https://a.example/mcp', tools: [{ tool: 'x', pinnedAt: 3 }, { tool: 4 }] })).toEqual([
      { serverUrl: 'https://a.example/mcp', tool: 'x', pinnedAt: 3 },
    ]);
  });

  it('links a server added in both browsers before sync was on, by URL', () => {
    const area = new Map<string, unknown>([['server:far', { v: 1, at: 1, by: 'w', url: 'https://mcp.example.com/mcp' }]]);
    expect(linkByUrl([server()], area)).toEqual(new Map([['s1', 'server:far']]));
  });
});

describe('a synced server in this browser', () => {
  it('takes the secrets this browser has for it, and says which it lacks', () => {
    const body = {
      url: 'https://mcp.example.com/mcp',
      headers: { A: 'open' },
      secretHeaders: ['Authorization', 'X-Key'],
      oauthClientId: 'c',
      clientSecret: true as const,
    };
    const here = server({ headers: { authorization: 'Bearer here-token-123', A: 'old' }, oauthClientId: 'c', oauthClientSecret: 'kept' });
    expect(serverFromSync(body, here)).toEqual({
      settings: {
        url: body.url,
        name: '',
        headers: { A: 'open', Authorization: 'Bearer here-token-123' },
        oauthClientId: 'c',
        oauthClientSecret: 'kept',
      },
      missing: { headers: ['X-Key'], clientSecret: false },
    });
    expect(serverFromSync(body).missing).toEqual({ headers: ['Authorization', 'X-Key'], clientSecret: true });
  });

  it('asks for what it lacks with a form, and reads the answer back', () => {
    const missing = { headers: ['X-Key'], clientSecret: true };
    const request = secretRequest('Example', missing);
    expect(request).toMatchObject({ kind: 'input', url: null, data: { schema: { required: ['X-Key', 'OAuth client secret'] } } });
    expect(request.prompt).toContain('secrets never sync');
    expect(answeredSecrets({ id: request.id, ok: true, data: { 'X-Key': 'v', 'OAuth client secret': 's' } }, missing)).toEqual({
      headers: { 'X-Key': 'v' },
      clientSecret: 's',
    });
    expect(answeredSecrets({ id: request.id, ok: false, reason: 'declined' }, missing)).toBeUndefined();
  });
});
