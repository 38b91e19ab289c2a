/**
 * Fresh lists after a server says one changed, in both eras: the SDK's own `listChanged`
 * handling (2025-11-25 notifications after a handshake; the 2026-07-28 `subscriptions/listen`
 * stream it opens after a probe), the stream opened by hand when a remembered advertisement
 * was adopted, and the notifications of servers that send them without advertising them.
 */
import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import type { ListChange, LoadOptions } from './connection';
import { NO_SDK_TIMEOUT } from './idleClock';

/** The SDK client's `listChanged` option: each fresh list to `onListChanged`; a failed refresh is dropped. */
export function listChangedOption(onListChanged: LoadOptions['onListChanged']): ClientOptions['listChanged'] {
  const report = (error: Error | null, change: ListChange) => {
    if (!error) onListChanged?.(change);
  };
  return {
    tools: { onChanged: (error, items) => report(error, { kind: 'tools', items: items ?? [] }) },
    resources: { onChanged: (error, items) => report(error, { kind: 'resources', items: items ?? [] }) },
    prompts: { onChanged: (error, items) => report(error, { kind: 'prompts', items: items ?? [] }) },
  };
}

/** Opens the 2026-07-28 `subscriptions/listen` stream for every list the server says can change. */
export async function listenForListChanges(client: Client, signal: AbortSignal): Promise<void> {
  const capabilities = client.getServerCapabilities();
  const filter = {
    ...(capabilities?.tools?.listChanged && { toolsListChanged: true }),
    ...(capabilities?.resources?.listChanged && { resourcesListChanged: true }),
    ...(capabilities?.prompts?.listChanged && { promptsListChanged: true }),
  };
  if (Object.keys(filter).length > 0) await client.listen(filter, { timeout: NO_SDK_TIMEOUT, signal });
}

/**
 * Leniency (README, "Servers that bend the spec"): a 2025-era server that sends
 * `notifications/<list>/list_changed` without advertising `listChanged` (fastmcp 4.20) means
 * it all the same, and the SDK drops it; listing again is cheap and harmless, so do.
 */
export function listenWithoutAdvertisement(client: Client, onListChanged: LoadOptions['onListChanged']): void {
  const capabilities = client.getServerCapabilities() ?? {};
  if (client.getProtocolEra() === 'modern' || !onListChanged) return;
  const report = (change: Promise<ListChange>) => void change.then(onListChanged, () => {});
  if (capabilities.tools && !capabilities.tools.listChanged) {
    client.setNotificationHandler('notifications/tools/list_changed', () =>
      report(client.listTools().then(({ tools }) => ({ kind: 'tools', items: tools }))),
    );
  }
  if (capabilities.resources && !capabilities.resources.listChanged) {
    client.setNotificationHandler('notifications/resources/list_changed', () =>
      report(client.listResources().then(({ resources }) => ({ kind: 'resources', items: resources }))),
    );
  }
  if (capabilities.prompts && !capabilities.prompts.listChanged) {
    client.setNotificationHandler('notifications/prompts/list_changed', () =>
      report(client.listPrompts().then(({ prompts }) => ({ kind: 'prompts', items: prompts }))),
    );
  }
}
