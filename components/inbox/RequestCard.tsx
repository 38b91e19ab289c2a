import { memo } from 'preact/compat';
import { useEffect, useRef } from 'preact/hooks';
import type { InboxItem } from '@/lib/state';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';
import { clock, Clocked, span } from '../shared/time';
import { UrlConsent } from '../content/UrlConsent';

export interface RequestCardProps {
  request: InboxItem;
  /** Why the worker refused the last Answer, if it did. */
  refusal?: string;
  /** Take focus on mount (a new Request, or one whose notification was clicked). */
  focus?: boolean;
}

const TYPING = new Set(['TEXTAREA', 'BUTTON', 'A', 'SUMMARY']);

/**
 * One pending Request. It always names the server that asks, when, and until when
 * (spec client/elicitation: the client MUST make clear which server is requesting).
 * Enter submits a form, Escape cancels.
 */
export const RequestCard = memo(function RequestCard({ request, refusal, focus }: RequestCardProps) {
  const { answer, openUrl } = useActions();
  const { id, serverName, serverOrigin, askedAt, expiresAt } = request;
  const region = useRef<HTMLElement>(null);
  const decline = () => answer({ id, ok: false, reason: 'declined' });
  const cancel = () => answer({ id, ok: false, reason: 'cancelled' });
  const formLoaded = SchemaForm.loaded.value;

  // Again when the form's code comes in: a Request that arrives as the panel opens can beat it.
  useEffect(() => {
    if (!focus || !region.current) return;
    // Never take focus from a field the person is typing in: the rest of what they type would
    // land in this (another server's) form.
    const active = document.activeElement;
    if (active instanceof HTMLElement && (active.matches('input, select, textarea') || active.isContentEditable) && !region.current.contains(active))
      return;
    const field = region.current.querySelector<HTMLElement>('input, select, textarea');
    (field ?? region.current).focus();
  }, [focus, formLoaded]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && request.kind === 'input' && !TYPING.has(target.tagName)) {
      // Inputs submit on Enter natively; selects and checkboxes do not.
      if (target.tagName !== 'INPUT' || target.getAttribute('type') === 'checkbox') {
        event.preventDefault();
        region.current?.querySelector('form')?.requestSubmit();
      }
    }
  };

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
    <section
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={`Request from ${serverName}`}
      class="card request"
      data-request={id}
      onKeyDown={onKeyDown}
    >
      <header>
        <strong class="server">{serverName}</strong>
        {serverOrigin && <code class="origin">{serverOrigin}</code>}
        <span class="muted">
          asked {clock(askedAt)} · waiting <Clocked text={(now) => span(now - askedAt)} />
          {expiresAt !== null && (
            <>
              {' '}
              · expires in <Clocked text={(now) => span(expiresAt - now)} />
            </>
          )}
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
          onSubmit={(data) => answer({ id, ok: true, data })}
        >
          <div class="actions">
            <button type="submit">Submit</button>
            {secondary}
          </div>
        </SchemaForm>
      ) : (
        <>
          <UrlConsent url={request.url ?? ''} analysis={request.analysis} />
          <p class="hint muted">
            {request.purpose === 'oauth'
              ? 'Open signs you in with your own browser session; toolnexus never sees your password.'
              : 'Open agrees to the request and shows the page in a window toolnexus cannot read.'}
          </p>
          <div class="actions">
            <button type="button" onClick={() => openUrl(id, 'window')}>
              Open
            </button>
            {request.purpose !== 'oauth' && (
              <button type="button" class="secondary" onClick={() => openUrl(id, 'tab')}>
                Open in a tab
              </button>
            )}
            {secondary}
          </div>
        </>
      )}
    </section>
  );
});
