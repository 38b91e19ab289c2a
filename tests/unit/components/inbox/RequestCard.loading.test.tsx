/**
 * A Request that arrives before the form's code (its own chunk) is in: the card shows all it
 * can at once and its form as soon as the code comes, or says why it cannot.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestCard } from '../../../../components/inbox/RequestCard';
import { now, span } from '../../../../components/shared/time';
import type { InboxItem } from '../../../../lib/state';
import { withActions } from '../withActions';

// The form's module comes only when the test lets it: first a failed fetch, then the module.
const chunk = vi.hoisted(() => {
  const gates: Array<{ open: () => void; fail: (error: Error) => void }> = [];
  return {
    gates,
    next: () => new Promise<void>((open, fail) => gates.push({ open, fail })),
    async settle(outcome: 'load' | Error) {
      await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
      const gate = gates.shift()!;
      if (outcome === 'load') gate.open();
      else gate.fail(outcome);
    },
  };
});
vi.mock('../../../../components/forms/RjsfSchemaForm', async (importOriginal) => {
  await chunk.next();
  return importOriginal();
});

afterEach(cleanup);

const request: InboxItem = {
  id: 'r1',
  kind: 'input',
  prompt: 'Which region?',
  url: null,
  data: { schema: { type: 'object', properties: { region: { type: 'string', title: 'Region' }, zone: { type: 'string', title: 'Zone' } } } },
  serverId: 's1',
  serverName: 'Deploys',
  askedAt: 1_000_000,
  expiresAt: 1_600_000,
};

describe('RequestCard before its form’s code is in', () => {
  it('shows the server, prompt, times and refusal with room for the form and working Decline, then the form, focused', async () => {
    now.value = 1_003_000;
    const onAnswer = vi.fn();
    render(<RequestCard request={request} refusal="The worker refused: zone is required." focus />, withActions({ answer: onAnswer }));
    const card = screen.getByRole('region', { name: 'Request from Deploys' });
    const keepsWhatItShows = () => {
      const text = card.textContent ?? '';
      expect(text).toContain('Deploys');
      expect(text).toContain('Which region?');
      expect(text).toContain(`waiting ${span(3_000)} · expires in ${span(600_000)}`);
      expect(text).toContain('The worker refused: zone is required.');
    };
    keepsWhatItShows();
    expect(card.querySelector('input')).toBeNull();
    expect(card.querySelector<HTMLElement>('.form-placeholder')?.style.height).toBe('104px');
    expect(card.querySelector('[aria-busy="true"]')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(onAnswer).toHaveBeenCalledWith({ id: 'r1', ok: false, reason: 'declined' });

    await act(() => chunk.settle(new Error('Failed to fetch dynamically imported module')));
    const failure = await vi.waitFor(() => within(card).getByText(/This form could not be loaded/));
    // vitest wraps the mock's error in its own; lazy.test.tsx pins that the cause is shown.
    expect(failure.textContent).toMatch(/could not be loaded \(.+\)/);
    keepsWhatItShows();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    await act(() => chunk.settle('load'));
    // The real form module loads now (rjsf and its widgets): seconds on a loaded machine, not vi.waitFor's 1 s.
    const field = await vi.waitFor(() => within(card).getByLabelText('Region'), { timeout: 15_000 });
    // Effects run after the frame: the form can be in the DOM a moment before focus moves.
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(card.querySelector('.form-placeholder, .load-failed')).toBeNull();
    keepsWhatItShows();
  });
});
