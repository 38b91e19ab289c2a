import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboxTab } from '../../../../components/inbox/InboxTab';
import { REACH_INTO_GAP } from '../../../../components/inbox/RequestGap';
import { RequestCard } from '../../../../components/inbox/RequestCard';
import { RjsfSchemaForm } from '../../../../components/forms/RjsfSchemaForm';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { now, span } from '../../../../components/shared/time';
import type { InboxItem } from '../../../../lib/state';
import { withActions } from '../withActions';

const request = (id: string, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id,
  kind: 'input',
  prompt: `Question ${id}`,
  url: null,
  data: { schema: { type: 'object', properties: { answer: { type: 'string', title: 'Answer' } } } },
  serverId: 's1',
  serverName: 'Deploys',
  askedAt: 1_000_000,
  expiresAt: 1_600_000,
  ...overrides,
});

/** The Request a card shows, read from its prompt. */
const cardOf = (element: Element) => element.querySelector('.prompt')?.textContent?.replace(/^Question /, '') ?? '';

// happy-dom lays nothing out: each gap here sits where `gapTop` says (px from the top of the
// view), and the view "scrolls" by moving it and firing a scroll event.
const getBoundingClientRect = Element.prototype.getBoundingClientRect;
let gapTop = (_gap: Element) => 10_000;

async function scrollGapTo(top: number): Promise<void> {
  gapTop = () => top;
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

// The forms themselves, not their placeholders: their code is loaded first.
beforeAll(() => SchemaForm.preload());

beforeEach(() => {
  gapTop = () => 10_000;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    return this.matches('.request-gap') ? new DOMRect(0, gapTop(this), 300, 1_000) : getBoundingClientRect.call(this);
  };
});

afterEach(() => {
  cleanup();
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
});

/** How often the form itself renders while `run` runs. */
function formRenders(run: () => void): number {
  let count = 0;
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    if (vnode.type === RjsfSchemaForm) count += 1;
    previous?.(vnode);
  };
  try {
    run();
  } finally {
    options.diffed = previous;
  }
  return count;
}

describe('RequestCard', () => {
  it('shows its form at once when on screen', () => {
    render(<RequestCard request={request('r1')} />, withActions());
    expect(screen.getByLabelText('Answer')).toBeTruthy();
  });

  it('shows the server’s words as theirs, each isolated in its own direction: name, origin, prompt', () => {
    const name = 'خادم \u202Eevil';
    render(
      <RequestCard request={request('r1', { serverName: name, serverOrigin: 'https://evil.example', prompt: 'Which \u202Eregion?' })} />,
      withActions(),
    );
    // In the card's accessible name too, the override is held inside the name (lib/i18n isolates it).
    const card = screen.getByRole('region', { name: `Request from \u2068${name}\u2069` });
    const theirs = [...card.querySelectorAll('[data-from="server"]')].map((element) => [
      element.tagName,
      element.getAttribute('dir'),
      element.textContent,
    ]);
    expect(theirs.slice(0, 3)).toEqual([
      ['BDI', 'auto', name],
      ['CODE', 'ltr', 'https://evil.example'],
      ['P', 'auto', 'Which \u202Eregion?'],
    ]);
  });

  it('updates its clock texts every tick without rendering its form again', () => {
    now.value = 1_003_000;
    render(<RequestCard request={request('r1')} />, withActions());
    const header = screen.getByRole('region').querySelector('header')!;
    expect(header.textContent).toContain(`waiting ${span(3_000)} · expires in ${span(600_000)}`);
    const field = screen.getByLabelText('Answer') as HTMLInputElement;
    fireEvent.input(field, { target: { value: 'typed' } });
    const renders = formRenders(() => act(() => void (now.value = 1_064_000)));
    expect(header.textContent).toContain(`waiting ${span(60_000)} · expires in ${span(540_000)}`);
    expect(renders).toBe(0);
    expect(screen.getByLabelText('Answer')).toBe(field);
    expect(field.value).toBe('typed');
  });
});

describe('InboxTab with many Requests', () => {
  const inboxOf = (inbox: InboxItem[], focusId?: string) => (
    <InboxTab inbox={inbox} visits={[]} notices={[]} refusals={{}} focusId={focusId} connectedServers={[]} />
  );
  // Newest first: r29 at the top of the view, r0 far below it, each card about 193 px tall.
  const many = Array.from({ length: 30 }, (_, index) => request(`r${index}`, { askedAt: 1_000_000 + index }));
  const show = (inbox: InboxItem[], focusId?: string) => render(inboxOf(inbox, focusId), withActions());
  const drawn = (container: Element) => [...container.querySelectorAll('section.card.request')].map(cardOf);
  const gaps = (container: Element) => [...container.querySelectorAll<HTMLElement>('.request-gap')];

  it('draws the cards on screen or within a screen of it; the rest of the group is one gap of about their height', () => {
    const { container } = show(many);
    const whole = drawn(container);
    // Two screens of about 193 px cards under the group's header.
    expect(whole.length).toBe(Math.ceil((2 * window.innerHeight - 42) / 193));
    expect(whole).toEqual(
      many
        .slice(-whole.length)
        .map((item) => item.id)
        .reverse(),
    );
    expect(gaps(container)).toHaveLength(1);
    expect(gaps(container)[0]!.style.height).toBe(`${193 * (many.length - whole.length)}px`);
    expect(gaps(container)[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('section.group h2 .count')!.textContent).toBe('30');
  });

  it('draws a gap’s cards as the view comes near them, and keeps a card (and what was typed) when the view moves away', async () => {
    const { container } = show(many);
    await scrollGapTo(300);
    const now = drawn(container);
    expect(now.length).toBeGreaterThan(Math.ceil((2 * window.innerHeight - 42) / 193));
    const last = now.at(-1)!;
    const field = screen.getByText(`Question ${last}`).closest('section')!.querySelector('input')!;
    fireEvent.input(field, { target: { value: 'typed' } });
    await scrollGapTo(50_000);
    expect(screen.getByText(`Question ${last}`).closest('section')!.querySelector('input')).toBe(field);
    expect(field.value).toBe('typed');
  });

  it('steps into a gap with j/k: draws its nearest card and focuses it', () => {
    const { container } = show(many);
    const gap = gaps(container)[0]!;
    act(() => void gap.dispatchEvent(new CustomEvent(REACH_INTO_GAP, { detail: { last: true } })));
    expect(drawn(container)).toContain('r0');
    expect(document.activeElement).toBe(screen.getByText('Question r0').closest('section'));
  });

  it('draws the card to focus wherever it is, and focuses its first field', () => {
    const { container } = show(many, 'r0');
    expect(drawn(container)).toContain('r0');
    expect(document.activeElement).toBe(screen.getByText('Question r0').closest('section')!.querySelector('input'));
  });

  it('renders only the new card when one joins', () => {
    const { rerender } = show(many);
    const renders = formRenders(() => rerender(inboxOf([...many, request('r30', { askedAt: 2_000_000 })])));
    expect(renders).toBe(1);
    expect(screen.getByText('Question r30').closest('section')!.querySelector('input')).toBeTruthy();
  });
});

describe('Two servers with one name', () => {
  it('are told apart by origin on every card and group header', () => {
    const inbox = [
      request('real', { serverId: 'a', serverName: 'Acme Payroll', serverOrigin: 'https://payroll.acme.example' }),
      request('fake', { serverId: 'b', serverName: 'Acme Payroll', serverOrigin: 'http://127.0.0.1:6666', askedAt: 1_000_001 }),
    ];
    render(<InboxTab inbox={inbox} visits={[]} notices={[]} refusals={{}} connectedServers={[]} />, withActions());
    const groups = screen.getAllByRole('region', { name: 'Requests from Acme Payroll' });
    expect(groups.map((group) => group.querySelector('h2')!.textContent)).toEqual([
      'Acme Payroll https://payroll.acme.example 1',
      'Acme Payroll http://127.0.0.1:6666 1',
    ]);
    for (const [id, origin] of [
      ['real', 'https://payroll.acme.example'],
      ['fake', 'http://127.0.0.1:6666'],
    ] as const) {
      const card = screen.getByText(`Question ${id}`).closest('section')!;
      expect(within(card).getByText(origin).tagName).toBe('CODE');
    }
  });
});
