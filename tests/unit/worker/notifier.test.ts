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
    expect(calls).toEqual(['create a: Deploys needs you / Question a', 'clear a']);
  });

  it('takes the bidi controls out of a server name, so it cannot reorder the title around it', () => {
    const calls: string[] = [];
    const update = notifyNewRequests({ create: (_id, title) => calls.push(title), clear: () => {} }, () => false);
    update([{ ...request('a'), serverName: 'Deploys\u202e\u2066 sysadmin\u2069\u200f' }]);
    expect(calls).toEqual(['Deploys sysadmin needs you']);
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
    expect(calls).toEqual(['task-c1: research finished / on Research']);
  });

  it('says why one failed', () => {
    const calls: string[] = [];
    const update = notifyFinishedTasks({ create: (_id, title, message) => calls.push(`${title} / ${message}`) }, () => false);
    update(state({ status: 'running', task }));
    update(state({ status: 'failed', task, error: 'Out of quota.' }));
    expect(calls).toEqual(['research failed / on Research: Out of quota.']);
  });

  it('says so when the call’s server was removed meanwhile', () => {
    const calls: string[] = [];
    const update = notifyFinishedTasks({ create: (_id, title, message) => calls.push(`${title} / ${message}`) }, () => false);
    update(state({ status: 'running', task }));
    update({ ...state({ status: 'cancelled', task }), servers: [] });
    expect(calls).toEqual(['research was cancelled / on a server since removed']);
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
