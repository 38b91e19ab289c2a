import { useEffect, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { Resource, Tool } from '@modelcontextprotocol/client';
import type { CallView } from '@/lib/state';
import { APP_CALLS_PER_SECOND } from '@/lib/apps/callRate';
import { t, tn } from '@/lib/i18n';
import { UrlConsent } from '../content/UrlConsent';
import { Message } from '../shared/Message';
import { appStarted } from './liveApps';
import { type AppPorts, AppSession } from './session';
import './apps.css';

export interface AppFrameProps {
  call: CallView;
  tools: Tool[];
  resources: Resource[];
  ports: AppPorts;
  /** The app has a browser tab to itself (the panel's page opened at `#app=<id>`). */
  inTab?: boolean;
  /** Moves the app to a tab of its own; without it there is no such button. */
  onOpenTab?: () => void;
  /** Newer apps started and this one must make room (liveApps.ts): its card unmounts it. */
  onSuspend?: () => void;
}

const DARK = '(prefers-color-scheme: dark)';
const theme = () => (matchMedia(DARK).matches ? 'dark' : 'light');

/** What the bar says while the app is not running yet. */
const STATUS = { loading: () => t('apps.loading'), starting: () => t('apps.starting'), running: () => '', stopped: () => '' } as const;

/** A tool's MCP App, live in its result card: the frame, and what it asks of the person. */
export function AppFrame({ call, tools, resources, ports, inTab = false, onOpenTab, onSuspend }: AppFrameProps) {
  const holder = useRef<HTMLDivElement>(null);
  // One session per call: a new result of the same call reaches it through `update`.
  const session = useMemo(() => new AppSession({ call, tools, resources, ports, theme, inTab }), [call.id]);
  const release = useRef<() => void>(() => {});
  useEffect(() => {
    void session.start(holder.current!);
    const stopped = appStarted(call.id, () => onSuspend?.(), ports.appsRunning);
    release.current = stopped;
    const scheme = matchMedia(DARK);
    const changed = () => session.themeChanged();
    scheme.addEventListener('change', changed);
    return () => {
      scheme.removeEventListener('change', changed);
      stopped();
      session.stop();
    };
  }, [session]);
  useEffect(() => session.update(call), [session, call]);
  const state = session.state.value;
  // An app that stopped (its problem on the card) no longer counts among those running.
  useEffect(() => {
    if (state.status === 'stopped') release.current();
  }, [state.status]);
  const full = state.mode === 'fullscreen';
  const modeButton = useRef<HTMLButtonElement>(null);
  // Before the view paints, so that no key pressed once it shows can miss the listener.
  useLayoutEffect(() => {
    if (!full || inTab) return;
    // Keys typed inside the app go to its frame, out of the panel's reach: the view starts with
    // the way back focused, so Escape works until the person clicks into the app.
    modeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && session.setMode('inline');
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [session, full]);
  const messages = state.notes.filter((note) => note.kind === 'message');
  const others = state.notes.filter((note) => note.kind !== 'message');

  return (
    <section class={inTab ? 'app app-tab' : full ? 'app app-full' : 'app'} aria-label={t('apps.label', { tool: call.tool })}>
      <div class="app-bar">
        <span class="muted" role="status">
          {STATUS[state.status]()}
        </span>
        {state.status === 'running' && !inTab && (
          <span class="app-actions">
            {onOpenTab && !full && (
              <button type="button" class="link" onClick={onOpenTab}>
                {t('apps.openInTab')}
              </button>
            )}
            <button ref={modeButton} type="button" class="link" onClick={() => session.setMode(full ? 'inline' : 'fullscreen')}>
              {full ? t('apps.backToResult') : t('apps.fullPanel')}
            </button>
          </span>
        )}
      </div>
      {state.heldBack > 0 && (
        <p role="status" class="muted">
          {tn('apps.heldBack', state.heldBack, { max: APP_CALLS_PER_SECOND })}
        </p>
      )}
      {state.problem && (
        <p role="alert" class="error">
          {state.problem}
        </p>
      )}
      {state.confirm && (
        <div role="alertdialog" aria-label={t('apps.confirm.label', { tool: state.confirm.tool })} class="confirm">
          <p>
            <Message
              id="apps.confirm.ask"
              values={{
                tool: (
                  <code translate={false} data-from="server">
                    {state.confirm.tool}
                  </code>
                ),
              }}
            />
          </p>
          <button type="button" onClick={() => state.confirm?.decide(true)}>
            {t('apps.confirm.run')}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => state.confirm?.decide(false)}>
            {t('apps.confirm.dontRun')}
          </button>
        </div>
      )}
      {state.link && (
        <div role="alertdialog" aria-label={t('apps.link.label')} class="confirm">
          <p>{t('apps.link.asks')}</p>
          <UrlConsent url={state.link.url} analysis={state.link.analysis} />
          <button type="button" onClick={() => state.link?.decide(true)}>
            {t('apps.link.open')}
          </button>{' '}
          <button type="button" class="secondary" onClick={() => state.link?.decide(false)}>
            {t('apps.link.dontOpen')}
          </button>
        </div>
      )}
      <div ref={holder} class="app-holder" hidden={state.status === 'stopped'} style={full ? undefined : { height: `${state.height}px` }} />
      {messages.length > 0 && (
        <ul class="app-messages" aria-label={t('apps.messages.label')}>
          {messages.map((note, index) => (
            <li key={index}>
              <span class="muted">{t('apps.messages.says')}</span>{' '}
              <bdi dir="auto" data-from="server">
                {note.text}
              </bdi>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <details class="app-log">
          <summary>{t('apps.log.title', { count: others.length })}</summary>
          <ul>
            {others.map((note, index) => (
              <li key={index}>
                <span class="muted">{note.kind === 'context' ? t('apps.log.context') : t('apps.log.log')}</span>{' '}
                <bdi dir="auto" data-from="server">
                  {note.text}
                </bdi>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
