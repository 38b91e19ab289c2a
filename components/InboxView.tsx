import type { PendingRequest } from '@/lib/inbox';
import type { Answer } from '@/lib/request';
import { RequestCard } from './RequestCard';

export interface InboxViewProps {
  inbox: PendingRequest[];
  now: number;
  refusals: Record<string, string>;
  /** The Request that should take focus. */
  focusId?: string;
  onAnswer: (answer: Answer) => void;
  onOpen: (requestId: string) => void;
}

/** Pending Requests grouped by the server that asks, newest first. */
export function InboxView({ inbox, now, refusals, focusId, onAnswer, onOpen }: InboxViewProps) {
  if (inbox.length === 0) return <p class="empty muted">No server is waiting on you.</p>;
  const groups = new Map<string, PendingRequest[]>();
  for (const request of [...inbox].sort((a, b) => b.askedAt - a.askedAt)) {
    groups.set(request.serverId, [...(groups.get(request.serverId) ?? []), request]);
  }
  return (
    <>
      {[...groups.values()].map((requests) => (
        <section key={requests[0]!.serverId} class="group" aria-label={`Requests from ${requests[0]!.serverName}`}>
          <h2>
            {requests[0]!.serverName} <span class="count">{requests.length}</span>
          </h2>
          {requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              now={now}
              refusal={refusals[request.id]}
              focus={request.id === focusId}
              onAnswer={onAnswer}
              onOpen={onOpen}
            />
          ))}
        </section>
      ))}
    </>
  );
}
