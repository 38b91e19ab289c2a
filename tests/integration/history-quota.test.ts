/**
 * Issue 16, item 3, through the Hub against a real server: one History entry past the storage
 * quota used to stop History being saved, for every server, for good.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../lib/history';
import type { Hub } from '../../lib/hub';
import { startLegacyServer, type FixtureServer } from '../fixtures/servers';
import { quotaArea, testHub, until } from '../hub-harness';
import { readText } from '../readText';

let server: FixtureServer;
beforeAll(async () => {
  server = await startLegacyServer();
});
afterAll(() => server.close());

/** A URL elicitation no one should open, with an 11 MiB URL: the hub refuses it without asking and records that. */
const refusedUrl = (hub: Hub, serverId: string, marker: string) =>
  hub.callTool(serverId, 'ask_raw', {
    params: { mode: 'url', message: `Open ${marker}`, elicitationId: marker, url: `javascript:${'x'.repeat(11 * 1024 * 1024)}` },
  });

describe('History under the storage quota', () => {
  it('an 11 MiB refused URL is kept cut and saved, and History keeps saving after it', async () => {
    const history = quotaArea<HistoryEntry[]>([]);
    const hub = testHub({ history });
    const id = await hub.addServer({ url: server.url });
    await refusedUrl(hub, id, 'huge');
    await until(hub, (state) => state.history.length === 1);
    await hub.callTool(id, 'ask_raw', { params: { mode: 'url', message: 'Open small', elicitationId: 'small', url: 'javascript:alert(1)' } });
    await expect.poll(() => history.value().map((entry) => entry.prompt)).toEqual(['Open small', 'Open huge']);
    expect(history.value()[1]!.url!.length).toBeLessThan(4_100);
    expect(hub.state().notices.filter((notice) => notice.kind === 'unsaved')).toEqual([]);
    await hub.removeServer(id);
  });

  it('a save the quota refuses is told to the person, and the next save keeps both entries', async () => {
    let quota = 100;
    const history = quotaArea<HistoryEntry[]>([], () => quota);
    const hub = testHub({ history });
    const id = await hub.addServer({ url: server.url });
    await refusedUrl(hub, id, 'first');
    const state = await until(hub, (next) => next.notices.some((notice) => notice.kind === 'unsaved'));
    const notice = state.notices.find((item) => item.kind === 'unsaved')!;
    // As it reads: the storage's error is isolated in the notice (lib/i18n `isolated`), invisibly.
    expect(readText(notice.reason)).toMatch(/^History could not be saved: .*quota exceeded.*listed in History until toolnexus stops/);
    expect(notice.prompt).toBe('Open first');
    expect(history.value()).toEqual([]);
    quota = 10 * 1024 * 1024;
    await refusedUrl(hub, id, 'second');
    await expect.poll(() => history.value().map((entry) => entry.prompt)).toEqual(['Open second', 'Open first']);
    await hub.removeServer(id);
  });
});
