/**
 * An app's parts in a result, a chunk of their own that only a result with an app loads: the slot
 * (components/apps/AppSlot.tsx), with the app itself behind it, and the log of the calls it made.
 * The panel's first load and the first part of its catalog carry neither their code nor their words.
 */
import { t } from '@/lib/i18n';
import { lazyComponent } from '../shared/lazy';
import type { AppCallsLogProps } from './AppCallsLog';
import type { AppSlotProps } from './context';

export const LazyAppSlot = lazyComponent<AppSlotProps>(
  () => t('lazy.part.app'),
  () => import('./AppSlot').then((module) => module.AppSlot),
  ({ failure }) => failure,
);

/** What an app asked its server, which exists only once an app has run. */
export const LazyAppCallsLog = lazyComponent<AppCallsLogProps>(
  () => t('lazy.part.app'),
  // The slot's chunk: an app's calls are shown only under its slot, and one chunk costs less than two.
  () => import('./AppSlot').then((module) => module.AppCallsLog),
  ({ failure }) => failure,
);
