/** What the panel around an app gives it (`AppsContext`), and what its slot is given. */
import { createContext } from 'preact';
import type { CallView, ServerView } from '@/lib/state';
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
