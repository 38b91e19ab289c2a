import { signal } from '@preact/signals';
import browser, { type Runtime } from 'webextension-polyfill';
import { PANEL_PORT, type HubState, type PanelMessage, type WorkerMessage } from '@/lib/messages';

/** The panel's view of the worker: the last state it sent, and what it refused. */
export const hubState = signal<HubState | null>(null);
export const refusals = signal<Record<string, string>>({});
export const lastError = signal<string | null>(null);
export const connected = signal(false);

let port: Runtime.Port | null = null;

/**
 * Opens the port and reopens it when the worker restarts (an MV3 worker may be stopped
 * at any time; its port then disconnects and the panel must not go stale).
 */
export function connect(): void {
  port = browser.runtime.connect({ name: PANEL_PORT });
  connected.value = true;
  port.onMessage.addListener((raw) => {
    const message = raw as WorkerMessage;
    if (message.type === 'state') {
      hubState.value = message.state;
      const pending = new Set(message.state.inbox.map((request) => request.id));
      refusals.value = Object.fromEntries(Object.entries(refusals.value).filter(([id]) => pending.has(id)));
    } else if (message.type === 'answer-refused') {
      refusals.value = { ...refusals.value, [message.requestId]: message.message };
    } else {
      lastError.value = message.message;
    }
  });
  port.onDisconnect.addListener(() => {
    connected.value = false;
    port = null;
    setTimeout(connect, 250);
  });
}

export function send(message: PanelMessage): void {
  port?.postMessage(message);
}
