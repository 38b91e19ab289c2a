/**
 * The worker's open panel ports and what each was last sent: a port gets the whole state when
 * it opens, then patches against what it has (lib/port/statePatch.ts). The port itself is injected,
 * so this runs in Node.
 */
import type { WorkerMessage } from './messages';
import type { HubState } from '../state';
import { diffState, type StatePatch } from './statePatch';

export interface PanelPort {
  postMessage(message: WorkerMessage): void;
  disconnect(): void;
}

export class PanelPorts<P extends PanelPort = PanelPort> {
  readonly #sent = new Map<P, HubState>();
  readonly #onPostFailed: (error: unknown) => void;
  /** A Request to bring into view in the next panel to open (its notification was clicked, maybe before any panel was). */
  #focusOnOpen: string | undefined;

  /** `onPostFailed` hears each message a port refused (e.g. too big to send); that port is dropped. */
  constructor(onPostFailed: (error: unknown) => void = () => {}) {
    this.#onPostFailed = onPostFailed;
  }

  get size(): number {
    return this.#sent.size;
  }

  /** A panel opened: it gets the whole state, and patches against it from now on. */
  open(port: P, state: HubState): void {
    this.#sent.set(port, state);
    this.post(port, { type: 'state', state });
    if (this.#focusOnOpen) this.post(port, { type: 'focus-request', requestId: this.#focusOnOpen });
    this.#focusOnOpen = undefined;
  }

  /** Brings a Request into view in every open panel, and in the next one to open. */
  focus(requestId: string): void {
    this.#focusOnOpen = requestId;
    this.broadcast({ type: 'focus-request', requestId });
  }

  close(port: P): void {
    this.#sent.delete(port);
  }

  /** Sends each open port what changed since it was last sent something; ports sent the same state share one patch. */
  publish(state: HubState): void {
    const patches = new Map<HubState, StatePatch | null>();
    for (const [port, sent] of this.#sent) {
      if (!patches.has(sent)) patches.set(sent, diffState(sent, state));
      this.#sent.set(port, state);
      const patch = patches.get(sent);
      if (patch) this.post(port, { type: 'patch', patch });
    }
  }

  /**
   * A port that throws (the message too big or too deep to serialise, the panel gone) is
   * dropped and disconnected: its next patches could only be wrong, and the panel reconnects
   * for a whole state. Other ports and later messages go on as if nothing happened.
   */
  post(port: P, message: WorkerMessage): void {
    try {
      port.postMessage(message);
    } catch (error) {
      if (!this.#sent.delete(port)) return;
      this.#onPostFailed(error);
      try {
        port.disconnect();
      } catch {
        // Already gone: nothing more to drop.
      }
    }
  }

  broadcast(message: WorkerMessage): void {
    for (const port of [...this.#sent.keys()]) this.post(port, message);
  }
}
