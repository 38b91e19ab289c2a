import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CallResult } from '../../../../components/results/CallResult';
import type { CallView } from '../../../../lib/state';
import { withActions } from '../withActions';

afterEach(cleanup);

const call = (overrides: Partial<CallView>): CallView => ({
  id: 'a1',
  kind: 'tool',
  serverId: 's1',
  tool: 'huge_result',
  args: {},
  startedAt: 0,
  endedAt: 10,
  status: 'done',
  result: { content: [{ type: 'text', text: 'xxx… (69 more characters not shown)' }] },
  ...overrides,
});

describe('A result the worker cut to fit the panel', () => {
  it('says what was cut, beside the result', () => {
    render(<CallResult call={call({ cuts: ['texts longer than 1,000,000 characters were shortened'] })} serverName="Blinding" />, withActions());
    expect(screen.getByRole('note').textContent).toBe('Too big to show whole: texts longer than 1,000,000 characters were shortened.');
  });

  it('says nothing when nothing was cut', () => {
    render(<CallResult call={call({})} serverName="Blinding" />, withActions());
    expect(screen.queryByRole('note')).toBeNull();
  });
});
