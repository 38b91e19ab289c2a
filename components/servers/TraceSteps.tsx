import type { TraceExchange, TraceStep } from '@/lib/auth/trace';
import { t } from '@/lib/i18n';
import { ForeignUrl } from '../shared/Foreign';

/** Each step's name, in the order spec 2026-07-28 basic/authorization takes them. */
const STEP_NAMES: Record<TraceStep['kind'], () => string> = {
  challenge: () => t('servers.trace.step.challenge'),
  'resource-metadata': () => t('servers.trace.step.resourceMetadata'),
  'authorization-server-metadata': () => t('servers.trace.step.authorizationServerMetadata'),
  client: () => t('servers.trace.step.client'),
  consent: () => t('servers.trace.step.consent'),
  'authorization-request': () => t('servers.trace.step.authorizationRequest'),
  callback: () => t('servers.trace.step.callback'),
  token: () => t('servers.trace.step.token'),
  refresh: () => t('servers.trace.step.refresh'),
  'step-up': () => t('servers.trace.step.stepUp'),
  'sign-out': () => t('servers.trace.step.signOut'),
  revocation: () => t('servers.trace.step.revocation'),
  other: () => t('servers.trace.step.another'),
};

export const stepName = (kind: TraceStep['kind']) => STEP_NAMES[kind]();

const OUTCOME_MARKS: Record<TraceStep['outcome'], { mark: string; label: () => string }> = {
  ok: { mark: '✓', label: () => t('servers.trace.mark.done') },
  failed: { mark: '✗', label: () => t('servers.trace.mark.failed') },
  running: { mark: '…', label: () => t('servers.trace.mark.waiting') },
  info: { mark: '•', label: () => t('servers.trace.mark.noted') },
};

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function Exchange({ exchange }: { exchange: TraceExchange }) {
  const answer = exchange.problem ?? (exchange.status === undefined ? t('servers.trace.waiting') : String(exchange.status));
  return (
    <li>
      <details>
        <summary>
          <code translate={false}>{exchange.method}</code> <ForeignUrl>{exchange.url}</ForeignUrl> → {answer}
          {exchange.note && <span class="muted"> ({exchange.note})</span>}
          {exchange.durationMs !== undefined && <span class="muted"> · {t('servers.protocolLog.took', { ms: exchange.durationMs })}</span>}
        </summary>
        <pre translate={false}>
          {pretty({ requestHeaders: exchange.requestHeaders, ...(exchange.responseHeaders ? { responseHeaders: exchange.responseHeaders } : {}) })}
        </pre>
        {exchange.requestBody !== undefined && (
          <>
            <p class="muted">{t('servers.trace.sent')}</p>
            <pre translate={false}>{pretty(exchange.requestBody)}</pre>
          </>
        )}
        {exchange.responseBody !== undefined && (
          <>
            <p class="muted">{t('servers.trace.received')}</p>
            <pre translate={false}>{pretty(exchange.responseBody)}</pre>
          </>
        )}
      </details>
    </li>
  );
}

/** One step: whether it passed, what happened, what was found or sent, and the requests it made. */
export function TraceStepItem({ step }: { step: TraceStep }) {
  const { mark, label } = OUTCOME_MARKS[step.outcome];
  return (
    <li class={`trace-step outcome-${step.outcome}`}>
      <p>
        <span class="trace-mark" role="img" aria-label={label()}>
          {mark}
        </span>{' '}
        <strong>{stepName(step.kind)}</strong> {step.summary}
      </p>
      {step.facts.length > 0 && (
        <dl class="trace-facts">
          {step.facts.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {step.exchanges.length > 0 && (
        <ul class="trace-exchanges" aria-label={t('servers.trace.requestsOf', { step: stepName(step.kind) })}>
          {step.exchanges.map((exchange, index) => (
            <Exchange key={index} exchange={exchange} />
          ))}
        </ul>
      )}
    </li>
  );
}
