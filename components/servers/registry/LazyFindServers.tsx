import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../../shared/lazy';
import type { FindServersProps } from './FindServers';

function Loading({ failure }: FindServersProps & PlaceholderProps) {
  return failure ?? <p class="muted">Loading the registry search…</p>;
}

/** The registry search and server.json import are a chunk of their own: the welcome and the Servers tab draw first without them. */
export const LazyFindServers = lazyComponent<FindServersProps>(
  () => t('lazy.part.registrySearch'),
  () => import('./FindServers').then((module) => module.FindServers),
  Loading,
);
