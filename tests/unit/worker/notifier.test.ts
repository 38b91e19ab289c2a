import { describe, expect, it } from 'vitest';
import { notifyFinishedTasks, notifyNewRequests } from '../../../lib/worker/notifier';
import type { ActivityView, HubState, ServerView } from '../../../lib/state';
import { pendingRequest } from '../requests';

const request = (id: string) => pendingRequest(id);

describe('notifyNewRequests', () => {
  it('notifies a new Request only while no panel is open, and clears it once settled', () => {
    const calls: string[] = [];
    let panelOpen = false;
    const update = notifyNewRequests(
      { create: (id, title, message) => calls.push(`create ${id}: ${title} / ${message}`), clear: (id) => calls.push(`clear ${id}`) },
      () => panelOpen,
    );
    update([request('a')]);
    update([request('a')]);
    panelOpen = true;
    update([request('a'), request('b')]);
    update([request('b')]);
    // The server's name isolated in the title (docs/i18n.md): a right-to-left one or a U+202E in it cannot reorder "needs you".
    expect(calls).toEqual(['create a: \u2068Deploys\u2069 needs you / Question a', 'clear a']);
  });
});

describe('notifyFinishedTasks', () => {
  const state = (...activities: Partial<ActivityView>[]) =>
    ({
      servers: [{ id: 's', displayName: 'Research' } as ServerView],
      activities: activities.map((activity) => ({ id: 'c1', serverId: 's', kind: 'tool', tool: 'research', args: {}, startedAt: 0, ...activity })),
    }) as HubState;
  const task = { id: 't1', status: 'working' as const };

  it('tells a person away from the panel that a task-run call ended, once', () => {
    const calls: string[] = [];
    const update = notifyFinishedTasks({ create: (id, title, message) => calls.push(`${id}: ${title} / ${message}`) }, () => false);
    update(state({ status: 'running', task }));
    update(state({ status: 'done', task }));
    update(state({ status: 'done', task }));
    expect(calls).toEqual(['task-c1: \u2068research\u2069 finished / on \u2068Research\u2069']);
  });

  it('says why one failed', () => {
    const calls: string[] = [];
    const update = notifyFinishedTasks({ create: (_id, title, message) => calls.push(`${title} / ${message}`) }, () => false);
    update(state({ status: 'running', task }));
    update(state({ status: 'failed', task, error: 'Out of quota.' }));
    expect(calls).toEqual(['\u2068research\u2069 failed / on \u2068Research\u2069: \u2068Out of quota.\u2069']);
  });

  it('says so when the call’s server was removed meanwhile', () => {
    const calls: string[] = [];
    const update = notifyFinishedTasks({ create: (_id, title, message) => calls.push(`${title} / ${message}`) }, () => false);
    update(state({ status: 'running', task }));
    update({ ...state({ status: 'cancelled', task }), servers: [] });
    expect(calls).toEqual(['\u2068research\u2069 was cancelled / on a server since removed']);
  });

  it('stays quiet while the panel is open, for calls that are not tasks, and for calls it never saw running', () => {
    const calls: string[] = [];
    let panelOpen = true;
    const update = notifyFinishedTasks({ create: (id) => calls.push(id) }, () => panelOpen);
    update(state({ status: 'running', task }, { id: 'c2', status: 'running' }));
    update(state({ status: 'done', task }, { id: 'c2', status: 'done' }));
    panelOpen = false;
    update(state({ id: 'c3', status: 'running' }));
    update(state({ id: 'c3', status: 'done' }, { id: 'c4', status: 'done', task }));
    expect(calls).toEqual([]);
  });
});
