import { APP_CALLS_PER_SECOND } from '@/lib/apps/callRate';
import { APP_CALLS_KEPT } from '@/lib/hub/eviction';
import { isolated, t } from '@/lib/i18n';
import type { CallView } from '@/lib/state';
import { clockSeconds } from '../shared/time';

/** The window the "now" rate is counted over. */
const RATE_WINDOW_MS = 10_000;

/** How the call went, in words: running, done (how long it took), or why it failed; the server's own words isolated. */
function outcome(call: CallView): string {
  if (call.status === 'running') return t('apps.calls.running');
  if (call.error) {
    const error = isolated(call.error.slice(0, 200));
    return call.status === 'cancelled' ? t('apps.calls.cancelled', { error }) : t('apps.calls.failed', { error });
  }
  const took = call.endedAt === undefined ? '' : ` · ${t('apps.calls.took', { ms: call.endedAt - call.startedAt })}`;
  return `${call.result?.isError ? t('apps.calls.error') : t('apps.calls.done')}${took}`;
}

/** The first text the call's result holds, as the server wrote it. */
function said(call: CallView): string | undefined {
  const text = (call.result?.content ?? []).find((block) => block.type === 'text');
  return text?.type === 'text' ? text.text.slice(0, 120) : undefined;
}

/**
 * What an app asked its server, under the app: a closed, compact log of its newest calls
 * (they are the app's, never the person's results), with the pace it keeps and the one
 * toolnexus holds it to.
 */
export interface AppCallsLogProps {
  tool: string;
  calls: CallView[];
}

export function AppCallsLog({ tool, calls }: AppCallsLogProps) {
  if (calls.length === 0) return null;
  const recent = calls.filter((call) => call.startedAt > Date.now() - RATE_WINDOW_MS).length;
  // Per second, to one decimal, written as the language writes it.
  const rate = Math.round((recent / (RATE_WINDOW_MS / 1000)) * 10) / 10;
  return (
    <details class="app-calls">
      <summary>
        {calls.length >= APP_CALLS_KEPT
          ? t('apps.calls.summaryNewest', { count: APP_CALLS_KEPT, rate, max: APP_CALLS_PER_SECOND })
          : t('apps.calls.summary', { count: calls.length, rate, max: APP_CALLS_PER_SECOND })}
      </summary>
      <ol aria-label={t('apps.calls.label', { tool })}>
        {calls.map((call) => {
          const text = said(call);
          return (
            <li key={call.id} class={call.status === 'failed' || call.result?.isError ? 'failed' : undefined}>
              <span class="muted">{clockSeconds(call.startedAt)}</span>{' '}
              <code translate={false} data-from="server">
                {call.tool}
              </code>{' '}
              <span class="muted">
                {outcome(call)}
                {text !== undefined && (
                  <>
                    {' · '}
                    <bdi dir="auto" data-from="server">
                      {text}
                    </bdi>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}
