import { memo } from 'preact/compat';
import type { VisitView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { clock } from '../shared/time';

/** A URL Request the person opened and is finishing in a tab or window of its own. */
export const VisitCard = memo(function VisitCard({ visit }: { visit: VisitView }) {
  const { finishVisit } = useActions();
  return (
    <section tabIndex={-1} role="region" aria-label={`In progress for ${visit.serverName}`} class="card visit" aria-busy="true">
      <header>
        <strong>{visit.serverName}</strong>
        <span class="muted">opened {clock(visit.openedAt)}</span>
      </header>
      <p class="prompt">{visit.prompt}</p>
      <p class="muted">
        In progress
        {visit.domain && (
          <>
            {' '}
            at <strong>{visit.domain}</strong>
          </>
        )}
        : finish in the {visit.mode === 'tab' ? 'tab' : 'window'} that opened. When you are done there, the server carries on.
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => finishVisit(visit.requestId)}>
          Retry
        </button>
      </div>
    </section>
  );
});
