import { useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { HubState } from '@/lib/state';
import { lazyComponent, type PlaceholderProps } from '../shared/lazy';
import type { AnnouncementsProps } from './Announcements';

/** Nothing said until the code is in; what happened meanwhile is said then (Announcer counts from its first state). */
const Nothing = ({ failure }: AnnouncementsProps & PlaceholderProps) => failure;

/** What decides the words, a chunk of its own: none of it is needed for the panel's first screen. */
const Announcements = lazyComponent<AnnouncementsProps>(
  () => t('lazy.part.announcements'),
  () => import('./Announcements').then((module) => module.Announcements),
  Nothing,
);

/**
 * The panel's one live region: a polite log, out of sight, on the page from the first state on
 * (a region that arrives with its words is not read by every screen reader). Each sentence is
 * added to it, so that one is read even when it repeats the last word for word. What changed
 * since the first state it saw is news, however late after it the code of the words comes in.
 */
export function Announcer({ state }: { state: HubState }) {
  const since = useRef(state);
  return (
    <div class="sr-only" role="log" aria-live="polite">
      <Announcements state={state} since={since.current} />
    </div>
  );
}
