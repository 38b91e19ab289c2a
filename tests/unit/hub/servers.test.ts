import { describe, expect, it, vi } from 'vitest';
import { normalize, parseServerUrl, ServerUrlError, Servers, type SavedServer } from '../../../lib/hub/servers';
import { PANEL_BOUNDS } from '../../../lib/panelBounds';
import { isolatedUrl } from '../../../lib/i18n';

function servers() {
  const saved: SavedServer[][] = [];
  const changed = vi.fn();
  let next = 0;
  const subject = new Servers({
    stored: { load: async () => [], save: async (value) => void saved.push(value) },
    newId: () => `s${(next += 1)}`,
    changed,
  });
  return { subject, saved, changed };
}

describe('a typed server URL', () => {
  it('is taken trimmed when it is http or https', () => {
    expect(parseServerUrl('  https://mcp.example.com/mcp ').href).toBe('https://mcp.example.com/mcp');
    expect(parseServerUrl('http://localhost:3000').href).toBe('http://localhost:3000/');
  });

  it('is refused, in words the person can act on, when it is not a URL or not http(s)', () => {
    expect(() => parseServerUrl('mcp.example.com')).toThrow(ServerUrlError);
    expect(() => parseServerUrl('mcp.example.com')).toThrow('Enter one like https://example.com/mcp.');
    expect(() => parseServerUrl('ws://mcp.example.com')).toThrow(`not ${isolatedUrl('ws:')}`);
  });
});

describe('a server as saved', () => {
  it('has its name and header keys trimmed, and blanks dropped', () => {
    const saved = normalize({ id: 'a', url: 'https://x.example/mcp', enabled: true, name: '  ', headers: { ' X-Key ': 'v', '  ': 'lost' } });
    expect(saved).toEqual({ id: 'a', url: 'https://x.example/mcp', enabled: true, headers: { 'X-Key': 'v' } });
  });

  it('keeps a client secret only beside a client id', () => {
    expect(normalize({ id: 'a', url: 'https://x.example/', enabled: true, oauthClientId: ' app ', oauthClientSecret: 's' })).toMatchObject({
      oauthClientId: 'app',
      oauthClientSecret: 's',
    });
    expect(normalize({ id: 'a', url: 'https://x.example/', enabled: true, oauthClientId: ' ', oauthClientSecret: 's' })).not.toHaveProperty(
      'oauthClientSecret',
    );
  });
});

describe('the saved servers', () => {
  it('adds all of a list or, when one URL is not a server, none', () => {
    const { subject } = servers();
    expect(() => subject.add([{ url: 'https://a.example/mcp' }, { url: 'javascript:alert(1)' }])).toThrow(ServerUrlError);
    expect(subject.ids()).toEqual([]);
    const added = subject.add([{ url: 'https://a.example/mcp' }, { url: 'https://b.example/mcp', enabled: false }]);
    expect(added.map((server) => server.id)).toEqual(['s3', 's4']);
    expect(subject.views().map((view) => [view.displayName, view.status])).toEqual([
      ['a.example', 'connecting'],
      ['b.example', 'disabled'],
    ]);
  });

  it('names a saved server by its URL, and says so when it was removed', () => {
    const { subject } = servers();
    const [added] = subject.add([{ url: 'https://a.example/mcp' }]);
    expect(subject.urlOf(added!.id)).toBe('https://a.example/mcp');
    subject.remove(added!.id);
    expect(() => subject.urlOf(added!.id)).toThrow('That server was removed.');
  });

  it('never shows a client secret, only that one is set', () => {
    const { subject } = servers();
    const [saved] = subject.add([{ url: 'https://a.example/mcp', oauthClientId: 'app', oauthClientSecret: 'hush' }]);
    expect(JSON.stringify(subject.views())).not.toContain('hush');
    expect(subject.views()[0]).toMatchObject({ oauthClientId: 'app', hasClientSecret: true });
    expect(subject.saved(saved!.id)?.oauthClientSecret).toBe('hush');
  });

  it('enables a server the last worker saved without saying', () => {
    const { subject } = servers();
    subject.restore([{ id: 'old', url: 'https://a.example/mcp' } as SavedServer, { id: 'off', url: 'https://b.example/mcp', enabled: false }]);
    expect(subject.saved('old')?.enabled).toBe(true);
    expect(subject.saved('off')?.enabled).toBe(false);
  });

  it('asks for a new connection only when what the connection uses changed', () => {
    const { subject } = servers();
    const [{ id }] = subject.add([{ url: 'https://a.example/mcp', headers: { 'X-Key': '1' } }]) as [SavedServer];
    expect(subject.edit(id, { name: 'Deploys' })).toBe(false);
    expect(subject.views()[0]!.displayName).toBe('Deploys');
    expect(subject.edit(id, { headers: { 'X-Key': '2' } })).toBe(true);
    expect(subject.edit(id, { url: 'https://b.example/mcp' })).toBe(true);
    expect(subject.edit(id, { enabled: false })).toBe(true);
    expect(subject.edit('unknown', { name: 'x' })).toBeUndefined();
  });

  it('keeps the client secret through an edit that does not name it, and drops it with the client id', () => {
    const { subject } = servers();
    const [{ id }] = subject.add([{ url: 'https://a.example/mcp', oauthClientId: 'app', oauthClientSecret: 'hush' }]) as [SavedServer];
    expect(subject.edit(id, { name: 'Deploys' })).toBe(false);
    expect(subject.saved(id)?.oauthClientSecret).toBe('hush');
    expect(subject.edit(id, { oauthClientId: '' })).toBe(true);
    expect(subject.saved(id)).not.toHaveProperty('oauthClientSecret');
    expect(subject.views()[0]!.hasClientSecret).toBe(false);
  });

  it('saves the list as it stands, and exports it under the names shown', async () => {
    const { subject, saved } = servers();
    const [a] = subject.add([
      { url: 'https://a.example/mcp', name: 'Alpha' },
      { url: 'https://b.example/mcp' },
      { url: 'https://c.example/mcp', headers: { 'X-Key': 'k' } },
    ]);
    subject.remove(a!.id);
    await subject.persist();
    expect(saved.at(-1)!.map((server) => server.url)).toEqual(['https://b.example/mcp', 'https://c.example/mcp']);
    expect(subject.views().map((view) => view.url)).toEqual(['https://b.example/mcp', 'https://c.example/mcp']);
    expect(JSON.parse(subject.export('mcpServers'))).toEqual({
      mcpServers: {
        'b.example': { type: 'http', url: 'https://b.example/mcp' },
        'c.example': { type: 'http', url: 'https://c.example/mcp', headers: { 'X-Key': 'k' } },
      },
    });
  });
});

describe('what the panel is shown of a server', () => {
  it('is the same object after an update that changes nothing, and the panel is not told', () => {
    const { subject, changed } = servers();
    subject.add([{ url: 'https://a.example/mcp' }]);
    const [before] = subject.views();
    subject.update(before!.id, { status: 'connecting', error: undefined });
    expect(subject.views()[0]).toBe(before);
    expect(changed).not.toHaveBeenCalled();
    subject.update(before!.id, { status: 'error', error: 'down' });
    expect(subject.views()[0]).toMatchObject({ status: 'error', error: 'down' });
    expect(changed).toHaveBeenCalledOnce();
  });

  it('is cut to the panel’s bounds, and says so until the list that was cut is replaced', () => {
    const { subject } = servers();
    const [{ id }] = subject.add([{ url: 'https://a.example/mcp' }]) as [SavedServer];
    const tools = Array.from({ length: PANEL_BOUNDS.maxItems + 1 }, (_, index) => ({ name: `t${index}`, inputSchema: { type: 'object' as const } }));
    subject.update(id, { tools });
    expect(subject.views()[0]!.tools).toHaveLength(PANEL_BOUNDS.maxItems);
    const cuts = subject.views()[0]!.cuts;
    expect(cuts).toEqual([expect.stringContaining('lists longer than')]);
    // Another field's change keeps the tools' cut, as the very same array.
    subject.update(id, { instructions: 'Be brief.' });
    expect(subject.views()[0]!.cuts).toBe(cuts);
    subject.update(id, { tools: [] });
    expect(subject.views()[0]!.cuts).toBeUndefined();
  });

  it('is not brought back by an update after the server was removed', () => {
    const { subject } = servers();
    const [{ id }] = subject.add([{ url: 'https://a.example/mcp' }]) as [SavedServer];
    subject.remove(id);
    subject.update(id, { status: 'connected' });
    expect(subject.views()).toEqual([]);
    expect(subject.displayName(id)).toBeUndefined();
  });
});
