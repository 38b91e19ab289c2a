import { APP_CALLS_PER_SECOND } from '@/lib/apps/callRate';
import { APP_CALLS_KEPT } from '@/lib/hub/eviction';
import type { CallView } from '@/lib/state';
import { clockSeconds } from '../shared/time';

/** The window the "now" rate is counted over. */
const RATE_WINDOW_MS = 10_000;

function outcome(call: CallView): string {
  if (call.status === 'running') return 'running…';
  if (call.error) return `${call.status}: ${call.error}`.slice(0, 200);
  const text = (call.result?.content ?? []).find((block) => block.type === 'text');
  const took = call.endedAt === undefined ? '' : ` · ${call.endedAt - call.startedAt} ms`;
  return `${call.result?.isError ? 'error' : 'done'}${took}${text?.type === 'text' ? ` · ${text.text.slice(0, 120)}` : ''}`;
}

/**
 * What an app asked its server, under the app: a closed, compact log of its newest calls
 * (they are the app's, never the person's results), with the pace it keeps and the one
 * toolnexus holds it to.
 */
export function AppCallsLog({ tool, calls }: { tool: string; calls: CallView[] }) {
  if (calls.length === 0) return null;
  const recent = calls.filter((call) => call.startedAt > Date.now() - RATE_WINDOW_MS).length;
  const shown = calls.length >= APP_CALLS_KEPT ? `the newest ${APP_CALLS_KEPT}` : String(calls.length);
  return (
    <details class="app-calls">
      <summary>
        Calls by the app ({shown}) · {(recent / (RATE_WINDOW_MS / 1000)).toFixed(1)} a second now, at most {APP_CALLS_PER_SECOND}
      </summary>
      <ol aria-label={`Calls by the app of ${tool}`}>
        {calls.map((call) => (
          <li key={call.id} class={call.status === 'failed' || call.result?.isError ? 'failed' : undefined}>
            <span class="muted">{clockSeconds(call.startedAt)}</span> <code>{call.tool}</code> <span class="muted">{outcome(call)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
