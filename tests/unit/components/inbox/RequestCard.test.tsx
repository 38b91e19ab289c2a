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

// happy-dom lays nothing out and its IntersectionObserver never reports: both stand in here
// for a panel whose cards sit at `tops` (px from the top of the view), and that scrolls.
const getBoundingClientRect = Element.prototype.getBoundingClientRect;
const IntersectionObserverBefore = globalThis.IntersectionObserver;
let tops = new Map<string, number>();
let observers: Array<{ callback: IntersectionObserverCallback; targets: Set<Element> }> = [];

/** The Request a card shows, read from its prompt. */
const cardOf = (element: Element) => element.querySelector('.prompt')?.textContent?.replace(/^Question /, '') ?? '';

/** Scrolls the view so the card of `id` is on screen: the observers watching it hear so. */
function scrollTo(id: string): void {
  tops = new Map([...tops].map(([key, top]) => [key, key === id ? 100 : top + 50_000]));
  for (const observer of observers) {
    const entries = [...observer.targets].map((target) => ({ target, isIntersecting: cardOf(target) === id }) as IntersectionObserverEntry);
    act(() => observer.callback(entries, {} as IntersectionObserver));
  }
}

// The forms themselves, not their placeholders: their code is loaded first.
beforeAll(() => SchemaForm.preload());

beforeEach(() => {
  tops = new Map();
  observers = [];
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const top = this.matches('section.card.request') ? tops.get(cardOf(this)) : undefined;
    return top === undefined ? getBoundingClientRect.call(this) : new DOMRect(0, top, 300, 200);
  };
  globalThis.IntersectionObserver = class {
    readonly targets = new Set<Element>();
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    disconnect() {
      this.targets.clear();
    }
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  cleanup();
  Element.prototype.getBoundingClientRect = getBoundingClientRect;
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
  // Newest first: r29 at the top of the view, r0 far below it, one card every 300 px.
  const many = Array.from({ length: 30 }, (_, index) => request(`r${index}`, { askedAt: 1_000_000 + index }));
  const show = (inbox: InboxItem[], focusId?: string) => {
    tops = new Map(many.map((item, index) => [item.id, (29 - index) * 300]));
    return render(inboxOf(inbox, focusId), withActions());
  };
  const withForms = (container: Element) =>
    [...container.querySelectorAll('section.card.request')].filter((card) => card.querySelector('input')).map(cardOf);

  it('builds the forms of the cards on screen or within a screen of it; the rest keep their server, prompt and room', () => {
    const { container } = show(many);
    const near = many.filter((item) => tops.get(item.id)! <= 2 * window.innerHeight).map((item) => item.id);
    expect(near.length).toBeGreaterThan(1);
    expect(near.length).toBeLessThan(many.length);
    expect(withForms(container).sort()).toEqual(near.sort());
    const far = screen.getByText('Question r0').closest('section')!;
    expect(within(far).getByText('Deploys')).toBeTruthy();
    expect(far.querySelector('input')).toBeNull();
    expect(far.querySelector<HTMLElement>('.form-placeholder')?.style.height).toBe('96px');
  });

  it('builds a card’s form when it is scrolled to, and keeps it (and what was typed) when scrolled away', () => {
    const { container } = show(many);
    scrollTo('r3');
    expect(withForms(container)).toContain('r3');
    const field = screen.getByText('Question r3').closest('section')!.querySelector('input')!;
    fireEvent.input(field, { target: { value: 'typed' } });
    scrollTo('r29');
    expect(screen.getByText('Question r3').closest('section')!.querySelector('input')).toBe(field);
    expect(field.value).toBe('typed');
  });

  it('builds the form of the card to focus wherever it is, and focuses its first field', () => {
    const { container } = show(many, 'r0');
    expect(withForms(container)).toContain('r0');
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
