import { memo } from 'preact/compat';
import { useRef } from 'preact/hooks';
import type { HubState } from '@/lib/state';
import { announcements } from './announcements';

/** The last few sentences stay in the log: a screen reader hears what is added, and a person can read back the recent ones. */
const KEPT = 3;

export interface AnnouncementsProps {
  state: HubState;
  /** The state news is counted from: the first the panel drew. */
  since: HubState;
}

/** The log's sentences (announcements.ts decides them), oldest first. */
export const Announcements = memo(function Announcements({ state, since }: AnnouncementsProps) {
  const last = useRef(since);
  const log = useRef<Array<{ key: number; text: string }>>([]);
  const count = useRef(0);
  // Rendered once per new state (memo): the sentences are worked out as the state is drawn.
  if (last.current !== state) {
    const added = announcements(last.current, state).map((text) => ({ key: ++count.current, text }));
    if (added.length > 0) log.current = [...log.current, ...added].slice(-KEPT);
    last.current = state;
  }
  return (
    <>
      {log.current.map(({ key, text }) => (
        <p key={key}>{text}</p>
      ))}
    </>
  );
});
