import browser, { type Runtime } from 'webextension-polyfill';
import { browser as chromeApi } from 'wxt/browser';
import { Hub, ServerUrlError, type SavedServer, type ServerStore } from '@/lib/hub';
import { InboxError } from '@/lib/inbox';
import { keepAliveWhile } from '@/lib/keepAlive';
import { PANEL_PORT, type PanelMessage, type WorkerMessage } from '@/lib/messages';

const SERVERS_KEY = 'servers';

const store: ServerStore = {
  async load() {
    const { [SERVERS_KEY]: servers } = await browser.storage.local.get(SERVERS_KEY);
    return Array.isArray(servers) ? (servers as SavedServer[]) : [];
  },
  save: (servers) => browser.storage.local.set({ [SERVERS_KEY]: servers }),
};

export default defineBackground(() => {
  const hub = new Hub({ store });
  const ports = new Set<Runtime.Port>();
  const post = (port: Runtime.Port, message: WorkerMessage) => port.postMessage(message);

  chromeApi.sidePanel?.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});
  browser.action.setBadgeBackgroundColor({ color: '#b45309' }).catch(() => {});

  const updateKeepAlive = keepAliveWhile(() => hub.busy(), () => browser.runtime.getPlatformInfo());

  hub.subscribe((state) => {
    for (const port of ports) post(port, { type: 'state', state });
    updateKeepAlive();
  });
  hub.inbox.subscribe((pending) => {
    void browser.action.setBadgeText({ text: pending.length ? String(pending.length) : '' });
  });

  async function handle(port: Runtime.Port, message: PanelMessage): Promise<void> {
    switch (message.type) {
      case 'add-server':
        await hub.addServer(message.url, message.name);
        return;
      case 'remove-server':
        await hub.removeServer(message.serverId);
        return;
      case 'reconnect':
        await hub.reconnect(message.serverId);
        return;
      case 'call-tool':
        await hub.callTool(message.serverId, message.tool, message.args);
        return;
      case 'answer':
        try {
          hub.answer(message.answer);
        } catch (error) {
          if (!(error instanceof InboxError)) throw error;
          post(port, { type: 'answer-refused', requestId: message.answer.id, message: error.message, problems: error.problems });
        }
        return;
      case 'open-url': {
        const request = hub.inbox.list().find((pending) => pending.id === message.requestId);
        if (!request?.url) return;
        // spec client/elicitation (URL mode): opening is the person's consent, and the page
        // opens where the extension cannot read it.
        hub.answer({ id: request.id, ok: true });
        await browser.identity.launchWebAuthFlow({ url: request.url, interactive: true }).catch(() => {});
        return;
      }
    }
  }

  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== PANEL_PORT) return;
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    port.onMessage.addListener((message) => {
      handle(port, message as PanelMessage).catch((error: unknown) => {
        const text = error instanceof ServerUrlError || error instanceof Error ? error.message : String(error);
        post(port, { type: 'error', message: text });
      });
    });
    post(port, { type: 'state', state: hub.state() });
  });

  void hub.start();
});
