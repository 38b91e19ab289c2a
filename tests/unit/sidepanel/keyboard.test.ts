import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenForShortcuts } from '../../../entrypoints/sidepanel/keyboard';

const selectTab = vi.fn();
beforeAll(() => listenForShortcuts({ selectTab, showHelp: vi.fn() }));
afterEach(() => {
  document.body.innerHTML = '';
  selectTab.mockClear();
});

const press = (key: string, target: EventTarget = document.body) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

describe('/ in the panel', () => {
  it('focuses the filter of the tab shown, its text selected to type over', () => {
    document.body.innerHTML = '<input id="find" value="old">';
    press('/');
    const filter = document.getElementById('find') as HTMLInputElement;
    expect(document.activeElement).toBe(filter);
    expect([filter.selectionStart, filter.selectionEnd]).toEqual([0, 3]);
    expect(selectTab).not.toHaveBeenCalled();
  });

  it('from a tab without one, goes to Tools and focuses its filter once it is drawn', async () => {
    press('/');
    expect(selectTab).toHaveBeenCalledWith('tools');
    document.body.innerHTML = '<input id="find">';
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('find'));
  });

  it('is typed, not taken, in a field', () => {
    document.body.innerHTML = '<textarea></textarea><input id="find">';
    const field = document.querySelector('textarea')!;
    field.focus();
    expect(press('/', field)).toBe(true);
    expect(document.activeElement).toBe(field);
  });
});
