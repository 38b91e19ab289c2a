import { describe, expect, it, vi } from 'vitest';
import { Notices } from '../../../lib/hub/notices';
import { PANEL_BOUNDS } from '../../../lib/panelBounds';
import type { Request } from '../../../lib/request';
import { isolated } from '../../../lib/i18n';

const subject = (id: string) => ({ id, serverId: 's1', serverName: 'Deploys', prompt: `Question ${id}`, url: null });
const form = (id: string): Request => ({ id, kind: 'input', prompt: `Question ${id}`, url: null, data: null });

describe('notices', () => {
  it('shows the newest first, with the URL as text, and tells the panel', () => {
    const changed = vi.fn();
    const notices = new Notices(changed);
    notices.notify('lost', subject('a'), 'stopped', 1);
    notices.notify('withdrawn', { ...subject('b'), url: 'https://example.com/' }, 'went away', 2);
    expect(notices.list()).toEqual([
      {
        id: 'b',
        kind: 'withdrawn',
        serverId: 's1',
        serverName: 'Deploys',
        prompt: 'Question b',
        url: 'https://example.com/',
        reason: 'went away',
        at: 2,
      },
      { id: 'a', kind: 'lost', serverId: 's1', serverName: 'Deploys', prompt: 'Question a', url: '', reason: 'stopped', at: 1 },
    ]);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('keeps the twenty newest', () => {
    const notices = new Notices(() => {});
    for (let index = 0; index < 25; index += 1) notices.notify('lost', subject(`n${index}`), 'stopped');
    expect(notices.list()).toHaveLength(20);
    expect(notices.list()[0]!.id).toBe('n24');
    expect(notices.list().at(-1)!.id).toBe('n5');
  });

  it('cuts what a server wrote to the panel’s bounds', () => {
    const notices = new Notices(() => {});
    notices.notify('refused', { ...subject('a'), prompt: 'x'.repeat(PANEL_BOUNDS.maxString + 10) }, 'refused');
    expect(notices.list()[0]!.prompt).toContain('10 more characters not shown');
  });

  it('says once that a server asked too much, however many of its questions were refused', () => {
    const notices = new Notices(() => {});
    const from = { serverId: 's1', serverName: 'Flood' };
    notices.flooded(form('a'), from, 50);
    notices.flooded(form('b'), from, 50);
    notices.flooded(form('c'), { serverId: 's2', serverName: 'Other' }, 50);
    expect(notices.list().map((notice) => [notice.id, notice.kind])).toEqual([
      ['too-many:s2', 'refused'],
      ['too-many:s1', 'refused'],
    ]);
    expect(notices.list()[1]!.reason).toContain(`${isolated('Flood')} asked more than 50 questions at once`);
  });

  it('forgets a dismissed notice only', () => {
    const notices = new Notices(() => {});
    notices.notify('lost', subject('a'), 'stopped');
    notices.notify('lost', subject('b'), 'stopped');
    notices.dismiss('a');
    expect(notices.list().map((notice) => notice.id)).toEqual(['b']);
  });

  it('outlive the worker that gave them, and the next one: kept as they change, read back first thing', async () => {
    let kept: unknown = [];
    const stored = { load: async () => kept as never, save: async (value: unknown) => void (kept = value) };
    const first = new Notices(() => {}, stored);
    await first.load();
    first.notify('lost', subject('a'), 'the worker stopped', 1);
    await vi.waitFor(() => expect(kept).toHaveLength(1));

    // The next worker gives a notice of its own before it has read the kept ones: both stay.
    const second = new Notices(() => {}, stored);
    second.notify('lost', subject('b'), 'stopped again', 2);
    expect(kept).toHaveLength(1);
    await second.load();
    expect(second.list().map((notice) => notice.id)).toEqual(['b', 'a']);
    await vi.waitFor(() => expect((kept as Array<{ id: string }>).map((notice) => notice.id)).toEqual(['b', 'a']));

    second.dismiss('a');
    await vi.waitFor(() => expect(kept).toHaveLength(1));
    const third = new Notices(() => {}, stored);
    await third.load();
    expect(third.list().map((notice) => notice.id)).toEqual(['b']);

    // A panel still shows the last worker's notices: one dismissed before they are read stays dismissed.
    const fourth = new Notices(() => {}, stored);
    fourth.dismiss('b');
    await fourth.load();
    expect(fourth.list()).toEqual([]);
    await vi.waitFor(() => expect(kept).toEqual([]));
  });

  it('writes back on load only what changed: a start that finds the notices as they were writes nothing', async () => {
    const left = [{ id: 'a', kind: 'lost' as const, serverId: 's1', serverName: 'Deploys', prompt: 'Q', url: '', reason: 'stopped', at: 1 }];
    const save = vi.fn(async () => {});
    const changed = vi.fn();
    const notices = new Notices(changed, { load: async () => left, save });
    await notices.load();
    expect(notices.list()).toEqual(left);
    expect(changed).toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
    notices.dismiss('a');
    expect(save).toHaveBeenCalledWith([]);
  });

  it('writes the list on load when this worker added to it first', async () => {
    const save = vi.fn(async () => {});
    const notices = new Notices(() => {}, { load: async () => [], save });
    notices.notify('lost', subject('new'), 'stopped', 2);
    await notices.load();
    expect(save).toHaveBeenCalledWith([expect.objectContaining({ id: 'new' })]);
  });
});
