import type { PendingRequest } from '@/lib/inbox';
import type { Answer } from '@/lib/request';
import { SchemaForm } from './SchemaForm';

export interface RequestCardProps {
  request: PendingRequest;
  now: number;
  /** Why the worker refused the last Answer, if it did. */
  refusal?: string;
  onAnswer: (answer: Answer) => void;
  onOpen: (requestId: string) => void;
}

const clock = (time: number) => new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function minutes(ms: number): string {
  const total = Math.max(0, Math.round(ms / 60_000));
  return total < 1 ? 'under a minute' : `${total} min`;
}

/**
 * One pending Request. It always names the server that asks and when (spec
 * client/elicitation: the client MUST make clear which server is requesting).
 */
export function RequestCard({ request, now, refusal, onAnswer, onOpen }: RequestCardProps) {
  const { id, serverName } = request;
  const decline = () => onAnswer({ id, ok: false, reason: 'declined' });
  const cancel = () => onAnswer({ id, ok: false, reason: 'cancelled' });
  const secondary = (
    <>
      <button type="button" class="secondary" onClick={decline}>
        Decline
      </button>
      <button type="button" class="secondary" onClick={cancel}>
        Cancel
      </button>
    </>
  );

  return (
    <section role="region" aria-label={`Request from ${serverName}`} class="card request">
      <header>
        <strong class="server">{serverName}</strong>
        <span class="muted">
          asked {clock(request.askedAt)}
          {request.expiresAt !== null && <> · expires in {minutes(request.expiresAt - now)}</>}
        </span>
      </header>
      <p class="prompt">{request.prompt}</p>
      {refusal && (
        <p role="alert" class="error">
          {refusal}
        </p>
      )}
      {request.kind === 'input' ? (
        <SchemaForm
          idPrefix={id}
          schema={request.data?.schema ?? { type: 'object', properties: {} }}
          onSubmit={(data) => onAnswer({ id, ok: true, data })}
        >
          <div class="actions">
            <button type="submit">Submit</button>
            {secondary}
          </div>
        </SchemaForm>
      ) : (
        <>
          {/* spec: show the full URL before consent, as text, never as a link. */}
          <p class="url">
            <code>{request.url}</code>
          </p>
          <div class="actions">
            <button type="button" onClick={() => onOpen(id)}>
              Open
            </button>
            {secondary}
          </div>
        </>
      )}
    </section>
  );
}
