import { memo } from 'preact/compat';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { InboxItem } from '@/lib/state';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';
import { clock, Clocked, span } from '../shared/time';
import { UrlConsent } from '../content/UrlConsent';
import { cardHeight, type CardWindow } from './requestWindow';

export interface RequestCardProps {
  request: InboxItem;
  /** Why the worker refused the last Answer, if it did. */
  refusal?: string;
  /** Take focus on mount (a new Request, or one whose notification was clicked). */
  focus?: boolean;
  /** Drawn whole (on screen or near it, or drawn before; the default); else an empty frame of about its height (requestWindow.ts). */
  shown?: boolean;
  /** What the frame reports to while it is not drawn whole. */
  cards?: CardWindow;
}

const TYPING = new Set(['TEXTAREA', 'BUTTON', 'A', 'SUMMARY']);

/**
 * A Request not drawn whole: the card's own landmark, the height it will take, nothing inside.
 * Focus (j/k, a screen reader's landmarks) or nearing the screen draws it; the element stays,
 * so focus stays on it.
 */
function useFrame(frame: { current: HTMLElement | null }, id: string, shown: boolean, cards: CardWindow | undefined): void {
  useLayoutEffect(() => {
    const element = frame.current;
    if (shown || !element || !cards) return;
    return cards.watch(element, id);
  }, [shown, id, cards]);
}

/**
 * One pending Request. It always names the server that asks, when, and until when
 * (spec client/elicitation: the client MUST make clear which server is requesting).
 * Enter submits a form, Escape cancels.
 */
export const RequestCard = memo(function RequestCard({ request, refusal, focus, shown = true, cards }: RequestCardProps) {
  const { answer, openUrl } = useActions();
  const { id, serverName, serverOrigin, askedAt, expiresAt } = request;
  const region = useRef<HTMLElement>(null);
  useFrame(region, id, shown, cards);
  const decline = () => answer({ id, ok: false, reason: 'declined' });
  const cancel = () => answer({ id, ok: false, reason: 'cancelled' });
  const formLoaded = SchemaForm.loaded.value;

  // Again when the form's code comes in: a Request that arrives as the panel opens can beat it.
  useEffect(() => {
    if (!focus || !shown || !region.current) return;
    // Never take focus from a field the person is typing in: the rest of what they type would
    // land in this (another server's) form.
    const active = document.activeElement;
    if (active instanceof HTMLElement && (active.matches('input, select, textarea') || active.isContentEditable) && !region.current.contains(active))
      return;
    const field = region.current.querySelector<HTMLElement>('input, select, textarea');
    (field ?? region.current).focus();
  }, [focus, shown, formLoaded]);

  const label = `Request from ${serverName}`;
  if (!shown) {
    const style = { height: `${cardHeight(request)}px` };
    return (
      <section ref={region} tabIndex={-1} role="region" aria-label={label} class="card request" style={style} onFocusIn={() => cards?.reach(id)} />
    );
  }

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
    <section ref={region} tabIndex={-1} role="region" aria-label={label} class="card request" onKeyDown={onKeyDown}>
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
