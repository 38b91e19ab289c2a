import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { ServerLogProps } from './ServerLog';

function Closed({ logs, failure }: ServerLogProps & PlaceholderProps) {
  return (
    <details class="server-log">
      <summary>Server log ({logs?.length ?? 0})</summary>
      {failure}
    </details>
  );
}

/** The server log's view (and its level choice) is a chunk of its own; its closed summary shows at once. */
export const LazyServerLog = lazyComponent<ServerLogProps>(
  () => t('lazy.part.serverLog'),
  () => import('./ServerLog').then((module) => module.ServerLog),
  Closed,
);
