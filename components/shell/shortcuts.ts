/** The panel's keys: one table for what the keys do and what Help lists. */
import { t } from '@/lib/i18n';
import { formatList } from '@/lib/i18n/format';
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

/**
 * What Help lists: the keys above, then the keys the page's own controls already answer. The
 * keys as the keyboard labels them (Enter, Esc, Tab have names of their own in some languages).
 */
export const shortcutHelp = (): ReadonlyArray<{ keys: string[]; does: string }> => [
  { keys: ['?'], does: t('keyboard.help') },
  {
    keys: ['1–6'],
    does: t('keyboard.tabs', { tabs: formatList(TABS.map(({ label }, index) => t('keyboard.tab', { number: index + 1, name: label() }))) }),
  },
  { keys: ['j', 'k'], does: t('keyboard.requests') },
  { keys: ['/'], does: t('keyboard.filter') },
  { keys: ['↓', '↑'], does: t('keyboard.intoList') },
  { keys: [t('keyboard.key.enter')], does: t('keyboard.openItem') },
  { keys: [t('keyboard.key.escape')], does: t('keyboard.clearFilter') },
  { keys: [t('keyboard.key.tab')], does: t('keyboard.throughRequest') },
  { keys: [t('keyboard.key.enter')], does: t('keyboard.pressButton') },
  { keys: ['←', '→'], does: t('keyboard.alongTabs') },
  { keys: [t('keyboard.key.escape')], does: t('keyboard.closeHelp') },
];
