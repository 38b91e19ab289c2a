import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../lib/history';
import { HistoryLog } from '../../../lib/hub/historyLog';

const entry = (requestId: string): HistoryEntry => ({
  requestId,
  serverId: 's1',
  serverName: 'Deploys',
  prompt: `Question ${requestId}`,
  kind: 'input',
  url: null,
  askedAt: 1,
  answeredAt: 2,
  action: 'decline',
  reason: 'declined',
});

describe('HistoryLog', () => {
  it('records, saves and tells the panel', async () => {
    const save = vi.fn(async () => {});
    const changed = vi.fn();
    const log = new HistoryLog({ load: async () => [], save }, vi.fn(), changed);
    log.record(entry('a'));
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(log.list()).toEqual([expect.objectContaining({ requestId: 'a' })]);
    expect(save).toHaveBeenCalled();
  });

  it('tells the person when a record could not be saved, and keeps recording', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded')).mockResolvedValue(undefined);
    const notify = vi.fn();
    const log = new HistoryLog({ load: async () => [], save }, notify, () => {});
    log.record(entry('a'));
    await vi.waitFor(() => expect(notify).toHaveBeenCalled());
    expect(notify).toHaveBeenCalledWith(
      'unsaved',
      { id: 'unsaved:a', serverId: 's1', serverName: 'Deploys', prompt: 'Question a', url: null },
      expect.stringMatching(/quota exceeded.*It is listed in History until toolnexus stops\.$/),
    );
    log.record(entry('b'));
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(log.list().map((kept) => kept.requestId)).toEqual(['b', 'a']);
  });

  it('shows a clear even when saving it fails, and says it failed', async () => {
    const changed = vi.fn();
    const save = vi.fn().mockRejectedValue(new Error('disk full'));
    const log = new HistoryLog({ load: async () => [entry('a')], save }, vi.fn(), changed);
    await log.load();
    await expect(log.clear()).rejects.toThrow();
    expect(log.list()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
