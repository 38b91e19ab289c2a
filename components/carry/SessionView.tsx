import { useMemo } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { SessionModel } from '@/lib/sessionFile';
import type { SessionServer } from '@/lib/sessionFile/format';
import { ActivityResult } from '../results/ActivityResult';
import { ProtocolRecords } from '../servers/ProtocolLog';
import { TraceAttempts } from '../servers/SignInTrace';
import { ActionsContext, useActions } from '../shared/actions';
import { Foreign, ForeignUrl } from '../shared/Foreign';
import { when } from './words';

const refuse = () => Promise.reject(new Error(t('sessionFile.notLive')));

/** One recorded server: what it was, what was negotiated, then its log, sign-ins and results, each as the live panel draws them. */
function RecordedServer({ server }: { server: SessionServer }) {
  const info = server.serverInfo as { name?: unknown; version?: unknown } | undefined;
  return (
    <article class="recorded-server" aria-label={server.name}>
      <h4>
        <Foreign text={server.name} from="person" />
      </h4>
      <p class="muted">
        <ForeignUrl>{server.url}</ForeignUrl> · {server.status}
        {server.protocolVersion && ` · ${t('sessionFile.protocol', { version: server.protocolVersion })}`}
        {typeof info?.name === 'string' && ` · ${info.name} ${typeof info.version === 'string' ? info.version : ''}`}
      </p>
      {server.error && (
        <p class="error" dir="auto" data-from="person">
          {server.error}
        </p>
      )}
      {server.capabilities !== undefined && (
        <details>
          <summary>{t('sessionFile.capabilities')}</summary>
          <pre>{JSON.stringify(server.capabilities, null, 2)}</pre>
        </details>
      )}
      {server.instructions && (
        <details>
          <summary>{t('sessionFile.instructions')}</summary>
          <pre dir="auto" data-from="server">
            {server.instructions}
          </pre>
        </details>
      )}
      <details open>
        <summary>{t('sessionFile.log')}</summary>
        <section class="protocol-log">
          <ProtocolRecords records={server.protocolLog} />
        </section>
      </details>
      <details>
        <summary>{t('sessionFile.signIn')}</summary>
        <section class="sign-in-trace">
          <TraceAttempts attempts={server.signIn} />
        </section>
      </details>
      <details>
        <summary>{t('sessionFile.results')}</summary>
        {server.activities.length === 0 ? (
          <p class="muted">{t('sessionFile.noResults')}</p>
        ) : (
          server.activities.map((activity) => <ActivityResult key={activity.id} activity={activity} serverName={server.name} />)
        )}
      </details>
    </article>
  );
}

/**
 * A session file opened read-only, with no server: plainly a recording (its banner, its frame),
 * and nothing in it reaches a server or the worker — the results' own buttons (cancel, read a
 * linked resource, run again, open an app) are answered here with a refusal in words.
 */
export function SessionView({ session, onClose }: { session: SessionModel; onClose: () => void }) {
  const actions = useActions();
  const readOnly = useMemo(
    () => ({
      ...actions,
      cancelActivity: () => undefined,
      readResource: refuse,
      callTool: refuse,
      loadApp: refuse,
      appCallTool: refuse,
      appReadResource: refuse,
    }),
    [actions],
  );
  return (
    <ActionsContext.Provider value={readOnly}>
      <section class="recording" aria-labelledby="recording-title">
        <header class="section-head">
          <h3 id="recording-title">{t('sessionFile.recordingTitle')}</h3>
          <button type="button" class="secondary" onClick={onClose}>
            {t('sessionFile.close')}
          </button>
        </header>
        <p role="note" class="recording-banner">
          {t('sessionFile.recording', { date: when(session.savedAt), product: `${session.product.name} ${session.product.version}` })}
        </p>
        <p class="muted" dir="auto" data-from="person">
          {session.browser}
        </p>
        <details>
          <summary>{t('sessionFile.redaction')}</summary>
          <p dir="auto" data-from="person">
            {session.redaction}
          </p>
        </details>
        {session.cuts.length > 0 && (
          <ul class="muted" aria-label={t('sessionFile.cuts')}>
            {session.cuts.map((cut, index) => (
              <li key={index} dir="auto" data-from="person">
                {cut}
              </li>
            ))}
          </ul>
        )}
        {session.servers.map((server, index) => (
          <RecordedServer key={index} server={server} />
        ))}
      </section>
    </ActionsContext.Provider>
  );
}
