import { memo } from 'preact/compat';
import type { InboxItem } from '@/lib/state';
import { RequestCard } from './RequestCard';
import type { CardWindow } from './requestWindow';

export interface RequestGroupProps {
  /** One server's Requests, newest first. */
  requests: InboxItem[];
  refusals: Record<string, string>;
  focusId?: string;
  /** The Requests drawn whole (requestWindow.ts); the rest are frames reporting to `cards`. */
  shown: ReadonlySet<string>;
  cards: CardWindow;
}

/** One server's Requests under its name and origin: two servers may well share a name. */
export const RequestGroup = memo(function RequestGroup({ requests, refusals, focusId, shown, cards }: RequestGroupProps) {
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
          shown={shown.has(request.id)}
          cards={cards}
        />
      ))}
    </section>
  );
});
