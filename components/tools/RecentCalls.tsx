import { useMemo } from 'preact/hooks';
import type { ActivityView, ServerView } from '@/lib/state';
import { t } from '@/lib/i18n';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';
import { labelName } from '../shared/items';
import { clock } from '../shared/time';
import { recentCalls } from './recentCalls';

export interface RecentCallsProps {
  activities: ActivityView[];
  servers: ServerView[];
}

/** The arguments of a call on one line, cut: enough to tell two calls of a tool apart. JSON, as the person gave it: not translated. */
function ArgumentsLine({ args }: { args: Record<string, unknown> }) {
  const text = JSON.stringify(args);
  if (text === '{}') return <>{t('tools.recent.noArguments')}</>;
  return (
    <code dir="ltr" translate={false} data-from="person">
      {text.length > 60 ? `${text.slice(0, 60)}…` : text}
    </code>
  );
}

/**
 * The latest calls on top of the Tools tab: each opens its tool's form with the same arguments,
 * or runs again at once. A row is its tool's, not its call's: Run again updates the row in
 * place, so the button keeps the person's focus, and the panel rebuilds no row per call.
 */
export function RecentCalls({ activities, servers }: RecentCallsProps) {
  const { editArguments, callTool } = useActions();
  const recent = useMemo(() => recentCalls(activities, servers), [activities, servers]);
  if (recent.length === 0) return null;
  return (
    <section class="recent" aria-label={t('tools.recent.label')}>
      <h2>{t('tools.recent.title')}</h2>
      <ul class="plain">
        {recent.map(({ call, server, rerun }) => {
          const name = labelName(call.tool);
          return (
            <li key={`${server.id} ${call.tool}`} class="recent-call">
              <button
                type="button"
                class="link recent-tool"
                title={t('tools.recent.openForm')}
                onClick={() => editArguments(server.id, call.tool, call.args)}
              >
                <Foreign text={name} />
              </button>
              <span class="muted recent-what">
                <Foreign text={server.displayName} /> · <ArgumentsLine args={call.args} /> · {clock(call.startedAt)}
              </span>
              {rerun && (
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('tools.recent.runAgainLabel', { tool: name })}
                  onClick={() => callTool(server.id, call.tool, call.args)}
                >
                  {t('tools.recent.runAgain')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
