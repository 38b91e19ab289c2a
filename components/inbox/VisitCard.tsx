import { memo } from 'preact/compat';
import { t } from '@/lib/i18n';
import type { VisitView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { Foreign, ForeignUrl } from '../shared/Foreign';
import { Message } from '../shared/Message';
import { clock } from '../shared/time';

/** Where the visit goes on, and at which site: one whole sentence each, the site an element in it. */
function Progress({ visit }: { visit: VisitView }) {
  if (!visit.domain) return <>{visit.mode === 'tab' ? t('inbox.visit.inTab') : t('inbox.visit.inWindow')}</>;
  const site = (
    <strong>
      <ForeignUrl>{visit.domain}</ForeignUrl>
    </strong>
  );
  return visit.mode === 'tab' ? <Message id="inbox.visit.inTabAt" values={{ site }} /> : <Message id="inbox.visit.inWindowAt" values={{ site }} />;
}

/** A URL Request the person opened and is finishing in a tab or window of its own. */
export const VisitCard = memo(function VisitCard({ visit }: { visit: VisitView }) {
  const { finishVisit } = useActions();
  return (
    <section tabIndex={-1} role="region" aria-label={t('inbox.visit.label', { server: visit.serverName })} class="card visit" aria-busy="true">
      <header>
        <strong>
          <Foreign text={visit.serverName} />
        </strong>
        <span class="muted">{t('inbox.visit.opened', { time: clock(visit.openedAt) })}</span>
      </header>
      <p class="prompt" dir="auto" data-from="server">
        {visit.prompt}
      </p>
      <p class="muted">
        <Progress visit={visit} />
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => finishVisit(visit.requestId)}>
          {t('inbox.visit.retry')}
        </button>
      </div>
    </section>
  );
});
