import { act, cleanup, render } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxTab } from '../../../../components/inbox/InboxTab';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import type { InboxItem, NoticeView } from '../../../../lib/state';
import { pendingRequest } from '../../requests';
import { withActions } from '../withActions';

const request = (id: string, askedAt: number): InboxItem =>
  pendingRequest(id, { askedAt, data: { schema: { type: 'object', properties: { answer: { type: 'string', title: 'Answer' } } } } });
const notice: NoticeView = { id: 'n1', kind: 'withdrawn', serverId: 's', serverName: 'Deploys', prompt: 'Q', url: '', reason: 'Gone.', at: 0 };

beforeAll(() => SchemaForm.preload());
afterEach(cleanup);

/** The Inbox with a tab button of its own beside it, as the panel has. */
function inbox(items: InboxItem[], notices: NoticeView[] = []) {
  return (
    <>
      <button type="button" id="tab-inbox">
        Inbox
      </button>
      <InboxTab inbox={items} visits={[]} notices={notices} refusals={{}} connectedServers={[]} />
    </>
  );
}

const card = (container: Element, id: string) => container.querySelector<HTMLElement>(`section.request[data-request="${id}"]`)!;

describe('focus when the card that has it leaves the Inbox', () => {
  // Newest first on screen: r3, r2, r1.
  const three = [request('r1', 1), request('r2', 2), request('r3', 3)];

  it('goes to the card that followed it', () => {
    const view = render(inbox(three), withActions());
    card(view.container, 'r2').querySelector('input')!.focus();
    act(() => view.rerender(inbox([three[0]!, three[2]!])));
    expect(document.activeElement).toBe(card(view.container, 'r1'));
  });

  it('goes to the card before it when it was the last', () => {
    const view = render(inbox(three), withActions());
    card(view.container, 'r1').focus();
    act(() => view.rerender(inbox([three[1]!, three[2]!])));
    expect(document.activeElement).toBe(card(view.container, 'r2'));
  });

  it('goes to a notice that came in its place, and to the Inbox tab when no card is left', () => {
    const view = render(inbox([three[0]!]), withActions());
    card(view.container, 'r1').querySelector('input')!.focus();
    act(() => view.rerender(inbox([], [notice])));
    const noticeCard = view.container.querySelector<HTMLElement>('section.notice')!;
    expect(document.activeElement).toBe(noticeCard);
    act(() => view.rerender(inbox([])));
    expect(document.activeElement).toBe(view.container.querySelector('#tab-inbox'));
  });

  it('stays where it is when it was not in the card that left', () => {
    const view = render(inbox(three), withActions());
    const elsewhere = view.container.querySelector<HTMLElement>('#tab-inbox')!;
    elsewhere.focus();
    act(() => view.rerender(inbox([three[0]!, three[1]!])));
    expect(document.activeElement).toBe(elsewhere);
  });
});
