import { memo } from 'preact/compat';
import { formatNumber, t } from '@/lib/i18n';
import type { InboxItem } from '@/lib/state';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { RequestCard } from './RequestCard';
import { RequestGap } from './RequestGap';
import type { CardWindow } from './requestWindow';

export interface RequestGroupProps {
  /** One server's Requests, newest first. */
  requests: InboxItem[];
  refusals: Record<string, string>;
  focusId?: string;
  /** The Requests whose cards are drawn (requestWindow.ts); each run of the others is one gap. */
  shown: ReadonlySet<string>;
  cards: CardWindow;
}

/** The group's cards in order, each run of Requests not drawn as one gap. */
function runs(requests: InboxItem[], shown: ReadonlySet<string>): Array<InboxItem | InboxItem[]> {
  const out: Array<InboxItem | InboxItem[]> = [];
  for (const request of requests) {
    if (shown.has(request.id)) out.push(request);
    else if (Array.isArray(out.at(-1))) (out.at(-1) as InboxItem[]).push(request);
    else out.push([request]);
  }
  return out;
}

/** One server's Requests under its name and origin: two servers may well share a name. */
export const RequestGroup = memo(function RequestGroup({ requests, refusals, focusId, shown, cards }: RequestGroupProps) {
  const { serverName, serverOrigin } = requests[0]!;
  return (
    <section class="group" aria-label={t('inbox.group.label', { server: serverName })}>
      <h2>
        <Foreign text={serverName} /> {serverOrigin && <ForeignCode class="origin">{serverOrigin}</ForeignCode>}{' '}
        <span class="count">{formatNumber(requests.length)}</span>
      </h2>
      {runs(requests, shown).map((item) =>
        Array.isArray(item) ? (
          <RequestGap key={`gap-${item[0]!.id}`} requests={item} cards={cards} />
        ) : (
          <RequestCard key={item.id} request={item} refusal={refusals[item.id]} focus={item.id === focusId} />
        ),
      )}
    </section>
  );
});
