// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { seal as realSeal } from '../../../lib/backup/seal';
import type { SavedServer } from '../../../lib/hub';
import type { HistoryEntry } from '../../../lib/history';
import { carry } from '../../carryPanel';
import { memory, testHub } from '../../hub-harness';

// What is exported and imported is what these cases are about: a fast key derivation keeps them
// quick (a file names its count, so it opens at its own). tests/integration/carry.test.ts seals at OWASP's.
vi.mock('../../../lib/backup/seal', async (original) => {
  const real = await original<typeof import('../../../lib/backup/seal')>();
  return { ...real, seal: (plaintext: string, passphrase: string) => real.seal(plaintext, passphrase, 1_000) };
});

const PASS = 'a long enough passphrase';
const HTML = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const entry = (requestId: string, answeredAt: number): HistoryEntry => ({
  requestId,
  serverId: 'srv-1',
  serverName: 'API',
  kind: 'input',
  prompt: `Which? ${HTML}`,
  url: null,
  askedAt: answeredAt - 5,
  answeredAt,
  action: 'accept',
  content: { choice: HTML },
});

/** A hub with everything a backup holds: a server with secrets, a saved call, a pin, History, a setting. */
async function fullHub() {
  const servers: SavedServer[] = [
    {
      id: 'srv-1',
      url: 'https://api.example.com/mcp',
      name: `API ${HTML}`,
      enabled: true,
      headers: { 'X-Api-Key': 'k-123456' },
      oauthClientId: 'cid',
      oauthClientSecret: 'csecret',
    },
  ];
  const hub = testHub({
    servers,
    canReach: async () => false,
    history: memory([entry('r1', 100), entry('r2', 200)]),
    savedCalls: memory([]),
    pinnedTools: memory([]),
  });
  await hub.start();
  await hub.saveCall('srv-1', 'search', `Daily ${HTML}`, { q: HTML });
  await hub.pinTool('https://api.example.com/mcp', 'search', true);
  await hub.updateSettings({ requestTimeoutMinutes: 33 });
  return hub;
}

describe('a backup, exported and imported', () => {
  it('carries every server with its secrets, saved calls, pins, History and settings into a fresh hub, strings as they were', async () => {
    const from = await fullHub();
    const { name, text } = await carry(from).exportBackup(PASS);
    expect(name).toMatch(/^toolnexus-backup-\d{4}-\d{2}-\d{2}\.json$/);
    for (const secret of ['k-123456', 'csecret', 'Daily']) expect(text).not.toContain(secret);

    const saved = memory<SavedServer[]>([]);
    const to = testHub({ servers: saved, canReach: async () => false });
    await to.start();
    const opened = await carry(to).openBackup(text, PASS);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.preview).toMatchObject({
      servers: { added: [{ id: 'srv-1', name: `API ${HTML}`, url: 'https://api.example.com/mcp' }], replaced: [], unchanged: 0 },
      savedCalls: { added: [expect.objectContaining({ name: `Daily ${HTML}` })], replaced: [] },
      pinnedTools: { added: 1 },
      history: { added: 2 },
      settings: ['requestTimeoutMinutes'],
      skipped: [],
    });
    expect(to.state().servers).toEqual([]);
    const result = await carry(to).applyBackup(opened.importId, {
      servers: 'all',
      savedCalls: 'all',
      pinnedTools: true,
      history: true,
      settings: true,
    });
    expect(result).toEqual({
      servers: { added: 1, replaced: 0 },
      savedCalls: { added: 1, replaced: 0 },
      pinnedTools: 1,
      history: 2,
      settings: ['requestTimeoutMinutes'],
    });
    expect(saved.value()).toEqual([
      expect.objectContaining({ id: 'srv-1', name: `API ${HTML}`, headers: { 'X-Api-Key': 'k-123456' }, oauthClientSecret: 'csecret' }),
    ]);
    const state = to.state();
    expect(state.savedCalls).toEqual([expect.objectContaining({ name: `Daily ${HTML}`, arguments: { q: HTML } })]);
    expect(state.pinnedTools).toHaveLength(1);
    expect(state.history.map((kept) => kept.requestId)).toEqual(['r2', 'r1']);
    expect(state.history[0]?.content).toEqual({ choice: HTML });
    expect(state.settings.requestTimeoutMinutes).toBe(33);
    await expect(
      carry(to).applyBackup(opened.importId, { servers: 'all', savedCalls: 'all', pinnedTools: true, history: true, settings: true }),
    ).rejects.toThrow('no longer open');
  });

  it('adds only what is new, or replaces too, as the person chose', async () => {
    const from = await fullHub();
    const { text } = await carry(from).exportBackup(PASS);
    const here = testHub({ servers: [{ id: 'mine', url: 'https://api.example.com/mcp', name: 'Mine', enabled: true }], canReach: async () => false });
    await here.start();
    const opened = await carry(here).openBackup(text, PASS);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.preview.servers).toMatchObject({ added: [], replaced: [{ id: 'srv-1' }] });
    await carry(here).applyBackup(opened.importId, { servers: 'new', savedCalls: 'none', pinnedTools: false, history: false, settings: false });
    expect(here.state().servers.map((server) => server.name)).toEqual(['Mine']);
    expect(here.state().savedCalls).toEqual([]);
    const again = await carry(here).openBackup(text, PASS);
    if (!again.ok) throw new Error(again.message);
    await carry(here).applyBackup(again.importId, { servers: 'all', savedCalls: 'none', pinnedTools: false, history: false, settings: false });
    expect(here.state().servers).toEqual([expect.objectContaining({ id: 'mine', name: `API ${HTML}`, headers: { 'X-Api-Key': 'k-123456' } })]);
  });

  it('changes nothing for a wrong passphrase, a damaged file, a newer one or one that is no backup', async () => {
    const from = await fullHub();
    const { text } = await carry(from).exportBackup(PASS);
    const here = await fullHub();
    const before = JSON.stringify(here.state());
    const file = JSON.parse(text);
    const cases: Array<[string, string]> = [
      [text, 'wrong-passphrase'],
      [JSON.stringify({ ...file, ciphertext: file.ciphertext.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')) }), 'damaged'],
      [JSON.stringify({ ...file, version: 7 }), 'newer-version'],
      ['{"servers":[]}', 'not-a-backup'],
      [`{"format":"toolnexus-backup","pad":"${'x'.repeat(200 * 1024 * 1024)}"}`, 'too-large'],
    ];
    for (const [input, problem] of cases) {
      const opened = await carry(here).openBackup(input, problem === 'wrong-passphrase' ? 'not the passphrase' : PASS);
      expect(opened).toMatchObject({ ok: false, problem });
    }
    expect(JSON.stringify(here.state())).toBe(before);
  });

  it('skips what it cannot keep, with why, and keeps the rest', async () => {
    const plaintext = JSON.stringify({
      exportedAt: '2026-01-01T00:00:00.000Z',
      product: { name: 'toolnexus', version: '9' },
      servers: [
        { id: 'a', url: 'javascript:alert(1)', enabled: true },
        { id: 'b', url: 'https://ok.example/mcp', enabled: true, headers: { 'Bad Name': 'x', Good: 'y' } },
        'nope',
      ],
      savedCalls: [{ id: 'c', serverUrl: 'https://ok.example/mcp', tool: 't', name: '', arguments: {} }],
      pinnedTools: [{ serverUrl: 'https://ok.example/mcp', tool: 't', pinnedAt: 1 }, { nonsense: true }],
      history: [{ requestId: 'r' }],
      settings: { requestTimeoutMinutes: -5, registryUrl: 'https://r.example' },
      future: { anything: 1 },
    });
    const here = testHub({ canReach: async () => false });
    await here.start();
    const opened = await carry(here).openBackup(await realSeal(plaintext, PASS, 1_000), PASS);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.preview.servers.added).toEqual([{ id: 'b', name: 'https://ok.example/mcp', url: 'https://ok.example/mcp' }]);
    expect(opened.preview.skipped).toEqual([
      { what: 'Server “javascript:alert(1)”', reason: 'its URL is not an http: or https: address' },
      { what: 'Server #3', reason: 'it is not a server' },
      { what: 'Saved call #1', reason: 'A saved call needs a name.' },
      { what: 'History entry #1', reason: 'it misses its request or server' },
    ]);
    expect(opened.preview.settings).toEqual(['registryUrl']);
    await carry(here).applyBackup(opened.importId, { servers: 'all', savedCalls: 'all', pinnedTools: true, history: true, settings: true });
    expect(here.state().servers).toEqual([expect.objectContaining({ headers: { Good: 'y' } })]);
  });
});
