import { memo } from 'preact/compat';
import { t } from '@/lib/i18n';
import type { NoticeView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { clock } from '../shared/time';

type Kind = NoticeView['kind'];
/** The card's name for a screen reader: what happened, and to which server's Request. */
const LABEL: Record<Kind, (server: string) => string> = {
  refused: (server) => t('inbox.notice.refused.label', { server }),
  withdrawn: (server) => t('inbox.notice.withdrawn.label', { server }),
  lost: (server) => t('inbox.notice.lost.label', { server }),
  unsaved: (server) => t('inbox.notice.unsaved.label', { server }),
};
/** What happened, and when. */
const WHEN: Record<Kind, (time: string) => string> = {
  refused: (time) => t('inbox.notice.refused.when', { time }),
  withdrawn: (time) => t('inbox.notice.withdrawn.when', { time }),
  lost: (time) => t('inbox.notice.lost.when', { time }),
  unsaved: (time) => t('inbox.notice.unsaved.when', { time }),
};

/** A Request the person did not get to answer, and why; nothing here can be sent any more. */
export const NoticeCard = memo(function NoticeCard({ notice }: { notice: NoticeView }) {
  const { dismissNotice } = useActions();
  return (
    <section tabIndex={-1} role="region" aria-label={LABEL[notice.kind](notice.serverName)} class={`card notice notice-${notice.kind}`}>
      <header>
        <strong>
          <Foreign text={notice.serverName} />
        </strong>
        <span class="muted">{WHEN[notice.kind](clock(notice.at))}</span>
      </header>
      <p class="prompt" dir="auto" data-from="server">
        {notice.prompt}
      </p>
      {notice.url && (
        <p class="url">
          <ForeignCode>{notice.url}</ForeignCode>
        </p>
      )}
      {/* Said once by components/announcer as it arrives; an alert would be said again each time the Inbox is drawn. */}
      <p class="error">{notice.reason}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => dismissNotice(notice.id)}>
          {t('shell.dismiss')}
        </button>
      </div>
    </section>
  );
});
