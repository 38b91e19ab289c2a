/** The panel's tabs in order: what the tab bar shows, what keys 1–6 select, what an action can select. */
export type TabKey = 'inbox' | 'tools' | 'resources' | 'prompts' | 'servers' | 'history';

export const TABS: ReadonlyArray<{ key: TabKey; label: string }> = [
  { key: 'inbox', label: 'Inbox' },
  { key: 'tools', label: 'Tools' },
  { key: 'resources', label: 'Resources' },
  { key: 'prompts', label: 'Prompts' },
  { key: 'servers', label: 'Servers' },
  { key: 'history', label: 'History' },
];
