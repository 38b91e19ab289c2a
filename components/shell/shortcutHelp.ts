/** The keys Help lists: shortcuts.ts's single keys, then the keys the page's own controls already answer. */
import { t } from '@/lib/i18n';
import { formatList } from '@/lib/i18n/format';
import { TABS } from '../shared/tabs';

/**
 * The keys as the keyboard labels them (Enter, Esc, Tab have names of their own in some languages:
 * `named`, from the catalog; the others are the characters on the keys, never translated).
 */
export const shortcutHelp = (): ReadonlyArray<{ keys: string[]; does: string; named?: boolean }> => [
  { keys: ['?'], does: t('keyboard.help') },
  {
    keys: ['1–6'],
    does: t('keyboard.tabs', { tabs: formatList(TABS.map(({ label }, index) => t('keyboard.tab', { number: index + 1, name: label() }))) }),
  },
  { keys: ['j', 'k'], does: t('keyboard.requests') },
  { keys: ['/'], does: t('keyboard.filter') },
  { keys: ['↓', '↑'], does: t('keyboard.intoList') },
  { keys: [t('keyboard.key.enter')], does: t('keyboard.openItem'), named: true },
  { keys: [t('keyboard.key.escape')], does: t('keyboard.clearFilter'), named: true },
  { keys: [t('keyboard.key.tab')], does: t('keyboard.throughRequest'), named: true },
  { keys: [t('keyboard.key.enter')], does: t('keyboard.pressButton'), named: true },
  { keys: ['←', '→'], does: t('keyboard.alongTabs') },
  { keys: [t('keyboard.key.escape')], does: t('keyboard.closeHelp'), named: true },
];
