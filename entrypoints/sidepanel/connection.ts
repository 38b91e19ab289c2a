import { signal } from '@preact/signals';
import browser, { type Runtime } from 'webextension-polyfill';
import type { ImportResult } from '@/lib/mcpJson';
import { PANEL_PORT, type HubState, type PanelMessage, type WorkerMessage } from '@/lib/messages';

/** The panel's view of the worker: the last state it sent, and what it said besides. */
export const hubState = signal<HubState | null>(null);
export const refusals = signal<Record<string, string>>({});
export const imported = signal<ImportResult | null>(null);
export const lastError = signal<string | null>(null);
export const connected = signal(false);

let port: Runtime.Port | null = null;

export interface ConnectionHooks {
  onFocusRequest: (requestId: string) => void;
  onExported: (format: string, text: string) => void;
}

/**
 * Opens the port and reopens it when the worker restarts (an MV3 worker may be stopped
 * at any time; its port then disconnects and the panel must not go stale).
 */
export function connect(hooks: ConnectionHooks): void {
  port = browser.runtime.connect({ name: PANEL_PORT });
  connected.value = true;
  port.onMessage.addListener((raw) => {
    const message = raw as WorkerMessage;
    switch (message.type) {
      case 'state': {
        hubState.value = message.state;
        const pending = new Set(message.state.inbox.map((request) => request.id));
        refusals.value = Object.fromEntries(Object.entries(refusals.value).filter(([id]) => pending.has(id)));
        return;
      }
      case 'answer-refused':
        refusals.value = { ...refusals.value, [message.requestId]: message.message };
        return;
      case 'imported':
        imported.value = message.result;
        return;
      case 'exported':
        hooks.onExported(message.format, message.text);
        return;
      case 'focus-request':
        hooks.onFocusRequest(message.requestId);
        return;
      case 'error':
        lastError.value = message.message;
        return;
    }
  });
  port.onDisconnect.addListener(() => {
    connected.value = false;
    port = null;
    setTimeout(() => connect(hooks), 250);
  });
}

export function send(message: PanelMessage): void {
  port?.postMessage(message);
}
