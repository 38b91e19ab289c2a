/**
 * Parts of the panel its first screen (the Inbox, with Requests waiting) does not show: each
 * loads as a chunk after the first render (entrypoints/sidepanel/main.tsx preloads them), so
 * the first load stays small. Servers and Welcome share their form in one chunk.
 */
import type { HelpProps } from './Help';
import type { HistoryTabProps } from './HistoryTab';
import { lazyComponent, type PlaceholderProps } from './lazy';
import type { ServersTabProps } from './ServersTab';
import type { WelcomeProps } from './Welcome';

function Loading({ failure }: PlaceholderProps) {
  return failure ?? <p class="muted">Loading…</p>;
}

export const LazyServersTab = lazyComponent<ServersTabProps>(
  'The Servers tab',
  () => import('./ServersTab').then((module) => module.ServersTab),
  Loading,
);
export const LazyHistoryTab = lazyComponent<HistoryTabProps>(
  'The History tab',
  () => import('./HistoryTab').then((module) => module.HistoryTab),
  Loading,
);
export const LazyWelcome = lazyComponent<WelcomeProps>('The welcome', () => import('./Welcome').then((module) => module.Welcome), Loading);
export const LazyHelp = lazyComponent<HelpProps>('Help', () => import('./Help').then((module) => module.Help), Loading);
