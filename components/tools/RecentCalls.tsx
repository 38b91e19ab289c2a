import { useMemo } from 'preact/hooks';
import type { ActivityView, ServerView } from '@/lib/state';
import { useActions } from '../shared/actions';
import { labelName } from '../shared/items';
import { clock } from '../shared/time';
import { recentCalls } from './recentCalls';

export interface RecentCallsProps {
  activities: ActivityView[];
  servers: ServerView[];
}

/** The arguments of a call on one line, cut: enough to tell two calls of a tool apart. */
function argumentsLine(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  if (text === '{}') return 'no arguments';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
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
    <section class="recent" aria-label="Recent calls">
      <h2>Recent</h2>
      <ul class="plain">
        {recent.map(({ call, server, rerun }) => {
          const name = labelName(call.tool);
          return (
            <li key={`${server.id} ${call.tool}`} class="recent-call">
              <button
                type="button"
                class="link recent-tool"
                title="Open its form with these arguments"
                onClick={() => editArguments(server.id, call.tool, call.args)}
              >
                {name}
              </button>
              <span class="muted recent-what">
                {server.displayName} · <code>{argumentsLine(call.args)}</code> · {clock(call.startedAt)}
              </span>
              {rerun && (
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Run again: ${name}, with the same arguments`}
                  onClick={() => callTool(server.id, call.tool, call.args)}
                >
                  Run again
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
