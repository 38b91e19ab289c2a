import type { TraceExchange, TraceStep } from '@/lib/auth/trace';

/** Each step's name, in the order spec 2026-07-28 basic/authorization takes them. */
const STEP_NAMES: Record<TraceStep['kind'], string> = {
  challenge: 'The server’s answer',
  'resource-metadata': 'Protected resource metadata (RFC 9728)',
  'authorization-server-metadata': 'Authorization server metadata',
  client: 'The client',
  consent: 'Your consent',
  'authorization-request': 'Authorization request',
  callback: 'The callback’s checks (state, iss)',
  token: 'Token exchange',
  refresh: 'Refresh',
  'step-up': 'Step-up',
  'sign-out': 'Sign out',
  revocation: 'Revocation',
  other: 'Another request',
};

export const stepName = (kind: TraceStep['kind']) => STEP_NAMES[kind];

const OUTCOME_MARKS: Record<TraceStep['outcome'], { mark: string; label: string }> = {
  ok: { mark: '✓', label: 'done' },
  failed: { mark: '✗', label: 'failed' },
  running: { mark: '…', label: 'waiting' },
  info: { mark: '•', label: 'noted' },
};

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function Exchange({ exchange }: { exchange: TraceExchange }) {
  const answer = exchange.problem ?? (exchange.status === undefined ? 'waiting…' : String(exchange.status));
  return (
    <li>
      <details>
        <summary>
          <code>{exchange.method}</code> {exchange.url} → {answer}
          {exchange.note && <span class="muted"> ({exchange.note})</span>}
          {exchange.durationMs !== undefined && <span class="muted"> · {exchange.durationMs} ms</span>}
        </summary>
        <pre>
          {pretty({ requestHeaders: exchange.requestHeaders, ...(exchange.responseHeaders ? { responseHeaders: exchange.responseHeaders } : {}) })}
        </pre>
        {exchange.requestBody !== undefined && (
          <>
            <p class="muted">Sent</p>
            <pre>{pretty(exchange.requestBody)}</pre>
          </>
        )}
        {exchange.responseBody !== undefined && (
          <>
            <p class="muted">Received</p>
            <pre>{pretty(exchange.responseBody)}</pre>
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
        <span class="trace-mark" role="img" aria-label={label}>
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
        <ul class="trace-exchanges" aria-label={`Requests of ${stepName(step.kind)}`}>
          {step.exchanges.map((exchange, index) => (
            <Exchange key={index} exchange={exchange} />
          ))}
        </ul>
      )}
    </li>
  );
}
