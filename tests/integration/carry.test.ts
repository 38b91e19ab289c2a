/**
 * What moves with the person, against real servers: a sealed backup (at OWASP's PBKDF2 count)
 * restored into a fresh hub whose server needs the secret header the backup carried, and a
 * session file saved from a hub that signed in against the real OAuth fixture and called a
 * tool, then read with no server running and no credential in it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../lib/auth/record';
import type { Hub } from '../../lib/hub';
import { readSessionFile } from '../../lib/sessionFile';
import { startApiKeyServer } from '../fixtures/api-key-server';
import { startProtectedServer } from '../fixtures/auth/protected-server';
import { startModernServer } from '../fixtures/servers';
import { carry } from '../carryPanel';
import { memory, testHub, until } from '../hub-harness';
import { signInHub } from './signInHub';

const open: Array<{ close(): Promise<unknown> }> = [];
afterAll(() => Promise.allSettled(open.map((item) => item.close())));

const KEY = 'sk-live-7c1e9b44f0';
const PASS = 'a passphrase for the new machine';
const statusOf = (hub: Hub, id: string) => hub.state().servers.find((server) => server.id === id)?.status;
const textOf = (result: unknown) => JSON.stringify(result);

describe('a sealed backup, restored on a new machine', () => {
  it('brings a server whose secret header works there, and nothing else is needed', async () => {
    const server = await startApiKeyServer(KEY);
    open.push(server);
    const from = testHub({
      servers: [{ id: 'api', url: server.url, name: 'Keyed', enabled: true, headers: { 'X-Api-Key': KEY } }],
      backoffMs: () => 600_000,
    });
    open.push({ close: () => from.removeServer('api') });
    await from.start();
    await until(from, () => statusOf(from, 'api') === 'connected');
    const { text } = await carry(from).exportBackup(PASS);
    expect(JSON.parse(text)).toMatchObject({ kdf: { name: 'PBKDF2', iterations: 600_000 } });
    expect(text).not.toContain(KEY);

    // The fixture refuses a request without the key: a server added without it never connects.
    const bare = testHub({ servers: [{ id: 'api', url: server.url, enabled: true }], backoffMs: () => 600_000 });
    open.push({ close: () => bare.removeServer('api') });
    await bare.start();
    await until(bare, () => ['error', 'needs-authorization'].includes(statusOf(bare, 'api') ?? ''));
    expect(server.refused()).toBeGreaterThan(0);

    const saved = memory([]);
    const fresh = testHub({ servers: saved, backoffMs: () => 600_000 });
    open.push({ close: () => fresh.removeServer('api') });
    await fresh.start();
    const opened = await carry(fresh).openBackup(text, PASS);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.preview.servers.added).toEqual([{ id: 'api', name: 'Keyed', url: server.url }]);
    await carry(fresh).applyBackup(opened.importId, { servers: 'all', savedCalls: 'all', pinnedTools: true, history: true, settings: true });
    await until(fresh, () => statusOf(fresh, 'api') === 'connected');
    const call = await fresh.callTool('api', 'whoami', {});
    expect(call.status).toBe('done');
    expect(textOf(call.result)).toContain('the key was accepted');
  });
});

describe('a session file', () => {
  it('is saved from a hub that signed in and called tools, and read with no server running, holding no credential', async () => {
    const protectedServer = await startProtectedServer();
    const plain = await startModernServer();
    open.push(protectedServer, plain);
    const { hub, storage, callbacks, settled } = await signInHub([
      { id: 's', url: protectedServer.mcpUrl, name: 'Protected', enabled: true },
      { id: 'p', url: plain.url, name: 'Plain', enabled: true, headers: { 'X-Tenant': 'tenant-secretish-42' } },
    ]);
    open.push({ close: () => Promise.all([hub.removeServer('s'), hub.removeServer('p')]) });
    expect((await settled('s')).status).toBe('connected');
    await until(hub, () => statusOf(hub, 'p') === 'connected');
    expect((await hub.callTool('s', 'echo', { text: 'hello from the session' })).status).toBe('done');
    // The protocol log writes a moment after each exchange.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const one = await carry(hub).saveSession('s');
    const all = await carry(hub).saveSession();
    expect(one.name).toMatch(/^Protected-session-/);
    expect(all.name).toMatch(/^all-servers-session-/);

    const record = await readRecord(storage, 's');
    const tokens = Object.values(record.tokens).flatMap(({ tokens: kept }) => [kept.access_token, kept.refresh_token ?? '']);
    const clientSecrets = Object.values(record.clients).flatMap((client) => client.client_secret ?? []);
    const callbackSecrets = callbacks.flatMap((url) => [new URL(url).searchParams.get('code') ?? '', new URL(url).searchParams.get('state') ?? '']);
    const secrets = [...tokens, ...clientSecrets, ...callbackSecrets, 'tenant-secretish-42'].filter((secret) => secret.length > 0);
    expect(tokens.length).toBeGreaterThan(0);
    expect(callbackSecrets.length).toBeGreaterThan(0);
    for (const { text } of [one, all]) for (const secret of secrets) expect(text).not.toContain(secret);

    await Promise.all([protectedServer.close(), plain.close()]);
    const read = readSessionFile(all.text);
    if (!read.ok) throw new Error(read.message);
    const [protectedView, plainView] = read.session.servers;
    expect(protectedView).toMatchObject({ name: 'Protected', status: 'connected', era: 'legacy', capabilities: { tools: expect.anything() } });
    expect(protectedView!.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(protectedView!.signIn[0]).toMatchObject({ outcome: 'signed-in' });
    expect(protectedView!.signIn[0]!.steps.map((step) => step.kind)).toEqual(
      expect.arrayContaining(['resource-metadata', 'authorization-request', 'callback', 'token']),
    );
    expect(protectedView!.protocolLog.some((entry) => entry.kind === 'message' && textOf(entry.message).includes('hello from the session'))).toBe(
      true,
    );
    expect(protectedView!.activities).toEqual([expect.objectContaining({ kind: 'tool', tool: 'echo', status: 'done', result: expect.anything() })]);
    expect(plainView).toMatchObject({ name: 'Plain', headerNames: ['X-Tenant'], era: 'modern' });
    expect(plainView!.protocolLog.length).toBeGreaterThan(0);
  });
});
