/**
 * Live resources: the server says when a resource changed, and the watcher reads it again.
 * 2025-11-25: `resources/subscribe` and `notifications/resources/updated`, unsubscribed with
 * `resources/unsubscribe`. 2026-07-28: a `subscriptions/listen` stream whose filter names the
 * resource (`resourceSubscriptions`), the same notification on it, closed to stop. Both need
 * the server's `resources.subscribe` capability.
 */
import type { Client } from '@modelcontextprotocol/client';
import { NO_SDK_TIMEOUT } from './idleClock';
import { t } from '../i18n';

export interface ResourceWatcher {
  updated: () => void;
  /** The server or the connection ended the watch (not the watcher): why, in words. */
  ended: (reason: string) => void;
}

/** Stops a watch; the server is told. */
export type StopWatching = () => Promise<void>;

/** One handler for the connection's update notifications, and a way to watch a resource through it. */
export function resourceWatching(client: Client, serverName: string): (uri: string, watcher: ResourceWatcher) => Promise<StopWatching> {
  const watchers = new Map<string, Set<ResourceWatcher>>();
  client.setNotificationHandler('notifications/resources/updated', ({ params }) => {
    for (const watcher of watchers.get(params.uri) ?? []) watcher.updated();
  });
  const forget = (uri: string, watcher: ResourceWatcher) => {
    watchers.get(uri)?.delete(watcher);
    if (watchers.get(uri)?.size === 0) watchers.delete(uri);
  };

  return async (uri, watcher) => {
    if (!client.getServerCapabilities()?.resources?.subscribe) throw new Error(t('mcp.watch.unsupported', { server: serverName }));
    const first = !watchers.has(uri);
    watchers.set(uri, (watchers.get(uri) ?? new Set()).add(watcher));
    try {
      if (client.getProtocolEra() === 'modern') {
        const subscription = await client.listen({ resourceSubscriptions: [uri] }, { timeout: NO_SDK_TIMEOUT });
        if (!subscription.honoredFilter.resourceSubscriptions?.includes(uri)) {
          await subscription.close();
          throw new Error(t('mcp.watch.refused', { server: serverName, uri }));
        }
        void subscription.closed.then((how) => {
          if (how === 'local') return;
          forget(uri, watcher);
          watcher.ended(how === 'graceful' ? t('mcp.watch.ended', { server: serverName }) : t('mcp.connection.lostPlain', { server: serverName }));
        });
        return async () => {
          forget(uri, watcher);
          await subscription.close();
        };
      }
      if (first) await client.subscribeResource({ uri });
      return async () => {
        forget(uri, watcher);
        if (!watchers.has(uri)) await client.unsubscribeResource({ uri });
      };
    } catch (error) {
      forget(uri, watcher);
      throw error;
    }
  };
}
