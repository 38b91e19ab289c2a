/**
 * System notifications for Requests that arrive while no panel is open, so a server
 * waiting on the person is not missed; each is cleared once its Request is settled. Calls
 * run as tasks, which can take minutes and outlive the worker, say when they end too (a task
 * that needs input is already told: its question arrives as a Request).
 */
import { t } from '../i18n';
import type { PendingRequest } from '../inbox';
import type { CallView, HubState } from '../state';

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
      api.create(request.id, plain(t('notifications.request.title', { server: request.serverName })), plain(request.prompt.slice(0, 200)));
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

/**
 * A system notification's words: bidi controls taken out, a server's own and the isolates lib/i18n
 * puts around a right-to-left name alike. Firefox on Linux shows no alert whose title carries an
 * isolate (U+2066…U+2069; seen in tests/firefox/notification.test.ts), and a name without controls
 * cannot reorder the words around it. No catalog's notification carries one of its own.
 */
const plain = (text: string): string => text.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/** The notification's title and text for a task-run call that ended: how it ended, where, and why if it failed. */
function taskWords(call: CallView, server: string | undefined): [title: string, text: string] {
  const { tool } = call;
  const title =
    call.status === 'done' && !call.result?.isError
      ? t('notifications.task.finished', { tool })
      : call.status === 'cancelled'
        ? t('notifications.task.cancelled', { tool })
        : t('notifications.task.failed', { tool });
  const error = call.error?.slice(0, 200);
  if (server === undefined) return [title, error ? t('notifications.task.goneServerError', { error }) : t('notifications.task.goneServer')];
  return [title, error ? t('notifications.task.onServerError', { server, error }) : t('notifications.task.onServer', { server })];
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
        const [title, text] = taskWords(activity, servers.find((view) => view.id === activity.serverId)?.displayName);
        api.create(`task-${activity.id}`, plain(title), plain(text));
      }
    }
    running = now;
  };
}
