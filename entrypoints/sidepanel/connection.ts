import { signal } from '@preact/signals';
import { browser, type Browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { ImportResult } from '@/lib/mcpJson';
import { remoteAsks } from '@/lib/port/commands';
import { PANEL_PORT, type PanelMessage, type WorkerMessage } from '@/lib/port/messages';
import type { HubState } from '@/lib/state';
import { applyStatePatch } from '@/lib/port/statePatch';
import { catalogReady } from './locale';

/**
 * The panel's view of the worker: its state as of the last message (a whole state, then
 * patches that keep every unchanged object, so memoized components skip it), and what it
 * said besides.
 */
export const hubState = signal<HubState | null>(null);
export const refusals = signal<Record<string, string>>({});
export const imported = signal<ImportResult | null>(null);
export const lastError = signal<string | null>(null);
export const connected = signal(false);

let port: Browser.runtime.Port | null = null;
/**
 * What the person did while the worker restarted (its port is gone for a moment): sent, in
 * order, on the next port rather than lost — a click on Dismiss or Submit just then counts.
 */
const queued: PanelMessage[] = [];
const MAX_QUEUED = 100;

/** What the panel asks the worker and waits for (lib/port/commands.ts ASKS); a restarted worker never answers the old port's. */
const remote = remoteAsks((message) => send(message));
export const asks = remote.asks;

function show(state: HubState): void {
  const inbox = hubState.value?.inbox;
  hubState.value = state;
  if (state.inbox === inbox) return;
  // A refusal is shown until its Request is answered or gone.
  const pending = new Set(state.inbox.map((request) => request.id));
  const kept = Object.entries(refusals.value).filter(([id]) => pending.has(id));
  if (kept.length < Object.keys(refusals.value).length) refusals.value = Object.fromEntries(kept);
}

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
  port.onMessage.addListener((raw) => {
    const message = raw as WorkerMessage;
    switch (message.type) {
      case 'state':
        show(message.state);
        // Connected once the worker's own state is here: until then the panel shows the last
        // worker's, which a restart may have changed, under the "Reconnecting" banner.
        connected.value = true;
        return;
      case 'patch':
        // A patch only follows this port's own first state.
        if (hubState.value) show(applyStatePatch(hubState.value, message.patch));
        return;
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
      case 'answered':
        remote.settle(message);
        return;
    }
  });
  for (const message of queued.splice(0)) port.postMessage(message);
  port.onDisconnect.addListener(() => {
    connected.value = false;
    port = null;
    // The port opens before the catalog is in (main.tsx): the words wait for it.
    void catalogReady.then(() => remote.dropAll(t('panel.workerRestarted')));
    setTimeout(() => connect(hooks), 250);
  });
}

export function send(message: PanelMessage): void {
  if (port) port.postMessage(message);
  else if (queued.length < MAX_QUEUED) queued.push(message);
}
