import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestCard } from '../../../components/RequestCard';
import { SchemaForm } from '../../../components/SchemaForm';
import { now } from '../../../components/time';
import type { InboxItem } from '../../../lib/messages';

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

afterEach(cleanup);

/** How often SchemaForm renders while `run` runs. */
function formRenders(run: () => void): number {
  let count = 0;
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    if (vnode.type === SchemaForm) count += 1;
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
    render(<RequestCard request={request('r1')} onAnswer={() => {}} onOpen={() => {}} />);
    expect(screen.getByLabelText('Answer')).toBeTruthy();
  });

  it('updates its clock texts every tick without rendering its form again', () => {
    now.value = 1_003_000;
    render(<RequestCard request={request('r1')} onAnswer={() => {}} onOpen={() => {}} />);
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
