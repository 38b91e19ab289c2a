import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResumedCalls, type ActivityLog, type SuspendedCall } from '../../../lib/hub/resumedCalls';
import { isolated } from '../../../lib/i18n';
import type { PendingRequest } from '../../../lib/inbox';
import type { Connection, InputRound } from '../../../lib/mcp/connection';
import type { ActivityView } from '../../../lib/state';

afterEach(() => vi.useRealTimers());

const pending = (id: string, serverId = 's1'): PendingRequest => ({
  id,
  kind: 'input',
  prompt: `Question ${id}`,
  url: null,
  data: null,
  serverId,
  serverName: 'Deploys',
  askedAt: 1,
  expiresAt: 2,
});
const call = (id: string, requestIds: Record<string, string>, serverId = 's1'): SuspendedCall => ({
  activity: { id, kind: 'tool', tool: 'deploy', args: {}, serverId, startedAt: 0, status: 'running' },
  round: { method: 'tools/call', params: { name: 'deploy' }, round: 1, inputRequests: {}, requestIds },
});

/** An activity list in memory; `execute` runs `send` on `connection`. */
function log(connection = {} as Connection, left: ActivityView[] = []) {
  let list: ActivityView[] = [];
  const activities: ActivityLog & { list: () => ActivityView[] } = {
    list: () => list,
    find: (id) => list.find((item) => item.id === id),
    patch: (activity, patch) => void (list = list.map((item) => (item.id === activity.id ? ({ ...item, ...patch } as ActivityView) : item))),
    execute: vi.fn(async (activity, send) => {
      await send(connection, {});
      return activity;
    }),
    load: async () => left,
    restore: (kept, resumed) => void (list = [...resumed, ...kept, ...list]),
  };
  return activities;
}

function resumed(left: { pending?: PendingRequest[]; suspended?: SuspendedCall[] } = {}, asked: PendingRequest[] = []) {
  const saved = { pending: [] as PendingRequest[][], suspended: [] as SuspendedCall[][] };
  const activities = log();
  const notify = vi.fn();
  const subject = new ResumedCalls({
    pending: { load: async () => left.pending ?? [], save: async (value) => void saved.pending.push(value) },
    suspended: { load: async () => left.suspended ?? [], save: async (value) => void saved.suspended.push(value) },
    activities,
    asked: () => asked,
    displayName: (serverId) => (serverId === 's1' ? 'Deploys' : undefined),
    notify,
    changed: () => {},
  });
  return { subject, saved, activities, notify };
}

describe('taking over from a stopped worker', () => {
  it('says which Requests were lost, and keeps those of a kept call to ask again with their times', async () => {
    const { subject, notify } = resumed({ pending: [pending('lost'), pending('kept')], suspended: [call('c1', { a: 'kept' })] });
    await subject.takeOver();
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(
      'lost',
      expect.objectContaining({ id: 'lost' }),
      expect.stringContaining(`${isolated('Deploys')} never got an answer`),
    );
    expect(subject.takeAskedBefore('kept')).toMatchObject({ askedAt: 1, expiresAt: 2 });
    expect(subject.takeAskedBefore('kept')).toBeUndefined();
  });

  it('settles a change of the inbox once it is written, not before', async () => {
    let endWrite!: () => void;
    const subject = new ResumedCalls({
      pending: { load: async () => [], save: () => new Promise<void>((resolve) => (endWrite = resolve)) },
      activities: log(),
      asked: () => [],
      displayName: () => undefined,
      notify: vi.fn(),
      changed: () => {},
    });
    await subject.takeOver();
    endWrite();
    const written = vi.fn();
    void subject.pendingChanged([pending('r1')])!.then(written);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written).not.toHaveBeenCalled();
    endWrite();
    await vi.waitFor(() => expect(written).toHaveBeenCalled());
  });

  it('gives the activity list what the last worker left, with the calls it will carry on', async () => {
    const left: ActivityView = { id: 'old', kind: 'tool', tool: 'echo', args: {}, serverId: 's1', startedAt: 0, status: 'done' };
    const activities = log(undefined, [left]);
    const restore = vi.spyOn(activities, 'restore');
    const subject = new ResumedCalls({
      activities,
      asked: () => [],
      displayName: () => undefined,
      notify: vi.fn(),
      changed: () => {},
      suspended: { load: async () => [call('c1', {})], save: async () => {} },
    });
    await subject.takeOver();
    expect(restore).toHaveBeenCalledWith([left], [call('c1', {}).activity]);
  });

  it('puts the kept calls back in the activity list', async () => {
    const { subject, activities } = resumed({ suspended: [call('c1', {})] });
    await subject.takeOver();
    expect(activities.list().map((item) => item.id)).toEqual(['c1']);
  });

  it('writes no pending list before the last one is read, then this worker’s with the kept Requests not yet asked again', async () => {
    const { subject, saved } = resumed({ pending: [pending('kept')], suspended: [call('c1', { a: 'kept' })] }, [pending('new')]);
    subject.pendingChanged([pending('early')]);
    expect(saved.pending).toEqual([]);
    const takenOver = subject.takeOver();
    expect(subject.takenOver()).toBe(takenOver);
    await takenOver;
    expect(saved.pending.at(-1)!.map((request) => request.id)).toEqual(['new', 'kept']);
  });
});

describe('a call waiting on the person', () => {
  it('is kept with its round while it waits, without its progress, and forgotten once it no longer waits', async () => {
    const { subject, saved, activities } = resumed();
    activities.restore([], [{ ...call('c1', {}).activity, progress: { progress: 1 } }]);
    const round: InputRound = call('c1', { a: 'r1' }).round;
    subject.keep('c1', round);
    expect(saved.suspended).toEqual([[{ activity: expect.not.objectContaining({ progress: expect.anything() }), round }]]);
    subject.keep('c1', undefined);
    await vi.waitFor(() => expect(saved.suspended.at(-1)).toEqual([]));
  });

  it('writes nothing for a call that was never kept', () => {
    const { subject, saved } = resumed();
    subject.keep('unknown', undefined);
    expect(saved.suspended).toEqual([]);
  });
});

describe('carrying on a stopped worker’s calls', () => {
  it('sends each kept round again once its own server connects, once', async () => {
    const { subject, activities } = resumed({ suspended: [call('c1', {}), call('c2', {}, 's2')] });
    await subject.takeOver();
    subject.resume('s1');
    subject.resume('s1');
    expect(activities.execute).toHaveBeenCalledOnce();
    expect(activities.execute).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }), expect.any(Function));
  });

  it('resumes the call from its kept round', async () => {
    const resume = vi.fn(async () => ({ content: [] }));
    const { subject, activities } = resumed({ suspended: [call('c1', {})] });
    activities.execute = vi.fn(async (activity, send) => {
      await send({ resume } as unknown as Connection, {});
      return activity;
    });
    await subject.takeOver();
    subject.resume('s1');
    expect(resume).toHaveBeenCalledWith(expect.objectContaining({ params: { name: 'deploy' } }), {});
  });

  it('gives up the calls of a server removed or disabled first, saying why, and forgets their Requests', async () => {
    const { subject, activities } = resumed({ pending: [pending('r1')], suspended: [call('c1', { a: 'r1' }), call('c2', {}, 's2')] });
    await subject.takeOver();
    subject.dropServer('s1', 'removed');
    subject.dropServer('s2', 'disabled');
    expect(activities.find('c1')).toMatchObject({
      status: 'failed',
      error: `${isolated('Deploys')} was removed before this call could be carried on.`,
    });
    expect(activities.find('c2')).toMatchObject({ status: 'failed', error: 'The server was disabled before this call could be carried on.' });
    expect(subject.takeAskedBefore('r1')).toBeUndefined();
    subject.resume('s1');
    expect(activities.execute).not.toHaveBeenCalled();
  });

  it('gives up a cancelled call, and nothing that is not kept', async () => {
    const { subject, activities } = resumed({ suspended: [call('c1', {})] });
    await subject.takeOver();
    subject.drop('c1', 'cancelled', 'Cancelled before it could be carried on.');
    subject.drop('c1', 'failed', 'again');
    expect(activities.find('c1')).toMatchObject({ status: 'cancelled', error: 'Cancelled before it could be carried on.' });
  });
});
