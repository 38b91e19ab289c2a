import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../../../../components/shell/Tabs';

afterEach(cleanup);

const TABS = [
  { key: 'inbox', label: 'Inbox', count: 2 },
  { key: 'tools', label: 'Tools' },
  { key: 'history', label: 'History' },
];

function show(selected = 'tools') {
  const onSelect = vi.fn();
  render(
    <Tabs tabs={TABS} selected={selected} onSelect={onSelect}>
      <p>content</p>
    </Tabs>,
  );
  return onSelect;
}

describe('Tabs', () => {
  it('is a tablist whose panel is named by the selected tab', () => {
    show();
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(screen.getByRole('tabpanel', { name: 'Tools' }).textContent).toBe('content');
  });

  it.each([
    ['ArrowRight', 'history'],
    ['ArrowLeft', 'inbox'],
    ['Home', 'inbox'],
    ['End', 'history'],
  ])('moves with %s', (key, expected) => {
    const onSelect = show();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Tools' }), { key });
    expect(onSelect).toHaveBeenCalledWith(expected);
  });

  it('wraps around from the last tab', () => {
    const onSelect = show('history');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'History' }), { key: 'ArrowRight' });
    expect(onSelect).toHaveBeenCalledWith('inbox');
  });
});
