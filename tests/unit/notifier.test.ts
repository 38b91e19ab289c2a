import { describe, expect, it } from 'vitest';
import { notifyNewRequests } from '../../lib/notifier';
import { pendingRequest } from './requests';

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
});
