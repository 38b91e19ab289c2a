import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { ProtocolLogProps } from './ProtocolLog';

function Loading({ serverName, failure }: ProtocolLogProps & PlaceholderProps) {
  return (
    <section aria-label={t('servers.protocolLog.label', { server: serverName })}>
      {failure ?? <p class="muted">{t('servers.protocolLog.loading')}</p>}
    </section>
  );
}

/** The protocol log's view is its own chunk: most people never open it. */
export const LazyProtocolLog = lazyComponent<ProtocolLogProps>(
  () => t('lazy.part.protocolLog'),
  () => import('./serverParts').then((module) => module.ProtocolLog),
  Loading,
);
