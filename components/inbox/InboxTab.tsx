import { memo } from 'preact/compat';
import type { VisitView, InboxItem, NoticeView, OpenMode } from '@/lib/state';
import type { Answer } from '@/lib/request';
import { RequestCard } from './RequestCard';
import { clock } from '../shell/time';

export interface InboxTabProps {
  inbox: InboxItem[];
  visits: VisitView[];
  notices: NoticeView[];
  refusals: Record<string, string>;
  /** The Request that should take focus. */
  focusId?: string;
  onAnswer: (answer: Answer) => void;
  onOpen: (requestId: string, mode: OpenMode) => void;
  onFinishVisit: (requestId: string) => void;
  onDismissNotice: (id: string) => void;
  /** The names of the connected servers, for the empty Inbox to say where to go. */
  connectedServers: string[];
  onSelectTab: (tab: 'tools' | 'servers') => void;
}

const VisitCard = memo(function VisitCard({ visit, onFinish }: { visit: VisitView; onFinish: (requestId: string) => void }) {
  return (
    <section role="region" aria-label={`In progress for ${visit.serverName}`} class="card visit" aria-busy="true">
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
        <button type="button" class="secondary" onClick={() => onFinish(visit.requestId)}>
          Retry
        </button>
      </div>
    </section>
  );
});

const NOTICE_LABEL = { refused: 'Refused for', withdrawn: 'Withdrawn by', lost: 'Lost from', unsaved: 'Not saved in History for' } as const;
const NOTICE_VERB = { refused: 'refused', withdrawn: 'withdrawn', lost: 'lost', unsaved: 'answered' } as const;

/** A Request the person did not get to answer, and why; nothing here can be sent any more. */
const NoticeCard = memo(function NoticeCard({ notice, onDismiss }: { notice: NoticeView; onDismiss: (id: string) => void }) {
  return (
    <section role="region" aria-label={`${NOTICE_LABEL[notice.kind]} ${notice.serverName}`} class={`card notice notice-${notice.kind}`}>
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
      <p role="alert" class="error">
        {notice.reason}
      </p>
      <div class="actions">
        <button type="button" class="secondary" onClick={() => onDismiss(notice.id)}>
          Dismiss
        </button>
      </div>
    </section>
  );
});

/** Nothing waits: which servers could ask, and where their tools are. */
function EmptyInbox({ connectedServers, onSelectTab }: Pick<InboxTabProps, 'connectedServers' | 'onSelectTab'>) {
  const count = connectedServers.length;
  return (
    <div class="empty muted">
      <p>No server is waiting on you.</p>
      {count > 0 ? (
        <p>
          Connected: <span class="names">{connectedServers.join(', ')}</span>. Run {count === 1 ? 'its' : 'their'} tools on the{' '}
          <button type="button" class="link" onClick={() => onSelectTab('tools')}>
            Tools
          </button>{' '}
          tab; what they ask of you comes here.
        </p>
      ) : (
        <p>
          No server is connected: see the{' '}
          <button type="button" class="link" onClick={() => onSelectTab('servers')}>
            Servers
          </button>{' '}
          tab.
        </p>
      )}
    </div>
  );
}

interface GroupProps extends Pick<InboxTabProps, 'refusals' | 'focusId' | 'onAnswer' | 'onOpen'> {
  /** One server's Requests, newest first. */
  requests: InboxItem[];
}

/** One server's Requests under its name and origin: two servers may well share a name. */
const RequestGroup = memo(function RequestGroup({ requests, refusals, focusId, onAnswer, onOpen }: GroupProps) {
  const { serverName, serverOrigin } = requests[0]!;
  return (
    <section class="group" aria-label={`Requests from ${serverName}`}>
      <h2>
        {serverName} {serverOrigin && <code class="origin">{serverOrigin}</code>} <span class="count">{requests.length}</span>
      </h2>
      {requests.map((request) => (
        <RequestCard
          key={request.id}
          request={request}
          refusal={refusals[request.id]}
          focus={request.id === focusId}
          onAnswer={onAnswer}
          onOpen={onOpen}
        />
      ))}
    </section>
  );
});

/** Pending Requests grouped by the server that asks, newest first in each group. */
export const InboxTab = memo(function InboxTab({
  inbox,
  visits,
  notices,
  refusals,
  focusId,
  onAnswer,
  onOpen,
  onFinishVisit,
  onDismissNotice,
  connectedServers,
  onSelectTab,
}: InboxTabProps) {
  const above = (
    <>
      {notices.map((notice) => (
        <NoticeCard key={notice.id} notice={notice} onDismiss={onDismissNotice} />
      ))}
      {visits.map((visit) => (
        <VisitCard key={visit.requestId} visit={visit} onFinish={onFinishVisit} />
      ))}
    </>
  );
  if (inbox.length === 0) {
    return (
      <>
        {above}
        {visits.length === 0 && notices.length === 0 && <EmptyInbox connectedServers={connectedServers} onSelectTab={onSelectTab} />}
      </>
    );
  }
  // Newest first within a server's group; groups in the order their servers first asked, so a
  // new Request never moves the card someone is typing in (a moved field loses focus).
  const groups = new Map<string, InboxItem[]>();
  for (const request of [...inbox].sort((a, b) => a.askedAt - b.askedAt)) {
    const group = groups.get(request.serverId);
    if (group) group.push(request);
    else groups.set(request.serverId, [request]);
  }
  for (const group of groups.values()) group.reverse();
  return (
    <>
      {above}
      {[...groups.values()].map((requests) => (
        <RequestGroup key={requests[0]!.serverId} requests={requests} refusals={refusals} focusId={focusId} onAnswer={onAnswer} onOpen={onOpen} />
      ))}
    </>
  );
});
