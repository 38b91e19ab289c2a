import { useState } from 'preact/hooks';
import type { TraceAttempt, TraceFailure } from '@/lib/auth/trace';
import { isolatedUrl, t } from '@/lib/i18n';
import { formatTimeSeconds } from '@/lib/i18n/format';
import type { Verdict } from '@/lib/policy/judge';
import type { ServerView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { Message } from '../shared/Message';
import { OrgNote } from '../shared/OrgNote';
import { ExportButtons } from './ExportButtons';
import { stepName, TraceStepItem } from './TraceSteps';
import { useLiveAsk } from './useLiveAsk';
import './protocol-log.css';
import './sign-in-trace.css';

export interface SignInTraceProps {
  server: ServerView;
  /** The organisation's word on saving it as a file: turned off, it can be read here and not saved. */
  exportAllowed?: Verdict;
}

const OUTCOMES: Record<TraceAttempt['outcome'], () => string> = {
  running: () => t('servers.trace.outcome.running'),
  'signed-in': () => t('servers.trace.outcome.signedIn'),
  failed: () => t('servers.trace.outcome.failed'),
  'signed-out': () => t('servers.trace.outcome.signedOut'),
};

/** The client id (and perhaps secret) a person was given by the authorization server's owner, right where it is asked for. */
function ClientIdForm({ server, issuer }: { server: ServerView; issuer?: string }) {
  const { signIn } = useActions();
  const [clientId, setClientId] = useState(server.oauthClientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  return (
    <form
      class="trace-client"
      aria-label={t('servers.trace.clientForm')}
      onSubmit={(event) => {
        event.preventDefault();
        if (clientId.trim()) signIn(server.id, { clientId: clientId.trim(), ...(clientSecret ? { clientSecret } : {}) });
      }}
    >
      <label>
        {t('servers.trace.clientId')}
        <input
          value={clientId}
          required
          autoComplete="off"
          placeholder={issuer ? t('servers.trace.registeredWith', { issuer: isolatedUrl(issuer) }) : undefined}
          onInput={(event) => setClientId(event.currentTarget.value)}
        />
      </label>
      <label>
        {t('servers.trace.clientSecret')}
        <input type="password" value={clientSecret} autoComplete="off" onInput={(event) => setClientSecret(event.currentTarget.value)} />
      </label>
      <button type="submit">{t('servers.trace.saveAndSignIn')}</button>
      <span class="muted">{t('servers.trace.secretHint')}</span>
    </form>
  );
}

function Failure({ failure, server }: { failure: TraceFailure; server?: ServerView }) {
  const { signIn } = useActions();
  return (
    <div class="trace-failure">
      <p>
        <strong>{t('servers.trace.failedAt', { step: stepName(failure.step) })}</strong> {failure.words}
      </p>
      {server && failure.fix?.kind === 'client-id' && <ClientIdForm server={server} issuer={failure.fix.issuer} />}
      {server && failure.fix?.kind === 'sign-in' && (
        <button type="button" onClick={() => signIn(server.id)}>
          {t('servers.trace.signInAgain')}
        </button>
      )}
    </div>
  );
}

function Attempt({ attempt, server, open }: { attempt: TraceAttempt; server?: ServerView; open: boolean }) {
  return (
    <li>
      <details class="trace-attempt" open={open}>
        <summary>
          <time class="muted">{formatTimeSeconds(attempt.at)}</time>{' '}
          <Message id="servers.trace.attempt" values={{ reason: attempt.reason, outcome: <strong>{OUTCOMES[attempt.outcome]()}</strong> }} />
        </summary>
        {attempt.failure && <Failure failure={attempt.failure} server={server} />}
        <ol class="trace-steps">
          {attempt.steps.map((step, index) => (
            <TraceStepItem key={index} step={step} />
          ))}
        </ol>
      </details>
    </li>
  );
}

/**
 * Sign-in attempts, newest first, each step in order. Presentational: the live trace and a
 * session file's recording (components/carry) draw them; without `server`, no fix is offered.
 */
export function TraceAttempts({ attempts, server }: { attempts: TraceAttempt[]; server?: ServerView }) {
  const newestFirst = [...attempts].reverse();
  return newestFirst.length === 0 ? (
    <p class="muted">{t('servers.trace.empty')}</p>
  ) : (
    <ol class="trace-attempts">
      {newestFirst.map((attempt, index) => (
        <Attempt key={attempt.id} attempt={attempt} server={server} open={index === 0} />
      ))}
    </ol>
  );
}

/**
 * A server's sign-in trace: each attempt, newest first, each step of it in order with what was
 * tried and what came back, the step that failed in words with what to do about it there.
 */
export function SignInTrace({ server, exportAllowed }: SignInTraceProps) {
  const { signInTrace, clearProtocolLog, exportSignInTrace } = useActions();
  // Live while shown: a sign-in grows while the person is asked.
  const { value: attempts, failure, refresh, set: setAttempts } = useLiveAsk(() => signInTrace(server.id), server.id);
  return (
    <section class="sign-in-trace" aria-label={t('servers.trace.label', { server: server.displayName })}>
      <div class="protocol-log-bar">
        <button type="button" class="secondary" onClick={refresh}>
          {t('servers.protocolLog.refresh')}
        </button>
        <ExportButtons
          allowed={exportAllowed}
          empty={!attempts?.length}
          onExport={(format) => attempts && exportSignInTrace(server.displayName, format, attempts)}
        />
        <button
          type="button"
          class="secondary"
          title={t('servers.trace.clearTitle')}
          onClick={() => {
            clearProtocolLog(server.id);
            setAttempts([]);
          }}
        >
          {t('servers.protocolLog.clear')}
        </button>
      </div>
      {exportAllowed && !exportAllowed.allowed && <OrgNote verdict={exportAllowed} />}
      <p class="muted">{t('servers.trace.about')}</p>
      {failure && (
        <p role="alert" class="error">
          {failure}
        </p>
      )}
      {attempts === null ? <p class="muted">{t('shell.loading')}</p> : <TraceAttempts attempts={attempts} server={server} />}
    </section>
  );
}
