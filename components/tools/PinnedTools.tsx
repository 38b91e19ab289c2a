import type { Tool } from '@modelcontextprotocol/client';
import type { PinnedTool } from '@/lib/pinnedTools';
import type { SavedCall } from '@/lib/savedCalls';
import type { ServerView } from '@/lib/state';
import { t } from '@/lib/i18n';
import { useActions } from '../shared/actions';
import { Foreign } from '../shared/Foreign';
import { Message } from '../shared/Message';
import { labelName } from '../shared/items';
import { type ArgumentsDraft, ToolCard } from './ToolCard';

export interface PinnedToolsProps {
  pinned: readonly PinnedTool[];
  /** Each listed server's tools the person may call, by server id. */
  tools: ReadonlyMap<string, { server: ServerView; items: Tool[] }>;
  savedByTool: Map<string, SavedCall[]>;
  draft?: ArgumentsDraft;
}

export const toolKey = (serverUrl: string, tool: string) => `${serverUrl} ${tool}`;

/**
 * The tools the person pinned, on top of the Tools tab, oldest pin first: each a full row
 * (Run, its form), named with its server. A pin whose server is not connected, or no longer
 * offers the tool, is listed as such, with Unpin.
 */
export function PinnedTools({ pinned, tools, savedByTool, draft }: PinnedToolsProps) {
  const { pinTool } = useActions();
  if (pinned.length === 0) return null;
  const byUrl = new Map([...tools.values()].map((entry) => [entry.server.url, entry]));
  return (
    <section class="pinned" aria-label={t('tools.pinned.label')}>
      <h2>{t('tools.pinned.title')}</h2>
      {pinned.map((pin) => {
        const entry = byUrl.get(pin.serverUrl);
        const tool = entry?.server.status === 'connected' ? entry.items.find((candidate) => candidate.name === pin.tool) : undefined;
        if (!entry || !tool) {
          return (
            <p key={toolKey(pin.serverUrl, pin.tool)} class="pin-away muted">
              <span>
                <Message
                  id="tools.pinned.away"
                  values={{
                    tool: (
                      <strong>
                        <Foreign text={labelName(pin.tool)} />
                      </strong>
                    ),
                    server: <Foreign text={entry?.server.displayName ?? pin.serverUrl} />,
                  }}
                />
              </span>{' '}
              <button
                type="button"
                class="link"
                aria-label={t('tools.pinned.unpinLabel', { tool: labelName(pin.tool) })}
                onClick={() => pinTool(pin.serverUrl, pin.tool, false)}
              >
                {t('tools.pinned.unpin')}
              </button>
            </p>
          );
        }
        const { server } = entry;
        return (
          <ToolCard
            key={toolKey(pin.serverUrl, pin.tool)}
            place="pinned"
            serverId={server.id}
            serverUrl={server.url}
            serverName={server.displayName}
            tool={tool}
            pinned
            saved={savedByTool.get(toolKey(server.url, tool.name))}
            draft={draft?.serverId === server.id && draft.tool === tool.name ? draft : undefined}
          />
        );
      })}
    </section>
  );
}
