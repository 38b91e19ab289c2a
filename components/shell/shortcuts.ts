/** The panel's keys: what each single key does (Help lists them in shortcutHelp.ts, a lazy part's, so the list's words stay off the first load). */
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
