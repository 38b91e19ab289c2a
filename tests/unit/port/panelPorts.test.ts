import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../../../lib/port/messages';
import { PanelPorts } from '../../../lib/port/panelPorts';
import type { HubState } from '../../../lib/state';
import { applyStatePatch } from '../../../lib/port/statePatch';
import { emptyHubState } from './emptyState';

const empty: HubState = emptyHubState();

/** A port as a panel sees it: the state it rebuilt from what it was sent. */
class Panel {
  state: HubState | undefined;
  received: WorkerMessage[] = [];
  disconnected = false;
  refuse: ((message: WorkerMessage) => boolean) | undefined;
  postMessage(message: WorkerMessage): void {
    if (this.refuse?.(message)) throw new Error('Message length exceeded maximum allowed length.');
    this.received.push(message);
    if (message.type === 'state') this.state = message.state;
    if (message.type === 'patch') this.state = applyStatePatch(this.state!, message.patch);
  }
  disconnect(): void {
    this.disconnected = true;
  }
}

const withNotice = (state: HubState, id: string): HubState => ({
  ...state,
  notices: [{ id, kind: 'lost', serverId: 's', serverName: 'S', prompt: id, url: '', reason: 'r', at: 0 }, ...state.notices],
});

describe('PanelPorts', () => {
  it('sends an opened panel the whole state, then patches that rebuild each new state', () => {
    const ports = new PanelPorts<Panel>();
    const panel = new Panel();
    ports.open(panel, empty);
    const next = withNotice(empty, 'n1');
    ports.publish(next);
    expect(panel.received.map((message) => message.type)).toEqual(['state', 'patch']);
    expect(panel.state).toEqual(next);
  });

  it('drops and disconnects a port that refuses a message; the other ports and later messages carry on', () => {
    const errors: unknown[] = [];
    const ports = new PanelPorts<Panel>((error) => errors.push(error));
    const [choking, healthy] = [new Panel(), new Panel()];
    ports.open(choking, empty);
    ports.open(healthy, empty);
    choking.refuse = (message) => message.type === 'patch';
    const first = withNotice(empty, 'n1');
    ports.publish(first);
    expect(choking.disconnected).toBe(true);
    expect(errors).toEqual([expect.objectContaining({ message: expect.stringContaining('maximum allowed length') })]);
    expect(ports.size).toBe(1);
    const second = withNotice(first, 'n2');
    ports.publish(second);
    ports.broadcast({ type: 'focus-request', requestId: 'r1' });
    expect(healthy.state).toEqual(second);
    expect(healthy.received.at(-1)).toEqual({ type: 'focus-request', requestId: 'r1' });
    // The panel that reconnects gets a whole state again.
    const reopened = new Panel();
    ports.open(reopened, second);
    expect(reopened.state).toEqual(second);
  });

  it('a port whose first message fails is dropped too, and says so once', () => {
    const errors: unknown[] = [];
    const ports = new PanelPorts<Panel>((error) => errors.push(error));
    const panel = new Panel();
    panel.refuse = () => true;
    ports.open(panel, empty);
    ports.post(panel, { type: 'focus-request', requestId: 'r1' });
    expect(ports.size).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it('a Request to focus goes to every open panel, and once to the next panel to open', () => {
    const ports = new PanelPorts<Panel>();
    const open = new Panel();
    ports.open(open, empty);
    ports.focus('elc-1');
    const focusOf = (panel: Panel) => panel.received.filter((message) => message.type === 'focus-request');
    expect(focusOf(open)).toEqual([{ type: 'focus-request', requestId: 'elc-1' }]);
    const next = new Panel();
    ports.open(next, empty);
    expect(next.received).toEqual([
      { type: 'state', state: empty },
      { type: 'focus-request', requestId: 'elc-1' },
    ]);
    const later = new Panel();
    ports.open(later, empty);
    expect(focusOf(later)).toEqual([]);
  });
});
