/** The panel's keys: one table for what the keys do and what Help lists. */
import { TABS, type TabKey } from '../shared/tabs';

export type ShortcutAction = { type: 'tab'; tab: TabKey } | { type: 'help' } | { type: 'request'; step: 1 | -1 } | { type: 'find' };

/** Single keys, taken only when no field has focus (typing stays typing). */
const KEYS = new Map<string, ShortcutAction>([
  ['?', { type: 'help' }],
  ['/', { type: 'find' }],
  ['j', { type: 'request', step: 1 }],
  ['k', { type: 'request', step: -1 }],
  ...TABS.map(({ key }, index) => [String(index + 1), { type: 'tab', tab: key }] as const),
]);

export const shortcutFor = (key: string): ShortcutAction | undefined => KEYS.get(key);

/** What Help lists: the keys above, then the keys the page's own controls already answer. */
export const shortcutHelp = (): ReadonlyArray<{ keys: string[]; does: string }> => [
  { keys: ['?'], does: 'Show this help' },
  { keys: ['1–6'], does: `Go to a tab: ${TABS.map(({ label }, index) => `${index + 1} ${label()}`).join(', ')}` },
  { keys: ['j', 'k'], does: 'Next or previous request in the Inbox' },
  { keys: ['/'], does: 'Filter tools, resources or prompts' },
  { keys: ['↓', '↑'], does: 'From the filter into its list, and along it' },
  { keys: ['Enter'], does: 'On an item of the list: open its form' },
  { keys: ['Esc'], does: 'Clear the filter; from the list, back to it' },
  { keys: ['Tab'], does: "Move through a request's fields and its buttons (Submit, Decline, Cancel, Open)" },
  { keys: ['Enter'], does: 'Press the focused button; in a form field, submit the form' },
  { keys: ['←', '→'], does: 'On the tab list: the tab before or after' },
  { keys: ['Esc'], does: "Close this help; leave an app's full panel" },
];
