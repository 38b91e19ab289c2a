import { describe, expect, it } from 'vitest';
import { APP_CALLS_KEPT, keepActivities } from '../../../lib/hub/eviction';
import type { ActivityView, CallView } from '../../../lib/state';

let clock = 1_000;
const call = (id: string, status: CallView['status'], extra: Partial<CallView> = {}): ActivityView => ({
  kind: 'tool',
  tool: 't',
  args: {},
  id,
  serverId: 's1',
  startedAt: (clock -= 1),
  status,
  ...extra,
});
const ids = (list: ActivityView[]) => list.map((item) => item.id);

describe('which activities the list keeps', () => {
  it('keeps the newest finished results and every running one however old, counting what it drops', () => {
    const list = [call('1', 'done'), call('2', 'running'), call('3', 'failed'), call('4', 'cancelled'), call('5', 'running')];
    expect(ids(keepActivities(list, 2).activities)).toEqual(['1', '2', '3', '5']);
    expect(keepActivities(list, 2).dropped).toBe(1);
    expect(ids(keepActivities(list, 0).activities)).toEqual(['2', '5']);
  });

  it('an app’s own calls never take a result’s place, however many it makes', () => {
    const appCalls = Array.from({ length: 400 }, (_, index) => call(`c${index}`, 'done', { appOf: 'app' }));
    const list = [...appCalls, call('app', 'done', { app: { resourceUri: 'ui://a' } }), call('other', 'done')];
    const { activities, dropped } = keepActivities(list, 2);
    expect(ids(activities).filter((id) => !id.startsWith('c'))).toEqual(['app', 'other']);
    expect(dropped).toBe(0);
    // Bounded per app: its newest calls only.
    expect(ids(activities).filter((id) => id.startsWith('c'))).toEqual(ids(appCalls.slice(0, APP_CALLS_KEPT)));
  });

  it('a result whose app runs is kept past the bound, which still holds for the rest', () => {
    const list = [call('new1', 'done'), call('new2', 'done'), call('app', 'done', { app: { resourceUri: 'ui://a' } }), call('old', 'done')];
    const { activities, dropped } = keepActivities(list, 2, (id) => id === 'app');
    expect(ids(activities)).toEqual(['new1', 'new2', 'app']);
    expect(dropped).toBe(1);
    expect(ids(keepActivities(list, 2).activities)).toEqual(['new1', 'new2']);
  });

  it('an app’s calls go with its result, except one still running', () => {
    const list = [call('c1', 'done', { appOf: 'gone' }), call('c2', 'running', { appOf: 'gone' }), call('new', 'done'), call('gone', 'done')];
    expect(ids(keepActivities(list, 1).activities)).toEqual(['c2', 'new']);
  });
});
