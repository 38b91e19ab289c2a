import { describe, expect, it } from 'vitest';
import { ACTIVITY_LOG_LENGTH, routeServerLogs, SERVER_LOG_LENGTH } from '../../../lib/hub/serverLogs';
import type { ActivityView, ServerLogEntry, ServerView } from '../../../lib/state';

function places(running: string[]) {
  const views = new Map<string, Partial<ServerView>>([['s1', {}]]);
  let list: ActivityView[] = running.map((id) => ({ id, kind: 'tool', tool: 't', args: {}, serverId: 's1', startedAt: 0, status: 'running' }));
  const route = routeServerLogs({
    servers: {
      view: (serverId) => views.get(serverId) as ServerView | undefined,
      update: (serverId, patch) => views.set(serverId, { ...views.get(serverId), ...patch }),
    },
    activities: {
      list: () => list,
      patch: (activity, patch) => {
        const changed = { ...activity, ...patch };
        list = list.map((item) => (item.id === activity.id ? changed : item));
        return changed;
      },
    },
  });
  const logs = (activityId: string): ServerLogEntry[] | undefined => list.find((item) => item.id === activityId)?.logs;
  return { route, views, logs };
}

describe('a server’s log message', () => {
  it('is kept on the server’s card and with the one request of it that runs', () => {
    const { route, views, logs } = places(['a1']);
    route('s1', { level: 'info', data: 'deploying' });
    expect(views.get('s1')?.logs).toMatchObject([{ level: 'info', text: 'deploying' }]);
    expect(logs('a1')).toMatchObject([{ text: 'deploying' }]);
  });

  it('is kept with no request when two run (it cannot say which), and not at all for a server removed', () => {
    const { route, views, logs } = places(['a1', 'a2']);
    route('s1', { level: 'info', data: 'which?' });
    route('gone', { level: 'info', data: 'lost' });
    expect(views.get('s1')?.logs).toHaveLength(1);
    expect([logs('a1'), logs('a2')]).toEqual([undefined, undefined]);
    expect(views.has('gone')).toBe(false);
  });

  it('keeps only the newest, on the card and with the request', () => {
    const { route, views, logs } = places(['a1']);
    for (let index = 0; index <= SERVER_LOG_LENGTH; index += 1) route('s1', { level: 'debug', data: `m${index}` });
    expect(views.get('s1')?.logs).toHaveLength(SERVER_LOG_LENGTH);
    expect(views.get('s1')?.logs?.[0]?.text).toBe('m1');
    expect(logs('a1')).toHaveLength(ACTIVITY_LOG_LENGTH);
    expect(logs('a1')?.at(-1)?.text).toBe(`m${SERVER_LOG_LENGTH}`);
  });
});
