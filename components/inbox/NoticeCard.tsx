import { memo } from 'preact/compat';
import type { NoticeView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { clock } from '../shared/time';

const NOTICE_LABEL = { refused: 'Refused for', withdrawn: 'Withdrawn by', lost: 'Lost from', unsaved: 'Not saved in History for' } as const;
const NOTICE_VERB = { refused: 'refused', withdrawn: 'withdrawn', lost: 'lost', unsaved: 'answered' } as const;

/** A Request the person did not get to answer, and why; nothing here can be sent any more. */
export const NoticeCard = memo(function NoticeCard({ notice }: { notice: NoticeView }) {
  const { dismissNotice } = useActions();
  return (
    <section tabIndex={-1} role="region" aria-label={`${NOTICE_LABEL[notice.kind]} ${notice.serverName}`} class={`card notice notice-${notice.kind}`}>
      <header>
        <strong>{notice.serverName}</strong>
        <span class="muted">
          {NOTICE_VERB[notice.kind]} {clock(notice.at)}
        </span>
      </header>
      <p class="prompt">{notice.prompt}</p>
      {notice.url && (
        <p class="url">
          <code>{notice.url}</code>
        </p>
      )}
      {/* Said once by components/announcer as it arrives; an alert would be said again each time the Inbox is drawn. */}
      <p class="error">{notice.reason}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => dismissNotice(notice.id)}>
          Dismiss
        </button>
      </div>
    </section>
  );
});
