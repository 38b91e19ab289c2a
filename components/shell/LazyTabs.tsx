/**
 * Parts of the panel its first screen (the Inbox, with Requests waiting) does not show: each
 * loads as a chunk after the first render (entrypoints/sidepanel/main.tsx preloads them), so
 * the first load stays small. Servers and Welcome share their form in one chunk.
 */
import { t } from '@/lib/i18n';
import type { HelpProps } from './Help';
import type { HistoryTabProps } from '../history/HistoryTab';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { PromptsTabProps } from '../prompts/PromptsTab';
import type { ResourcesTabProps } from '../resources/ResourcesTab';
import type { ServersTabProps } from '../servers/ServersTab';
import type { ToolsTabProps } from '../tools/ToolsTab';
import type { WelcomeProps } from '../servers/Welcome';

function Loading({ failure }: PlaceholderProps) {
  return failure ?? <p class="muted">{t('shell.loading')}</p>;
}

export const LazyServersTab = lazyComponent<ServersTabProps>(
  () => t('lazy.part.serversTab'),
  () => import('../servers/ServersTab').then((module) => module.ServersTab),
  Loading,
);
export const LazyHistoryTab = lazyComponent<HistoryTabProps>(
  () => t('lazy.part.historyTab'),
  () => import('../history/HistoryTab').then((module) => module.HistoryTab),
  Loading,
);
export const LazyWelcome = lazyComponent<WelcomeProps>(
  () => t('lazy.part.welcome'),
  () => import('../servers/Welcome').then((module) => module.Welcome),
  Loading,
);
export const LazyHelp = lazyComponent<HelpProps>(
  () => t('lazy.part.help'),
  () => import('./Help').then((module) => module.Help),
  Loading,
);
export const LazyResourcesTab = lazyComponent<ResourcesTabProps>(
  () => t('lazy.part.resourcesTab'),
  () => import('../resources/ResourcesTab').then((module) => module.ResourcesTab),
  Loading,
);
export const LazyPromptsTab = lazyComponent<PromptsTabProps>(
  () => t('lazy.part.promptsTab'),
  () => import('../prompts/PromptsTab').then((module) => module.PromptsTab),
  Loading,
);
export const LazyToolsTab = lazyComponent<ToolsTabProps>(
  () => t('lazy.part.toolsTab'),
  () => import('../tools/ToolsTab').then((module) => module.ToolsTab),
  Loading,
);
