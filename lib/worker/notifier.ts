/**
 * System notifications for Requests that arrive while no panel is open, so a server
 * waiting on the person is not missed; each is cleared once its Request is settled. Calls
 * run as tasks, which can take minutes and outlive the worker, say when they end too (a task
 * that needs input is already told: its question arrives as a Request).
 */
import type { PendingRequest } from '../inbox';
import type { HubState } from '../state';

export interface NotificationApi {
  create(id: string, title: string, message: string): void;
  clear(id: string): void;
}

/** Returns the inbox listener; `panelOpen` says whether someone is looking already. */
export function notifyNewRequests(api: NotificationApi, panelOpen: () => boolean): (pending: PendingRequest[]) => void {
  let known = new Set<string>();
  const shown = new Set<string>();
  return (pending) => {
    for (const request of pending) {
      if (known.has(request.id) || panelOpen()) continue;
      api.create(request.id, `${request.serverName} needs you`, request.prompt.slice(0, 200));
      shown.add(request.id);
    }
    const current = new Set(pending.map((request) => request.id));
    for (const id of shown) {
      if (current.has(id)) continue;
      api.clear(id);
      shown.delete(id);
    }
    known = current;
  };
}

/** Returns the hub state listener that notifies, while no panel is open, each task-run call that ends. */
export function notifyFinishedTasks(api: Pick<NotificationApi, 'create'>, panelOpen: () => boolean): (state: HubState) => void {
  let running = new Set<string>();
  return ({ activities, servers }) => {
    const now = new Set<string>();
    for (const activity of activities) {
      if (activity.kind !== 'tool' || !activity.task) continue;
      if (activity.status === 'running') now.add(activity.id);
      else if (running.has(activity.id) && !panelOpen()) {
        const server = servers.find((view) => view.id === activity.serverId)?.displayName ?? 'A server';
        const outcome =
          activity.status === 'done' && !activity.result?.isError ? 'finished' : activity.status === 'cancelled' ? 'was cancelled' : 'failed';
        api.create(`task-${activity.id}`, `${activity.tool} ${outcome}`, `on ${server}${activity.error ? `: ${activity.error.slice(0, 200)}` : ''}`);
      }
    }
    running = now;
  };
}
