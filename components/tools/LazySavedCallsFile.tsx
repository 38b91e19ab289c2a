import { t } from '@/lib/i18n';
import { lazyComponent } from '../shared/lazy';
import type { SavedCallsFileProps } from './SavedCallsFile';

/** Saved calls in and out of a file: a chunk of its own, preloaded with the tabs; nothing shows until it is in. */
export const LazySavedCallsFile = lazyComponent<SavedCallsFileProps>(
  () => t('lazy.part.savedCalls'),
  () => import('./SavedCallsFile').then((module) => module.SavedCallsFile),
  () => null,
);
