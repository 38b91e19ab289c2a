import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { AppBridge, McpUiHostCapabilities } from '@modelcontextprotocol/ext-apps/app-bridge';
import { errorMessage } from '@/lib/errorMessage';
import { isolated, t, tn } from '@/lib/i18n';
import { appAnswer, elicitationParams, MAX_APP_MISFITS } from '@/lib/mcp/appElicitation';
import type { Answer } from '@/lib/request';
import type { InboxItem } from '@/lib/state';
import { type AppPorts, AppSession } from '../apps/session';
import { Foreign } from '../shared/Foreign';
import { Message } from '../shared/Message';
import '../apps/apps.css';
import './requestApp.css';

/** The tallest a Request's app may make its card: the Inbox is a list of questions, not a page. */
export const REQUEST_APP_MAX_HEIGHT = 480;

/**
 * What the host offers an app bound to a question: to answer it (SEP-3118's `elicitation`), and
 * to log. No server tools or resources: the SEP grants such an app nothing beyond MCP Apps, and
 * here it acts for a question, not for a call the person made.
 */
const CAPABILITIES = { logging: {}, elicitation: {} } as McpUiHostCapabilities;

// An elicitation waits on a person, not on the app's code: the SDK's 60 s default would drop
// someone still choosing. The card's own end (answered, declined, expired) closes the bridge.
const ANSWER_WAIT_MS = 24 * 60 * 60_000;

/** Takes what comes back unread: `appAnswer` is the one check of it, outside the sandbox. */
const asIs = { '~standard': { version: 1, vendor: 'toolnexus', validate: (value: unknown) => ({ value }) } };

export interface RequestAppProps {
  request: InboxItem;
  resourceUri: string;
  ports: AppPorts & Required<Pick<AppPorts, 'loadRequestApp'>>;
  /** The app's answer, checked against the Request's schema: sent as the person's. */
  onAnswer: (answer: Answer) => void;
  /** Why the app's last answer was not sent, or why the app is not used: the card shows it beside the form. */
  onProblem: (problem: string, stopped: boolean) => void;
}

const DARK = '(prefers-color-scheme: dark)';

/**
 * A Request's MCP App (SEP-3118 at c2668f44, lib/mcp/appElicitation.ts): the results' host
 * (components/apps/session.ts: sandbox frame, CSP, official bridge, flood stop) bound to this one
 * Request. The question is forwarded once the app declared `appCapabilities.elicitation`; its
 * `ElicitResult` is an Answer only as an `accept` that fits the schema. It lives as long as its
 * card: once the Request is answered, declined, cancelled or expired the frame is gone.
 */
export function RequestApp({ request, resourceUri, ports, onAnswer, onProblem }: RequestAppProps) {
  const holder = useRef<HTMLDivElement>(null);
  const said = useRef({ onAnswer, onProblem });
  said.current = { onAnswer, onProblem };
  const session = useMemo(() => {
    let misfits = 0;
    const ask = (bridge: AppBridge, current: AppSession) => {
      bridge
        .request({ method: 'elicitation/create', params: elicitationParams(request) } as never, asIs as never, { timeout: ANSWER_WAIT_MS })
        .then((result: unknown) => {
          if (current.state.value.status === 'stopped') return;
          const sent = appAnswer(request, result);
          if ('answer' in sent) return said.current.onAnswer(sent.answer);
          misfits += 1;
          if (misfits >= MAX_APP_MISFITS) {
            current.stop(tn('inbox.app.misfits', MAX_APP_MISFITS));
            return said.current.onProblem(current.state.value.problem!, true);
          }
          said.current.onProblem(sent.refused, false);
          ask(bridge, current);
        })
        .catch((error: unknown) => {
          if (current.state.value.status !== 'stopped')
            said.current.onProblem(t('inbox.app.couldNotAnswer', { error: isolated(errorMessage(error)) }), false);
        });
    };
    const created: AppSession = new AppSession({
      tools: [],
      resources: [],
      ports,
      theme: () => (matchMedia(DARK).matches ? 'dark' : 'light'),
      binding: {
        title: t('inbox.app.label', { server: request.serverName }),
        load: () => ports.loadRequestApp(request.id),
        capabilities: CAPABILITIES,
        maxHeight: REQUEST_APP_MAX_HEIGHT,
        started: (bridge, declared) => {
          // The SEP: nothing is forwarded before both sides declared the member.
          if (declared.elicitation === undefined) {
            created.stop(t('inbox.app.cannotAnswer'));
            return;
          }
          ask(bridge, created);
        },
      },
    });
    return created;
  }, [request.id]);
  useEffect(() => {
    void session.start(holder.current!);
    return () => session.stop();
  }, [session]);
  const state = session.state.value;
  // A stopped app (it never started, flooded, left its page, would not answer) hands the card to the form.
  useEffect(() => {
    if (state.status === 'stopped' && state.problem) said.current.onProblem(state.problem, true);
  }, [state.status, state.problem]);
  if (state.status === 'stopped') return null;
  return (
    <section class="app request-app" aria-label={t('inbox.app.label', { server: request.serverName })} data-app={resourceUri}>
      <p class="muted app-bar" role="status">
        {state.status === 'running' ? (
          <Message id="inbox.app.running" values={{ server: <Foreign text={request.serverName} /> }} />
        ) : (
          t('apps.loading')
        )}
      </p>
      <div ref={holder} class="app-holder" style={{ height: `${state.height}px` }} />
    </section>
  );
}
