/**
 * System notifications for Requests that arrive while no panel is open, so a server
 * waiting on the person is not missed; each is cleared once its Request is settled.
 */
import type { PendingRequest } from './inbox';

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
