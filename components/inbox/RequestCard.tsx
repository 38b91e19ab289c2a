import { memo } from 'preact/compat';
import { useContext, useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { InboxItem } from '@/lib/state';
import { SchemaForm } from '../forms/SchemaForm';
import { useActions } from '../shared/actions';
import { Foreign, ForeignCode } from '../shared/Foreign';
import { Message } from '../shared/Message';
import { clock, Clocked, span } from '../shared/time';
import { UrlConsent } from '../content/UrlConsent';
import { AppsContext } from '../apps/context';
import { EndButtons } from './EndButtons';
import { appOf, LazyAppQuestion } from './LazyAppQuestion';

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
  // SEP-3118: the server's own app for this question, where it bound one and the panel can show it.
  const app = appOf(request, useContext(AppsContext)?.ports);

  // Again when the form's code comes in: a Request that arrives as the panel opens can beat it.
  useEffect(() => {
    if (!focus || !region.current) return;
    // Never take focus from a field the person is typing in: the rest of what they type would
    // land in this (another server's) form.
    const active = document.activeElement;
    if (active instanceof HTMLElement && (active.matches('input, select, textarea') || active.isContentEditable) && !region.current.contains(active))
      return;
    const field = app ? null : region.current.querySelector<HTMLElement>('input, select, textarea');
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

  const secondary = <EndButtons decline={decline} cancel={cancel} />;

  return (
    <section
      ref={region}
      tabIndex={-1}
      role="region"
      aria-label={t('inbox.request.label', { server: serverName })}
      class="card request"
      data-request={id}
      onKeyDown={onKeyDown}
    >
      <header>
        <strong class="server">
          <Foreign text={serverName} />
        </strong>
        {serverOrigin && <ForeignCode class="origin">{serverOrigin}</ForeignCode>}
        <span class="muted">
          {expiresAt === null ? (
            <Message id="inbox.request.asked" values={{ time: clock(askedAt), waited: <Clocked text={(now) => span(now - askedAt)} /> }} />
          ) : (
            <Message
              id="inbox.request.askedExpiring"
              values={{
                time: clock(askedAt),
                waited: <Clocked text={(now) => span(now - askedAt)} />,
                left: <Clocked text={(now) => span(expiresAt - now)} />,
              }}
            />
          )}
        </span>
      </header>
      <p class="prompt" dir="auto" data-from="server">
        {request.prompt}
      </p>
      {refusal && (
        <p role="alert" class="error">
          {refusal}
        </p>
      )}
      {request.app && 'problem' in request.app && <p class="muted app-note">{request.app.problem}</p>}
      {app ? (
        <LazyAppQuestion request={request} {...app} answer={answer} decline={decline} cancel={cancel} />
      ) : request.kind === 'input' ? (
        <SchemaForm
          idPrefix={id}
          schema={request.data?.schema ?? { type: 'object', properties: {} }}
          onSubmit={(data) => answer({ id, ok: true, data })}
        >
          <div class="actions">
            <button type="submit">{t('inbox.request.submit')}</button>
            {secondary}
          </div>
        </SchemaForm>
      ) : (
        <>
          <UrlConsent url={request.url ?? ''} analysis={request.analysis} />
          <p class="hint muted">{request.purpose === 'oauth' ? t('inbox.request.signInHint') : t('inbox.request.openHint')}</p>
          <div class="actions">
            <button type="button" onClick={() => openUrl(id, 'window')}>
              {t('inbox.request.open')}
            </button>
            {request.purpose !== 'oauth' && (
              <button type="button" class="secondary" onClick={() => openUrl(id, 'tab')}>
                {t('inbox.request.openInTab')}
              </button>
            )}
            {secondary}
          </div>
        </>
      )}
    </section>
  );
});
