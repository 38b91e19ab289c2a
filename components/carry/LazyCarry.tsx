import { t } from '@/lib/i18n';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { CarryProps } from './Carry';

function Loading({ failure }: CarryProps & PlaceholderProps) {
  return <section class="card carry">{failure ?? <p class="muted">{t('sync.loading')}</p>}</section>;
}

/**
 * What moves with the person (sync, the sealed backup, session files) is a chunk of its own, the
 * one entry point the Servers tab draws, in the Servers tab's parts' chunk (serverParts.ts): never on first load.
 */
export const LazyCarry = lazyComponent<CarryProps>(
  () => t('lazy.part.carry'),
  () => import('../servers/serverParts').then((module) => module.Carry),
  Loading,
);
