/** The panel's tabs in order: what the tab bar shows, what keys 1–6 select, what an action can select. */
import { t } from '@/lib/i18n';

export type TabKey = 'inbox' | 'tools' | 'resources' | 'prompts' | 'servers' | 'history';

/** Each tab's name is asked for when it is shown, in the language of the moment (never at import). */
export const TABS: ReadonlyArray<{ key: TabKey; label: () => string }> = [
  { key: 'inbox', label: () => t('tabs.inbox') },
  { key: 'tools', label: () => t('tabs.tools') },
  { key: 'resources', label: () => t('tabs.resources') },
  { key: 'prompts', label: () => t('tabs.prompts') },
  { key: 'servers', label: () => t('tabs.servers') },
  { key: 'history', label: () => t('tabs.history') },
];
