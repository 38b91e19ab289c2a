import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InboxTab } from '../../../../components/inbox/InboxTab';
import { RequestCard } from '../../../../components/inbox/RequestCard';
import { RjsfSchemaForm } from '../../../../components/forms/RjsfSchemaForm';
import { SchemaForm } from '../../../../components/forms/SchemaForm';
import { now } from '../../../../components/shared/time';
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

// happy-dom lays nothing out and its IntersectionObserver never reports: the observers here
// stand in for a panel that scrolls a frame near the screen.
const IntersectionObserverBefore = globalThis.IntersectionObserver;
let observers: Array<{ callback: IntersectionObserverCallback; targets: Set<Element> }> = [];

/** The Request a card shows, read from its prompt. */
const cardOf = (element: Element) => element.querySelector('.prompt')?.textContent?.replace(/^Question /, '') ?? '';

/** Scrolls `element` near the screen: the observers watching it hear so. */
function scrollTo(element: Element): void {
  for (const observer of observers) {
    const entries = [...observer.targets].map((target) => ({ target, isIntersecting: target === element }) as IntersectionObserverEntry);
    act(() => observer.callback(entries, {} as IntersectionObserver));
  }
}

// The forms themselves, not their placeholders: their code is loaded first.
beforeAll(() => SchemaForm.preload());

beforeEach(() => {
  observers = [];
  globalThis.IntersectionObserver = class {
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
    }
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  cleanup();
  globalThis.IntersectionObserver = IntersectionObserverBefore;
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

  it('updates its clock texts every tick without rendering its form again', () => {
    now.value = 1_003_000;
    render(<RequestCard request={request('r1')} />, withActions());
    const header = screen.getByRole('region').querySelector('header')!;
    expect(header.textContent).toContain('waiting 3 s · expires in 10 min');
    const field = screen.getByLabelText('Answer') as HTMLInputElement;
    fireEvent.input(field, { target: { value: 'typed' } });
    const renders = formRenders(() => act(() => void (now.value = 1_064_000)));
    expect(header.textContent).toContain('waiting 1 min · expires in 9 min');
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
  const drawn = (container: Element) => [...container.querySelectorAll('section.card.request')].map(cardOf).filter(Boolean);
  const frames = (container: Element) => [...container.querySelectorAll<HTMLElement>('section.card.request')].filter((card) => !cardOf(card));

  it('draws whole the cards on screen or within a screen of it; the rest are empty frames of about their height, each a landmark', () => {
    const { container } = show(many);
    const whole = drawn(container);
    // Two screens of about 193 px cards under the group's header.
    expect(whole).toEqual(
      many
        .slice(-whole.length)
        .map((item) => item.id)
        .reverse(),
    );
    expect(whole.length).toBe(Math.ceil((2 * window.innerHeight - 42) / 193));
    expect(frames(container)).toHaveLength(many.length - whole.length);
    const frame = frames(container)[0]!;
    expect(frame.getAttribute('aria-label')).toBe('Request from Deploys');
    expect(frame.style.height).toBe('193px');
    expect(frame.childElementCount).toBe(0);
    expect(screen.getAllByRole('region', { name: 'Request from Deploys' })).toHaveLength(many.length);
    expect(container.querySelector('section.group h2 .count')!.textContent).toBe('30');
  });

  it('draws a frame as it nears the screen, and keeps the card (and what was typed) when it is scrolled away', () => {
    const { container } = show(many);
    const far = frames(container).at(-1)!;
    scrollTo(far);
    expect(drawn(container)).toContain('r0');
    const field = screen.getByText('Question r0').closest('section')!.querySelector('input')!;
    expect(far.contains(field)).toBe(true);
    fireEvent.input(field, { target: { value: 'typed' } });
    scrollTo(frames(container)[0]!);
    expect(screen.getByText('Question r0').closest('section')!.querySelector('input')).toBe(field);
    expect(field.value).toBe('typed');
  });

  it('draws a frame that gets focus (j/k, a landmark), keeping focus on it', () => {
    const { container } = show(many);
    const far = frames(container).at(-1)!;
    act(() => far.focus());
    expect(drawn(container)).toContain('r0');
    expect(document.activeElement).toBe(far);
    expect(far.querySelector('input')).toBeTruthy();
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
