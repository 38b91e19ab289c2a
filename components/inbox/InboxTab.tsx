import { memo } from 'preact/compat';
import { useMemo } from 'preact/hooks';
import type { VisitView, InboxItem, NoticeView } from '@/lib/state';
import { EmptyInbox } from './EmptyInbox';
import { useFocusAfterCard } from './focusAfterCard';
import { NoticeCard } from './NoticeCard';
import { RequestGroup } from './RequestGroup';
import { useRequestWindow } from './requestWindow';
import { VisitCard } from './VisitCard';

export interface InboxTabProps {
  inbox: InboxItem[];
  visits: VisitView[];
  notices: NoticeView[];
  refusals: Record<string, string>;
  /** The Request that should take focus. */
  focusId?: string;
  /** The names of the connected servers, for the empty Inbox to say where to go. */
  connectedServers: string[];
  /** False while another tab is shown (the Inbox stays mounted while an app asks): nothing is measured or focused. */
  shown?: boolean;
}

/** Pending Requests grouped by the server that asks, newest first in each group. */
export const InboxTab = memo(function InboxTab({
  inbox,
  visits,
  notices,
  refusals,
  focusId,
  connectedServers,
  shown: visible = true,
}: InboxTabProps) {
  const groups = useMemo(() => groupByServer(inbox), [inbox]);
  const { shown, cards, list } = useRequestWindow(groups, focusId, visible);
  useFocusAfterCard(visible);
  const above = (
    <>
      {notices.map((notice) => (
        <NoticeCard key={notice.id} notice={notice} />
      ))}
      {visits.map((visit) => (
        <VisitCard key={visit.requestId} visit={visit} />
      ))}
    </>
  );
  if (inbox.length === 0) {
    return (
      <>
        {above}
        {visits.length === 0 && notices.length === 0 && <EmptyInbox connectedServers={connectedServers} />}
      </>
    );
  }
  return (
    <>
      {above}
      <div ref={list} class="requests">
        {groups.map((requests) => (
          <RequestGroup key={requests[0]!.serverId} requests={requests} refusals={refusals} focusId={focusId} shown={shown} cards={cards} />
        ))}
      </div>
    </>
  );
});

/**
 * Newest first within a server's group; groups in the order their servers first asked, so a
 * new Request never moves the card someone is typing in (a moved field loses focus).
 */
function groupByServer(inbox: InboxItem[]): InboxItem[][] {
  const groups = new Map<string, InboxItem[]>();
  for (const request of [...inbox].sort((a, b) => a.askedAt - b.askedAt)) {
    const group = groups.get(request.serverId);
    if (group) group.push(request);
    else groups.set(request.serverId, [request]);
  }
  return [...groups.values()].map((group) => group.reverse());
}
