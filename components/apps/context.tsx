/**
 * What the panel around an app gives it (`AppsContext`), and the app's parts, each a chunk of its
 * own that only a result with an app loads: the slot (components/apps/AppSlot.tsx), with the app
 * itself behind it, and the log of the calls it made.
 */
import { t } from '@/lib/i18n';
import { createContext } from 'preact';
import type { CallView, ServerView } from '@/lib/state';
import { lazyComponent } from '../shared/lazy';
import type { AppCallsLogProps } from './AppCallsLog';
import type { AppPorts } from './session';

export type { AppPorts } from './session';

/** What an app's card needs of the panel around it; absent, no app is shown (e.g. in tests). */
export interface AppsContextValue {
  ports: AppPorts;
  server: (serverId: string) => ServerView | undefined;
}

export const AppsContext = createContext<AppsContextValue | null>(null);

export interface AppSlotProps {
  call: CallView;
  /** Started at once; otherwise behind a button, so old results do not all run their apps. */
  open: boolean;
}

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
