import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { ProtocolLogProps } from './ProtocolLog';

function Loading({ serverName, failure }: ProtocolLogProps & PlaceholderProps) {
  return <section aria-label={`Protocol log of ${serverName}`}>{failure ?? <p class="muted">Loading the protocol log…</p>}</section>;
}

/** The protocol log's view is its own chunk: most people never open it. */
export const LazyProtocolLog = lazyComponent<ProtocolLogProps>(
  () => t('lazy.part.protocolLog'),
  () => import('./ProtocolLog').then((module) => module.ProtocolLog),
  Loading,
);
